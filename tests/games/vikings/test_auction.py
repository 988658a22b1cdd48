"""The advanced offer: auction, boxing a viking, colour-by-colour placement (V-110..V-114)."""

import pytest

from server.games.contract import IllegalMove
from server.games.vikings import GAME
from server.games.vikings.flow import next_round
from tests.games.vikings.situations import game, play

DRAWN = {"blue": 4, "yellow": 2, "green": 1, "red": 3, "black": 1, "grey": 2}  # 13


def auction_game(players=3, **options):
    s = game(players, variant="advanced", **options)
    s["table"]["drawn"] = dict(DRAWN)
    return s


def test_thirteen_drawn_and_the_start_player_bids_first():
    # V-110: 13 vikings drawn, sorted but not placed; the start player (left of the
    # auctioneer) bids first.
    s = game(3, variant="advanced", start_player=2)
    assert sum(s["table"]["drawn"].values()) == 13
    assert s["table"]["wheel"] is None  # V-112 (2): the tiles come after the auction
    assert GAME.to_act(s) == [2] and s["table"]["prompt"]["ask"] == "bid"


def test_bids_raise_and_passing_is_final():
    # V-111 / VA-11: clockwise, each raises or passes; a passed player is out; the last
    # bidder standing wins and pays the bank.
    s = auction_game(3)
    bank = s["table"]["bank"]
    s = play(s, 0, {"type": "bid", "amount": 2})
    s = play(s, 1, {"type": "pass"})
    s = play(s, 2, {"type": "bid", "amount": 5})
    assert GAME.to_act(s) == [0]  # seat 1 is out
    s = play(s, 0, {"type": "pass"})
    t = s["table"]
    # V-112: the winner becomes start player and boxes one viking.
    assert t["start"] == 2 and t["fjords"][2]["gold"] == 20 and t["bank"] == bank + 5
    assert t["prompt"] == {"seat": 2, "ask": "box"}


def test_v111_bids_are_in_gold_only():
    # VA-11: above the current bid by at least 1; V-111: in gold only, so at most the
    # gold in hand (seat 1: 30 gold, 10 VP; VP no longer stands in for gold).
    s = play(auction_game(2), 0, {"type": "bid", "amount": 4})
    with pytest.raises(IllegalMove) as refused:
        play(s, 1, {"type": "bid", "amount": 4})
    assert refused.value.rule == "V-111"
    bids = [m["amount"] for m in GAME.legal_moves(s, 1) if m["type"] == "bid"]
    assert bids == list(range(5, 31))
    for amount in (31, 40):
        with pytest.raises(IllegalMove) as refused:
            play(s, 1, {"type": "bid", "amount": amount})
        assert refused.value.rule == "V-111"


def test_v111_v50_convert_first_then_bid_and_the_conversion_stays():
    # V-111 / V-50 / VA-2: to bid beyond the gold a player converts VP first (here out
    # of turn, during the auction); a conversion is never undone, even when outbid.
    s = auction_game(2)
    assert {"type": "convert", "vp": 10} in GAME.legal_moves(s, 1)  # not asked: still listed
    s = play(s, 1, {"type": "convert", "vp": 10})
    assert GAME.to_act(s) == [0]  # the decision stays with the bidder
    s = play(s, 0, {"type": "convert", "vp": 5}, {"type": "bid", "amount": 35})
    assert {"type": "bid", "amount": 40} in GAME.legal_moves(s, 1)
    s = play(s, 1, {"type": "bid", "amount": 36})
    s = play(s, 0, {"type": "pass"})
    loser, winner = s["table"]["fjords"]
    assert (loser["gold"], loser["vp"], loser["vp_items"]["converted"]) == (35, 5, -5)
    assert (winner["gold"], winner["vp"], winner["vp_items"]["converted"]) == (4, 0, -10)


