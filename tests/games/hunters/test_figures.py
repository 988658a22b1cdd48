"""Placing clan members and huts (H-16, H-22..H-29, HA-3, HA-17), with the worked
examples HX-10..HX-13. Every refusal names its rule and leaves the state unchanged."""

from __future__ import annotations

from server.games.hunters import GAME
from server.games.hunters.features import root
from server.games.hunters.figures import segment_of

from .table import BLUE, GREEN, RED, YELLOW, figures_of, new_game, place, play, refused, segment


def offered(state: dict) -> list[tuple[str, int]]:
    seat = state["turn"]["seat"]
    return [(m["type"], m.get("segment", -1)) for m in GAME.legal_moves(state, seat)]


def test_h24_role_follows_the_segment() -> None:
    # H-24, H-5: hunter on a meadow, gatherer in a forest, fisher on a river.
    for kind, role in (("meadow", "hunter"), ("forest", "gatherer"), ("river", "fisher")):
        s = play(new_game(), "T14", -1, 0, 1, seat=RED, figure=("clan", kind))  # R F R M turned
        assert figures_of(s, RED)[0]["role"] == role


def test_h24_ha17_no_clan_member_on_a_lake_but_a_hut_may_stand_there() -> None:
    # H-24, HA-17, H-26: T04's lake takes a hut, never a clan member.
    s = place(new_game(), "T04", 0, -1, 1, seat=RED)
    lake = segment("T04", "lake")
    assert ("clan", lake) not in offered(s) and ("hut", lake) in offered(s)
    err = refused(s, {"type": "clan", "segment": lake})
    assert (err.code, err.rule) == ("illegal_move", "H-24")


