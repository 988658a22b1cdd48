"""Laying out the offer, the wheel and buying (sections 5 and 6)."""

import pytest

from server.games.contract import IllegalMove
from server.games.playout import random_playout
from server.games.vikings import GAME, offer
from tests.games.vikings.situations import decisions, game, home, lay, play, wheel

VX1_STACK = ["L", "SG", "R", "MA", "SB", "L", "R", "SR", "MB", "SY", "R", "SG"]  # 7 islands, 5 ships
VX1_VIKINGS = {"blue": 3, "yellow": 2, "green": 0, "red": 2, "black": 3, "grey": 2}


def vx1_offer():
    s = game(2)
    s["table"]["round"] = 1
    s["hidden"]["stacks"][0] = list(VX1_STACK)
    offer.lay_tiles(s)
    offer.place_in_colour_order(s, dict(VX1_VIKINGS))
    return s


def test_vx1_offer_layout():
    # VX-1 / V-35 / V-36: islands at 0-6 in stack order, ships at 11 down to 7.
    spaces = vx1_offer()["table"]["wheel"]["spaces"]
    assert [st["tile"] for st in spaces[:7]] == ["L", "R", "MA", "L", "R", "MB", "R"]
    assert [st["tile"] for st in spaces[7:]] == ["SG", "SY", "SR", "SB", "SG"]
    # V-37 / VD-13: vikings by colour from 0 up, absent colours (scouts) skipped.
    assert [st["viking"] for st in spaces] == ["blue"] * 3 + ["yellow"] * 2 + ["red"] * 2 + ["black"] * 3 + ["grey"] * 2


def test_vx1_what_may_be_bought():
    # VX-1 / V-46 / V-38: a warrior for 8 or a fisherman for 1, not the fisherman at 0.
    s = vx1_offer()
    legal = offer.legal_buys(s["table"]["wheel"], 30)
    assert 8 in legal and 1 in legal and 0 not in legal
    assert offer.price(s["table"]["wheel"], 8) == 8  # V-38: offset 0 at the round start


def test_vx2_zero_set_after_the_other_fishermen():
    # VX-2 / V-46: fishermen at 0, 1, 2: the 0 set only after 1 and 2, in either order.
    for order in ([1, 2], [2, 1]):
        s = vx1_offer()
        w = s["table"]["wheel"]
        for space in order:
            assert 0 not in offer.legal_buys(w, 30)
            offer.take(w, space)
        assert 0 in offer.legal_buys(w, 30)


def test_vx3_rotation():
    # VX-3 / V-51 / VA-1 / V-4: once the last fisherman at 0 is bought, the wheel turns to
    # the next set (a goldsmith at space 3) and every price, the number beside it, drops
    # by 3. V-5: the offer is the 12 sets laid out at the round start.
    s = vx1_offer()
    w = s["table"]["wheel"]
    assert all(w["spaces"])
    for space in (1, 2, 0):
        offer.take(w, space)
    assert w["offset"] == 3
    assert w["spaces"][3]["viking"] == "yellow" and offer.price(w, 3) == 0
    assert offer.price(w, 11) == 8


def test_forced_zero():
    # V-48 / VD-4: gold below the cheapest non-0 price: the 0 set is forced, even though
    # another viking of its colour remains on the wheel.
    s = vx1_offer()
    w = s["table"]["wheel"]
    assert offer.legal_buys(w, 0) == [0]
    # V-49: with 1 gold the set at 1 is affordable, so the 0 set is not forced.
    assert offer.legal_buys(w, 1) == [1]


def test_affordability_counts_gold_only():
    # V-47: VP are not counted; a player with 0 gold and many VP is still forced to 0.
    s = vx1_offer()
    f = s["table"]["fjords"][0]
    f["gold"], f["vp"] = 0, 50
    moves = decisions(s, 0)
    assert [m for m in moves if m["type"] == "buy"] == [{"type": "buy", "slot": 0}]


def test_convert_then_buy_instead_of_the_forced_zero():
    # VA-3 / V-48: converting VP lifts the force: the set at 1 becomes legal, 0 no longer.
    s = vx1_offer()
    f = s["table"]["fjords"][0]
    f["gold"], f["vp"] = 0, 50
    assert {"type": "convert", "vp": 1} in GAME.legal_moves(s, 0)
    s = play(s, 0, {"type": "convert", "vp": 1})
    buys = [m["slot"] for m in GAME.legal_moves(s, 0) if m["type"] == "buy"]
    assert buys == [1]


def test_last_set_at_zero_is_always_legal():
    # V-48: the 0 set alone on the wheel can always be bought, even with no gold.
    s = game(2)
    wheel(s, {9: ("R", "grey")}, offset=9, bought=11)
    assert offer.legal_buys(s["table"]["wheel"], 0) == [9]


def test_buying_pays_the_price_to_the_bank():
    # V-45: pay the current price; the set leaves the wheel; V-52: the buyer places it
    # at once, before the next player's turn. V-3: tile and viking are bought together.
    s = vx1_offer()
    bank = s["table"]["bank"]
    s = play(s, 0, {"type": "buy", "slot": 8})
    assert s["table"]["fjords"][0]["gold"] == 30 - 8 and s["table"]["bank"] == bank + 8
    assert s["table"]["wheel"]["spaces"][8] is None
    assert s["table"]["prompt"] == {"seat": 0, "ask": "place"}
    assert s["table"]["hand"] == {"tile": "SY", "viking": "black", "pos": None}


def test_vp_to_gold_any_time_even_out_of_turn():
    # V-50 / VA-2: 1 VP -> 1 gold, any amount, by any player, also out of turn.
    s = vx1_offer()
    s = play(s, 1, {"type": "convert", "vp": 4})
    f = s["table"]["fjords"][1]
    assert (f["vp"], f["gold"]) == (6, 34)
    assert f["vp_items"]["converted"] == -4
    with pytest.raises(IllegalMove) as refused:
        play(s, 1, {"type": "convert", "vp": 7})
    assert refused.value.rule == "V-50"  # V-10: the score may not go below 0


def test_purchases_per_player():
    # V-45: 12 purchases per round, clockwise from the start player: 2 players 6 each,
    # 3 players 4 each, 4 players 3 each.
    for players in (2, 3, 4):
        s = game(players, start_player=1)
        buyers = []
        while s["table"]["round"] == 1:
            seat = GAME.to_act(s)[0]
            move = GAME.legal_moves(s, seat)[0]
            if move["type"] == "buy":
                buyers.append(seat)
            s = GAME.apply(s, seat, move)
        assert buyers == [(1 + k) % players for k in range(12)]


def test_basic_game_leaves_six_vikings_in_the_bag():
    # V-39: 6 rounds x 12 vikings: 6 stay in the bag; V-113: the auction game uses all 78.
    assert sum(random_playout(GAME, 2, {}, 5).state["hidden"]["bag"].values()) == 6
    done = random_playout(GAME, 2, {"variant": "advanced"}, 5)
    assert sum(done.state["hidden"]["bag"].values()) == 0


def test_no_trading_between_players():
    # V-53: there is no move that gives a tile or viking to another player.
    s = vx1_offer()
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "give", "to": 1, "colour": "blue"})
    assert refused.value.code == "bad_move"
    lay(s, 0, {})
    home(s, 0, blue=1)
    assert all(m["type"] == "buy" for m in decisions(s, 0))
