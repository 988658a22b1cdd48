"""Gold nuggets and the bonus turn (H-68..H-77, H-52, HA-9, HA-10, HA-13)."""

from __future__ import annotations

from server.games.hunters import GAME

from .table import (
    BLUE,
    RED,
    feature,
    figures_of,
    given,
    last_tile,
    new_game,
    on_top,
    place,
    play,
    refused,
    segment,
    shelf,
)


def row_without_west_cap(red_gatherer: bool = True) -> dict:
    """The shelf with a nugget forest T27-T47-T49 capped east (T20 turned), open west."""
    s = shelf(new_game())
    s = play(s, "T27", -1, -2, 0, seat=RED, figure=("clan", "forest") if red_gatherer else None)
    s = play(s, "T47", 0, -2, 0, seat=BLUE)
    s = play(s, "T49", 1, -2, 0, seat=BLUE)
    return play(s, "T20", 2, -2, 2, seat=BLUE)


def close_start_forest(s: dict, seat: int) -> dict:
    """Close the start tile's nugget forest (with T75's): a bonus turn for `seat`."""
    s = play(s, "T08", 1, 0, 0, seat=seat)  # F M M F: forest N+W joins start and T75
    return place(s, "T32", 0, 1, 2, seat=seat)  # cap facing north


def test_h75_ha9_bonus_tile_completing_a_nugget_forest_gives_no_second_bonus() -> None:
    # H-75, H-74, H-72, HA-9: red's bonus tile B07 caps the nugget forest: it is scored
    # (red's gatherer: 4 tiles + B07 = 10) but no further bonus turn follows.
    s = close_start_forest(row_without_west_cap(), RED)
    s = GAME.apply(on_top(s, "bonus", "B07"), RED, {"type": "pass"})
    assert s["turn"]["bonus"] and s["hand"] == "B07" and GAME.to_act(s) == [RED]
    s = play(s, "B07", -2, -2, 0)
    assert s["points"][RED]["forests"] == 10
    assert GAME.to_act(s) == [BLUE] and not s["turn"]["bonus"] and len(s["bonus"]) == 11


def test_h73_figure_on_the_bonus_tile() -> None:
    # H-73: the bonus tile takes one clan member or hut under the usual rules.
    s = close_start_forest(row_without_west_cap(red_gatherer=False), RED)
    s = GAME.apply(on_top(s, "bonus", "B07"), RED, {"type": "pass"})
    s = place(s, "B07", -2, -2, 0)
    moves = GAME.legal_moves(s, RED)
    assert {"type": "clan", "segment": segment("B07", "forest")} in moves
    s = GAME.apply(s, RED, {"type": "clan", "segment": segment("B07", "forest")})
    assert s["points"][RED]["forests"] == 10 and s["supply"][RED]["clan"] == 5  # scored, home


def test_h69_two_nugget_forests_one_bonus_tile() -> None:
    # H-69, HA-9: T02 closes two nugget forests at once: one bonus tile only.
    s = shelf(new_game())
    s = play(s, "T20", -2, -2, 0)
    s = play(s, "T27", -1, -2, 0)
    s = play(s, "T47", 1, -2, 0)
    s = play(s, "T32", 2, -2, 1)
    s = play(s, "T02", 0, -2, 0, seat=RED)
    assert [e["feature"] for e in s["scored"]] == ["forest", "forest"]
    assert s["turn"]["bonus"] and len(s["bonus"]) == 11
    s = GAME.apply(s, RED, GAME.legal_moves(s, RED)[0])
    s = GAME.apply(s, RED, {"type": "pass"})
    assert GAME.to_act(s) == [BLUE] and len(s["bonus"]) == 11