def test_h22_one_figure_then_the_turn_moves_on() -> None:
    # H-22: one figure per placement, from the supply, on the tile just placed.
    s = play(new_game(), "T07", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    assert s["supply"][RED] == {"clan": 4, "huts": 2} and GAME.to_act(s) == [BLUE]
    assert figures_of(s, RED)[0]["at"] == "0,-1"
    err = refused(s, {"type": "clan", "segment": 0})
    assert err.rule == "H-14"  # blue must place a tile; red's figure step is over


def test_h22_h16_empty_supply_places_nothing_but_still_plays_and_scores() -> None:
    # H-22: no clan member / hut left: refused. H-16: the tile is still placed and the
    # player still scores (red's fisher completes while red's supply is empty).
    s = play(new_game(), "T19", 0, -1, 0, seat=RED, figure=("clan", "river"))
    s["supply"][RED] = {"clan": 0, "huts": 0}
    s = play(s, "T45", -1, -1, 2, seat=BLUE)
    s = place(s, "T04", 1, -1, 0, seat=RED)
    assert offered(s) == [("pass", -1)]
    assert refused(s, {"type": "clan", "segment": segment("T04", "meadow")}).rule == "H-22"
    assert refused(s, {"type": "hut", "segment": segment("T04", "lake")}).rule == "H-22"
    s = GAME.apply(s, RED, {"type": "pass"})
    assert s["points"][RED]["rivers"] == 6 and s["supply"][RED]["clan"] == 1


def test_h23_the_move_names_a_segment_of_the_tile() -> None:
    # H-23: a segment number the tile does not have is a malformed move.
    s = place(new_game(), "T07", 0, -1, 0)
    for bad in (1, -1, 10**30):
        assert refused(s, {"type": "clan", "segment": bad}).code == "bad_move"


def test_h25_hx10_occupied_forest_leaves_only_the_meadows() -> None:
    # HX-10, H-25: blue's T27 extends red's forest: blue may only place a hunter.
    s = play(new_game(), "T20", 0, -1, 0, seat=RED, figure=("clan", "forest"))
    s = place(s, "T27", 1, -1, 0, seat=BLUE)
    meadows = [segment("T27", "meadow", n) for n in range(2)]
    assert offered(s) == [("clan", meadows[0]), ("clan", meadows[1]), ("pass", -1)]
    err = refused(s, {"type": "clan", "segment": segment("T27", "forest")})
    assert (err.code, err.rule) == ("illegal_move", "H-25")


def test_h25_hx11_own_hunter_far_away_blocks_the_big_meadow() -> None:
    # HX-11, H-25: red's hunter on T07 is in the meadow T73's big meadow joins; the
    # forest, the river and the small meadow are free.
    s = play(new_game(), "T07", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    s = place(s, "T73", 1, -1, 0, seat=RED)  # F R R M
    forest, river = segment("T73", "forest"), segment("T73", "river")
    big, small = segment("T73", "meadow", 0), segment("T73", "meadow", 1)
    assert [m for m in offered(s) if m[0] == "clan"] == [("clan", forest), ("clan", river), ("clan", small)]
    assert refused(s, {"type": "clan", "segment": big}).rule == "H-25"


def test_h29_hx12_three_hunters_joined_and_no_fourth() -> None:
    # HX-12, H-29, H-25: three meadows with one hunter each are joined by T32: legal,
    # three hunters share it, and the placer may not add a hunter.
    s = new_game(4)
    s = play(s, "T02", 0, -1, 0, seat=RED, figure=("clan", "meadow"))  # forests E and W
    s = play(s, "T20", -1, -1, 0, seat=BLUE, figure=("clan", "meadow"))
    s = play(s, "T75", 1, -1, 1, seat=GREEN, figure=("clan", "meadow"))
    s = play(s, "T60", -1, -2, 0, seat=YELLOW)
    s = play(s, "T07", 1, -2, 0, seat=YELLOW)
    s = place(s, "T32", 0, -2, 2, seat=YELLOW)  # meadow on W, S and E
    assert offered(s) == [("clan", segment("T32", "forest")), ("pass", -1)]
    assert refused(s, {"type": "clan", "segment": segment("T32", "meadow")}).rule == "H-25"
    joined = root(s["parent"], s["base"]["0,-2"] + segment("T32", "meadow"))
    assert len(s["figures"]) == 3
    assert {root(s["parent"], segment_of(s, f)) for f in s["figures"]} == {joined}


def hx13() -> dict:
    """Blue's hut on the river system west (with the start lake), red's hut on a
    separate system north of the start tile."""
    s = play(new_game(), "T19", -1, 0, 0, seat=BLUE, figure=("hut", "river"))
    return play(s, "T54", 0, -1, 1, seat=RED, figure=("hut", "river"))  # R M R M turned


def test_h26_hx13a_hut_on_water_joining_no_hut_system() -> None:
    # HX-13 (a), H-26: T61 above red's system touches no river: blue may build a hut.
    s = place(hx13(), "T61", 0, -2, 0, seat=BLUE)
    assert ("hut", segment("T61", "river")) in offered(s)
    s = GAME.apply(s, BLUE, {"type": "hut", "segment": segment("T61", "river")})
    assert len(figures_of(s, BLUE, "hut")) == 2 and s["supply"][BLUE]["huts"] == 0


def test_h27_hx13b_fisher_on_a_hut_system_but_no_second_hut() -> None:
    # HX-13 (b), H-27, H-26: red extends its own hut system with T52: a fisher may go
    # on the river (huts do not block followers), a hut may not.
    s = place(hx13(), "T52", 1, -1, 0, seat=RED)
    river = segment("T52", "river")
    assert ("clan", river) in offered(s) and ("hut", river) not in offered(s)
    err = refused(s, {"type": "hut", "segment": river})
    assert (err.code, err.rule) == ("illegal_move", "H-26")


def test_h26_hx13c_no_hut_on_water_joining_a_hut_system() -> None:
    # HX-13 (c), H-26: T61 joins blue's western system: nobody may build a hut there.
    s = place(hx13(), "T61", -2, 0, 0, seat=RED)
    assert refused(s, {"type": "hut", "segment": segment("T61", "river")}).rule == "H-26"


def test_h26_hut_only_on_river_or_lake() -> None:
    # H-26: a hut on a meadow or forest is refused.
    s = place(new_game(), "T20", 0, -1, 0)
    for kind in ("meadow", "forest"):
        assert refused(s, {"type": "hut", "segment": segment("T20", kind)}).rule == "H-26"


def test_h27_hut_on_a_system_whose_river_has_a_fisher() -> None:
    # H-27, H-6: red's fisher on the start system does not stop blue's hut on it.
    s = play(new_game(), "T19", -1, 0, 0, seat=RED, figure=("clan", "river"))
    s = place(s, "T61", -2, 0, 0, seat=BLUE)
    assert ("hut", segment("T61", "river")) in offered(s)


def test_h28_figures_stay_where_they_were_put() -> None:
    # H-28: there is no move that moves a figure; it keeps its square turn after turn.
    s = play(new_game(), "T07", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    first = figures_of(s, RED)[0]
    for x in (1, 2):
        s = play(s, "T60" if x == 1 else "T32", x, -1, 0 if x == 1 else 0)
    assert figures_of(s, RED) == [first]
    assert {m["type"] for m in GAME.legal_moves(s, s["turn"]["seat"])} == {"place"}


def test_ha3_only_a_hunter_on_the_shrine_meadow_is_a_shrine_hunter() -> None:
    # HA-3, H-77: red's hunter on B03's meadow is a shrine hunter; blue's on T19 is not.
    s = play(new_game(), "B03", 0, -1, 0, seat=RED, figure=("clan", "meadow"))
    s = play(s, "T19", -1, 0, 0, seat=BLUE, figure=("clan", "meadow", 1))  # apart from B03's
    assert figures_of(s, RED)[0]["shrine"] is True
    assert "shrine" not in figures_of(s, BLUE)[0]