def test_v111_the_winner_pays_in_gold_and_keeps_every_vp():
    # V-111: the highest bid is paid in gold; no VP changes hands at payment.
    s = play(auction_game(2), 0, {"type": "bid", "amount": 30})
    s = play(s, 1, {"type": "pass"})
    f = s["table"]["fjords"][0]
    assert (f["gold"], f["vp"], f["vp_items"]["converted"]) == (0, 10, 0)


def test_nobody_bids():
    # V-111: everyone passes: the start player wins for free.
    s = auction_game(3, start_player=1)
    gold = s["table"]["fjords"][1]["gold"]
    s = play(s, 1, {"type": "pass"})
    s = play(s, 2, {"type": "pass"})
    s = play(s, 0, {"type": "pass"})
    assert s["table"]["start"] == 1 and s["table"]["fjords"][1]["gold"] == gold
    assert s["table"]["prompt"] == {"seat": 1, "ask": "box"}


def test_vx9_box_and_colour_choice():
    # VX-9 / V-112: the winner boxes a boatsman, lays the tiles, takes goldsmiths
    # (2) -> spaces 11 and 10; the next player takes fishermen (4) -> 9, 8, 7, 6; and
    # so on clockwise (VA-12: round again past the winner) until all 12 stand.
    s = auction_game(2)
    for seat in (0, 1):
        s = play(s, seat, {"type": "pass"})
    s = play(s, 0, {"type": "box", "colour": "grey"})
    t = s["table"]
    assert t["removed"]["vikings"]["grey"] == 1 and t["drawn"]["grey"] == 1
    assert all(st["tile"] for st in t["wheel"]["spaces"])  # V-112 (2): tiles laid as V-36
    s = play(s, 0, {"type": "colour", "colour": "yellow"})
    s = play(s, 1, {"type": "colour", "colour": "blue"})
    spaces = s["table"]["wheel"]["spaces"]
    assert [spaces[i]["viking"] for i in (11, 10, 9, 8, 7, 6)] == ["yellow"] * 2 + ["blue"] * 4
    assert GAME.to_act(s) == [0]  # VA-12: back to the winner
    s = play(s, 0, {"type": "colour", "colour": "red"})
    s = play(s, 1, {"type": "colour", "colour": "green"})
    s = play(s, 0, {"type": "colour", "colour": "black"})
    # the last colour (grey) is placed without asking; the winner buys first.
    spaces = s["table"]["wheel"]["spaces"]
    assert [st["viking"] for st in spaces] == ["grey", "black", "green", "red", "red", "red"] + ["blue"] * 4 + [
        "yellow"
    ] * 2
    assert s["table"]["prompt"] == {"seat": 0, "ask": "buy"}


def test_box_and_colour_need_a_drawn_viking():
    # V-112: only drawn colours can be boxed or chosen.
    s = auction_game(2)
    s["table"]["drawn"]["green"] = 0
    s["table"]["drawn"]["blue"] += 1
    s = play(
        s,
        0,
        {"type": "pass"},
    )
    s = play(s, 1, {"type": "pass"})
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "box", "colour": "green"})
    assert refused.value.rule == "V-112"


def test_without_the_auction():
    # V-114: advanced without auction: 12 vikings placed as in the basic game, from 0 up
    # in colour order; special tiles still on display.
    s = game(2, variant="advanced", auction=False)
    spaces = s["table"]["wheel"]["spaces"]
    order = ["blue", "yellow", "green", "red", "black", "grey"]
    ranks = [order.index(st["viking"]) for st in spaces]
    assert ranks == sorted(ranks) and all(s["table"]["display"])
    assert s["table"]["prompt"]["ask"] == "buy"


def test_next_start_player_is_left_of_the_auction_winner():
    # VA-19: the figure passes to the left of the holder (the auction winner).
    s = auction_game(3)
    s = play(s, 0, {"type": "pass"})
    s = play(s, 1, {"type": "bid", "amount": 1})
    s = play(s, 2, {"type": "pass"})
    assert s["table"]["start"] == 1
    next_round(s)
    assert s["table"]["start"] == 2 and s["table"]["prompt"] == {"seat": 2, "ask": "bid"}
