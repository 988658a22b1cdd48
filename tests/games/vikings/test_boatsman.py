"""Boatsman transport at the start of a large scoring (section 10, V-115, S4)."""

import pytest

from server.games.contract import IllegalMove
from server.games.vikings import GAME
from server.games.vikings.flow import next_purchase
from tests.games.vikings.situations import decisions, game, home, lay, play, tile


def scoring_round(round_=2, seat_home=None, rows=None, players=2, **options):
    """The last purchase of `round_` is done; seat 0 (start player) has `seat_home` at
    home and the fjord `rows`; everyone else has nothing to carry."""
    s = game(players, **options)
    t = s["table"]
    t["round"], t["bought"], t["wheel"] = round_, 12, None
    for seat in range(players):
        lay(s, seat, {})
        home(s, seat)
    lay(s, 0, rows or {})
    home(s, 0, **(seat_home or {}))
    next_purchase(s)
    return s


def empty_row(n):
    return [tile("L")] + [tile("MA")] * (n - 1)


def vx5(**options):
    # VX-5 / V-84: 3 fishermen, 1 goldsmith, 2 scouts at home, room for all of them.
    return scoring_round(
        2,
        {"blue": 3, "yellow": 1, "green": 2, "grey": 1},
        {3: empty_row(3), 4: empty_row(3), 5: empty_row(3)},
        **options,
    )


def test_vx5_the_choices_of_one_boatsman():
    # VX-5 / V-84 / V-80: all 3 fishermen, or the goldsmith, or the 2 scouts, or one of
    # each colour; V-82: or no transport at all.
    s = vx5()
    assert s["table"]["prompt"] == {"seat": 0, "ask": "boatsman", "forced": False}
    assert decisions(s, 0) == [
        {"type": "boatsman", "mode": "colour", "colour": "green"},
        {"type": "boatsman", "mode": "colour", "colour": "yellow"},
        {"type": "boatsman", "mode": "colour", "colour": "blue"},
        {"type": "boatsman", "mode": "each"},
        {"type": "done"},
    ]


def test_all_of_one_colour():
    # V-80: all fishermen, one target tile at a time; the boatsman leaves the game.
    s = play(vx5(), 0, {"type": "boatsman", "mode": "colour", "colour": "blue"})
    assert s["table"]["removed"]["vikings"]["grey"] == 1
    assert {m["row"] for m in decisions(s, 0)} == {5}
    s = play(s, 0, *({"type": "carry", "row": 5, "col": c} for c in (3, 1, 2)))
    f = s["table"]["fjords"][0]
    assert [c["v"] for c in f["rows"][5]] == ["blue"] * 3 and f["home"]["blue"] == 0
    # no boatsman left: the player's large scoring ran, then the next player's.
    assert f["vp_items"]["scouts"] == 0 and s["table"]["round"] == 3


def test_all_of_one_colour_with_too_few_tiles():
    # VA-4: as many as fit; the rest stay home.
    s = scoring_round(2, {"blue": 3, "grey": 1}, {5: empty_row(2)})
    s = play(s, 0, {"type": "boatsman", "mode": "colour", "colour": "blue"})
    s = play(s, 0, {"type": "carry", "row": 5, "col": 1}, {"type": "carry", "row": 5, "col": 2})
    assert s["table"]["fjords"][0]["home"]["blue"] == 1 and s["table"]["trip"] is None


def test_one_of_each_colour():
    # V-80 / VA-5: at most one per colour, at least one; the player may land early.
    s = play(vx5(), 0, {"type": "boatsman", "mode": "each"})
    assert {"type": "land"} not in decisions(s, 0)
    s = play(s, 0, {"type": "carry", "row": 5, "col": 2})
    moves = decisions(s, 0)
    assert {"type": "land"} in moves and not any(m.get("row") == 5 for m in moves)
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "carry", "row": 5, "col": 1})
    assert refused.value.rule == "V-67"
    s = play(s, 0, {"type": "carry", "row": 3, "col": 1}, {"type": "land"})
    f = s["table"]["fjords"][0]
    assert f["home"] == {"blue": 2, "yellow": 1, "green": 1, "red": 0, "black": 0, "grey": 0}


