"""Placing tiles (H-17..H-21) and how features form and complete (H-30..H-35)."""

from __future__ import annotations

from server.games.hunters import GAME
from server.games.hunters.tiles import TILES

from .table import given, new_game, on_top, place, play, refused


def test_h17_tile_must_share_a_side() -> None:
    # H-17: a corner touch (1,1 against the start tile) or a far square is refused.
    s = given(new_game(), "T07")
    for x, y in ((1, 1), (5, 5)):
        err = refused(s, {"type": "place", "x": x, "y": y, "rotation": 0})
        assert (err.code, err.rule) == ("illegal_move", "H-17")


def test_h18_sides_must_match() -> None:
    # H-18: T07 (all meadow) cannot lie against the start tile's forest (E) or river (W).
    s = given(new_game(), "T07")
    for x, y in ((1, 0), (-1, 0), (0, 1)):
        assert refused(s, {"type": "place", "x": x, "y": y, "rotation": 0}).rule == "H-18"
    # a river side only fits a river side: T19 (M R M R) west of the start tile, turned
    s = given(new_game(), "T19")
    assert refused(s, {"type": "place", "x": -1, "y": 0, "rotation": 1}).rule == "H-18"
    assert GAME.apply(s, 0, {"type": "place", "x": -1, "y": 0, "rotation": 0})["map"]["-1,0"]["tile"] == "T19"


def test_h19_occupied_square_and_rotations() -> None:
    # H-19: placed tiles never move; the tile may be turned (here T17 turned 3 times).
    s = given(new_game(), "T07")
    assert refused(s, {"type": "place", "x": 0, "y": 0, "rotation": 0}).rule == "H-19"
    s = place(new_game(), "T17", 1, 0, 3)  # T17 F F R M turned: W side is forest
    assert s["map"]["1,0"] == {"tile": "T17", "rotation": 3}


def test_h21_legal_moves_list_every_fitting_place_and_nothing_else() -> None:
    # H-21: exactly the (square, rotation) pairs meeting H-17 and H-18 are offered.
    s = given(new_game(), "T07")
    assert GAME.legal_moves(s, 0) == [{"type": "place", "x": 0, "y": -1, "rotation": r} for r in range(4)]
    s = given(new_game(), "T17")  # F F R M
    got = {(m["x"], m["y"], m["rotation"]) for m in GAME.legal_moves(s, 0)}
    brute = set()
    for x, y, need in ((0, -1, (2, "M")), (1, 0, (3, "F")), (0, 1, (0, "F")), (-1, 0, (1, "R"))):
        for r in range(4):
            if TILES["T17"].turned[r].sides[need[0]] == need[1]:
                brute.add((x, y, r))
    assert got == brute
    for x, y, r in got:
        GAME.apply(s, 0, {"type": "place", "x": x, "y": y, "rotation": r})


def forestless_edge() -> dict:
    """The start tile with its two forest sides covered: every open side is M or R.

    Seat 1's T32 closes the start tile's nugget forest, so seat 1 is in a bonus turn
    holding B05 (all meadow) when this returns.
    """
    s = play(new_game(), "T20", 1, 0, 2)  # M F M M turned: forest faces west
    s = place(s, "T32", 0, 1, 2)  # M M F M turned: forest faces north
    s = GAME.apply(on_top(s, "bonus", "B05"), 1, {"type": "pass"})
    assert s["hand"] == "B05" and s["turn"]["bonus"]
    return place(s, "B05", 1, 1)


def test_h20_unplaceable_tiles_are_discarded_and_redrawn() -> None:
    # H-20: T57 (forest all round) fits nowhere on a forest-free edge: it is shown,
    # discarded in public, and the player draws again (T07 fits).
    s = on_top(forestless_edge(), "land", "T57", "T07")
    s = GAME.apply(s, 1, {"type": "pass"})
    assert s["discards"] == ["T57"]
    assert s["hand"] == "T07" and GAME.to_act(s) == [0]
    assert GAME.view(s, None)["discards"] == ["T57"]