def test_h71_unplaceable_bonus_tiles_are_discarded() -> None:
    # H-71: B11 (forest all round) has no place once every forest side is closed:
    # it is discarded and the next bonus tile drawn.
    s = play(new_game(), "T20", 1, 0, 2)
    s = place(s, "T32", 0, 1, 2, seat=BLUE)  # closes the start forest: bonus turn
    s = GAME.apply(on_top(s, "bonus", "B11", "B05"), BLUE, {"type": "pass"})
    assert s["discards"] == ["B11"] and s["hand"] == "B05" and s["turn"]["bonus"]


def test_h71_empty_bonus_stack_ends_the_bonus_turn() -> None:
    # H-71: with the bonus stack empty the turn ends with nothing placed.
    s = play(new_game(), "T20", 1, 0, 2)
    s = place(s, "T32", 0, 1, 2, seat=BLUE)
    s["discards"] += s["bonus"]
    s["bonus"] = []
    s = GAME.apply(s, BLUE, {"type": "pass"})
    assert GAME.to_act(s) == [RED] and not s["turn"]["bonus"] and s["hand"].startswith("T")


def test_h76_ha10_last_regular_tile_still_brings_its_bonus_turn() -> None:
    # H-76, HA-10, H-60: the last regular tile closes a nugget forest: the bonus turn is
    # played, then the game ends.
    s = play(new_game(), "T20", 1, 0, 2)
    s = last_tile(given(s, "T32"))
    s = play(s, "T32", 0, 1, 2, seat=BLUE)
    assert s["turn"]["bonus"] and GAME.result(s) is None
    s = GAME.apply(s, BLUE, GAME.legal_moves(s, BLUE)[0])
    s = GAME.apply(s, BLUE, {"type": "pass"})
    assert GAME.result(s) is not None and len(s["bonus"]) == 11  # H-60: the rest unused


def red_with_one_returning_gatherer(**options: object) -> dict:
    """Red's only clan member in supply is the gatherer that just scored (the other four
    stand elsewhere); red then holds the bonus tile B07."""
    s = shelf(new_game(**options))
    s = play(s, "T20", -2, -2, 0, seat=BLUE)
    s = play(s, "T27", -1, -2, 0, seat=RED, figure=("clan", "forest"))
    s["supply"][RED]["clan"] = 0  # as if the other four were hunters far away
    s = play(s, "T49", 1, -2, 0, seat=BLUE)
    s = play(s, "T32", 2, -2, 1, seat=BLUE)
    s = play(on_top(given(s, "T47"), "bonus", "B07"), "T47", 0, -2, 0, seat=RED)
    assert s["supply"][RED]["clan"] == 1 and s["hand"] == "B07"
    return place(s, "B07", 3, -2, 3)  # B07 turned: beside the T32 cap


def test_h52_ha13_returned_follower_waits_for_the_next_turn() -> None:
    # H-52, HA-13 (default): the gatherer that came home this turn may not go on the
    # bonus tile of the same turn.
    s = red_with_one_returning_gatherer()
    assert [m["type"] for m in GAME.legal_moves(s, RED)] == ["pass"]
    assert refused(s, {"type": "clan", "segment": segment("B07", "meadow")}).rule == "HA-13"


def test_ha13_option_lets_the_returned_follower_go_again() -> None:
    # HA-13 option reuse_returned_same_turn: the house reading allows it.
    s = red_with_one_returning_gatherer(reuse_returned_same_turn=True)
    s = GAME.apply(s, RED, {"type": "clan", "segment": segment("B07", "meadow")})
    assert figures_of(s, RED, "hunter")


def test_h68_forest_without_gatherers_still_gives_the_bonus() -> None:
    # H-68: nobody scores the start tile's forest, yet its closer takes a bonus turn.
    s = play(new_game(), "T20", 1, 0, 2, seat=RED)
    s = play(s, "T32", 0, 1, 2, seat=RED)
    assert s["scored"][0]["seats"] == [] and s["turn"]["bonus"] and GAME.to_act(s) == [RED]
    assert feature(s, "0,0", "S00", "forest")["nugget"]