def test_boatsmen_never_move_islanders_or_boatsmen():
    # V-81: any number of boatsmen in one scoring; only vikings at home move; boatsmen
    # are never carried.
    s = scoring_round(2, {"red": 2, "grey": 3}, {2: [tile("L", "green"), tile("R"), tile("R")]})
    s = play(s, 0, {"type": "boatsman", "mode": "colour", "colour": "red"})
    s = play(s, 0, {"type": "carry", "row": 2, "col": 2}, {"type": "carry", "row": 2, "col": 3})
    assert s["table"]["fjords"][0]["home"] == {
        "blue": 0,
        "yellow": 0,
        "green": 0,
        "red": 0,
        "black": 0,
        "grey": 2,
    }
    assert s["table"]["round"] == 3  # nothing left to carry: no more questions


def test_optional_before_the_last_large_scoring():
    # V-82: "done" ends the transport in rounds 2 and 4.
    s = play(vx5(), 0, {"type": "done"})
    assert s["table"]["fjords"][0]["home"]["grey"] == 1 and s["table"]["round"] == 3


def test_forced_in_the_last_large_scoring():
    # V-83: after round 6 boatsmen must carry while anybody could be carried.
    s = scoring_round(6, {"blue": 1, "yellow": 1, "grey": 3}, {4: empty_row(1), 5: empty_row(1)})
    assert s["table"]["prompt"]["forced"] is True
    assert {"type": "done"} not in decisions(s, 0)
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "done"})
    assert refused.value.rule == "V-83"
    # The player still chooses the trip (one of each keeps two boatsmen for V-92).
    s = play(s, 0, {"type": "boatsman", "mode": "each"}, {"type": "carry", "row": 4, "col": 1})
    s = play(s, 0, {"type": "carry", "row": 5, "col": 1})
    assert s["table"]["over"] and s["table"]["fjords"][0]["home"]["grey"] == 2


def test_v83_a_forced_trip_of_one_of_each_colour_cannot_land_early():
    # V-83: after round 6 every possible transport is made: an "each" trip that could
    # still carry the goldsmith may not land after the fisherman; `land` is never
    # offered, and the trip ends by itself once nobody more of it can go.
    s = scoring_round(6, {"blue": 1, "yellow": 1, "grey": 1}, {4: empty_row(1), 5: empty_row(1)})
    s = play(s, 0, {"type": "boatsman", "mode": "each"}, {"type": "carry", "row": 5, "col": 1})
    assert s["table"]["prompt"]["forced"] is True
    assert decisions(s, 0) == [{"type": "carry", "row": 4, "col": 1}]
    with pytest.raises(IllegalMove) as refused:
        play(s, 0, {"type": "land"})
    assert refused.value.rule == "V-83"
    s = play(s, 0, {"type": "carry", "row": 4, "col": 1})
    assert s["table"]["over"] and s["table"]["fjords"][0]["home"]["yellow"] == 0


def test_large_scoring_order():
    # V-74 / VA-9: the start player first, then clockwise.
    s = game(3, start_player=2)
    t = s["table"]
    t["round"], t["bought"], t["wheel"] = 2, 12, None
    for seat in range(3):
        lay(s, seat, {5: empty_row(1)})
        home(s, seat, blue=1, grey=1)
    next_purchase(s)
    asked = []
    while t["round"] == 2:
        asked.append(GAME.to_act(s)[0])
        s = play(s, asked[-1], {"type": "done"})
        t = s["table"]
    assert asked == [2, 0, 1]


def test_advanced_one_viking_per_boatsman():
    # V-115: one boatsman carries exactly one viking.
    s = play(vx5(variant="advanced", auction=False), 0, {"type": "boatsman", "mode": "one"})
    assert {m["row"] for m in decisions(s, 0)} == {3, 4, 5}
    s = play(s, 0, {"type": "carry", "row": 4, "col": 1})
    assert s["table"]["trip"] is None
    with pytest.raises(IllegalMove) as refused:
        play(vx5(variant="advanced", auction=False), 0, {"type": "boatsman", "mode": "each"})
    assert refused.value.rule == "V-80"


def test_advanced_boat_tile():
    # S4 / VA-13: a boat tile and a boatsman make a basic trip; both leave the game.
    s = vx5(variant="advanced", auction=False)
    s["table"]["fjords"][0]["specials"] = {"S4": 1}
    assert {"type": "boatsman", "mode": "each"} in decisions(s, 0)
    s = play(s, 0, {"type": "boatsman", "mode": "colour", "colour": "green"})
    f = s["table"]["fjords"][0]
    assert f["specials"]["S4"] == 0 and s["table"]["removed"]["specials"]["S4"] == 1
    s = play(s, 0, {"type": "carry", "row": 3, "col": 1}, {"type": "carry", "row": 3, "col": 2})
    assert s["table"]["fjords"][0]["home"]["green"] == 0
