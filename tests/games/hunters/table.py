"""Building small landscapes for rule tests through the public engine.

`play` puts a chosen tile in the hand of a chosen seat (swapping it with the drawn one,
so every tile stays accounted for) and then sends the real "place" and figure moves
through `GAME.apply`; only the stack order and whose turn it is are arranged by hand.
Seats are named by the rulebook's colours in the worked examples.
"""

from __future__ import annotations

from typing import Any

import pytest

from server.games.contract import IllegalMove, clone
from server.games.hunters import GAME
from server.games.hunters.tiles import TILES

RED, BLUE, GREEN, YELLOW, BLACK = range(5)
State = dict[str, Any]


def new_game(players: int = 2, seed: int = 7, **options: Any) -> State:
    return GAME.setup(players, GAME.resolve_options(options), seed)


def segment(tile: str, kind: str, n: int = 0) -> int:
    """The index of the n-th segment of that kind on the tile (forest, river, lake, meadow)."""
    found = [i for i, seg in enumerate(TILES[tile].segments) if seg.kind == kind]
    return found[n]


def given(state: State, tile: str, seat: int | None = None) -> State:
    """A copy where `seat` (default: the one to act) holds `tile` in the place step."""
    s = clone(state)
    if seat is not None:
        s["turn"]["seat"] = seat
    if s["hand"] == tile:
        return s
    stack = "bonus" if TILES[tile].kind == "bonus" else "land"
    s[stack].remove(tile)
    if s["hand"] is not None:
        back = "bonus" if TILES[s["hand"]].kind == "bonus" else "land"
        s[back].insert(0, s["hand"])
    s["hand"] = tile
    return s


def place(state: State, tile: str, x: int, y: int, rotation: int = 0, seat: int | None = None) -> State:
    s = given(state, tile, seat)
    return GAME.apply(s, s["turn"]["seat"], {"type": "place", "x": x, "y": y, "rotation": rotation})


def play(
    state: State,
    tile: str,
    x: int,
    y: int,
    rotation: int = 0,
    seat: int | None = None,
    figure: tuple[str, str] | tuple[str, str, int] | None = None,
) -> State:
    """A whole tile placement: lay the tile, then a figure or a pass.

    `figure` is ("clan"|"hut", segment kind[, n-th of that kind]).
    """
    s = place(state, tile, x, y, rotation, seat)
    who = s["turn"]["seat"]
    if figure is None:
        return GAME.apply(s, who, {"type": "pass"})
    kind, seg_kind, *n = figure
    return GAME.apply(s, who, {"type": kind, "segment": segment(tile, seg_kind, *n)})


def refused(state: State, move: object, seat: int | None = None) -> IllegalMove:
    """The refusal of `move` (by the seat to act unless given); asserts nothing changed."""
    before = clone(state)
    who = state["turn"]["seat"] if seat is None else seat
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, who, move)
    assert state == before
    return err.value


def on_top(state: State, stack: str, *tiles: str) -> State:
    """Arrange (in place) the next tiles drawn from a stack, first drawn first."""
    for t in tiles:
        state[stack].remove(t)
    state[stack] += list(reversed(tiles))
    return state


def last_tile(state: State) -> State:
    """A copy whose land stack is empty, so the turn under way is the game's last (H-60)."""
    s = clone(state)
    s["discards"] += s["land"]
    s["land"] = []
    return s


def figures_of(state: State, seat: int, role: str | None = None) -> list[dict[str, Any]]:
    return [f for f in state["figures"] if f["seat"] == seat and (role is None or f["role"] == role)]


def feature(state: State, at: str, tile: str, kind: str, n: int = 0) -> dict[str, Any]:
    """The record of the feature holding the n-th `kind` segment of the tile at `at`."""
    from server.games.hunters.features import root

    g = state["base"][at] + segment(tile, kind, n)
    parents = state["system"] if kind == "system" else state["parent"]
    return state["feats"][root(parents, g)]  # type: ignore[no-any-return]


def shelf(state: State) -> State:
    """Five meadow-topped tiles in a row at y=-1, x=-2..2, north of the start tile, so a
    row of tiles at y=-2 can be laid in any order (each rests on the shelf)."""
    s = play(state, "T07", 0, -1, 0)
    s = play(s, "T60", -1, -1, 0)
    s = play(s, "T04", -2, -1, 3)  # M M M R turned: its river faces south, open
    s = play(s, "T75", 1, -1, 0)
    return play(s, "T13", 2, -1, 0)
