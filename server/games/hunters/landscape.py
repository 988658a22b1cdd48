"""The landscape: where tiles may go (H-17..H-19) and what laying one joins and completes.

The state keeps the public `map` ("x,y" -> {"tile", "rotation"}) and, as working data,
`frontier`: every empty square next to the landscape with the side kinds its neighbours
show ("F", "M", "R", or "." for no neighbour). Legal places for a tile are then one
lookup per frontier square in the tile's precomputed fit table. `base` gives the first
segment number of each placed tile, so a figure on ("x,y", segment i) stands on segment
base + i of the union-find arrays (features.py).

Scoring and figures are left to scoring.py and figures.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from server.games.hunters.features import join, join_systems, record, root
from server.games.hunters.tiles import OPEN, STEP, TILES, across

State = dict[str, Any]


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def spot(k: str) -> tuple[int, int]:
    x, y = k.split(",")
    return int(x), int(y)


def places(state: State, tile_id: str) -> Iterator[tuple[str, int]]:
    """Every legal (square, rotation) for the tile: H-17 (touch by a side), H-18 (match)."""
    fits = TILES[tile_id].fits
    for k, pattern in state["frontier"].items():
        for r in fits.get(pattern, ()):
            yield k, r


def placeable(state: State, tile_id: str) -> bool:
    fits = TILES[tile_id].fits
    return any(pattern in fits for pattern in state["frontier"].values())


def _grow_frontier(state: State, x: int, y: int, sides: str) -> None:
    frontier, board = state["frontier"], state["map"]
    frontier.pop(key(x, y), None)
    for d, (dx, dy) in enumerate(STEP):
        k = key(x + dx, y + dy)
        if k in board:
            continue
        pattern = frontier.get(k, OPEN * 4)
        facing = (d + 2) % 4
        frontier[k] = pattern[:facing] + sides[d] + pattern[facing + 1 :]


def _add_segments(state: State, tile_id: str) -> int:
    """Append the tile's segments to the union-find arrays; returns their base number."""
    tile = TILES[tile_id]
    order = len(state["map"])
    base = len(state["parent"])
    for i, seg in enumerate(tile.segments):
        state["parent"].append(base + i)
        state["system"].append(base + i)
        state["feats"].append(record(seg, order, base))
        state["fish"].append(seg.fish)
    for i, seg in enumerate(tile.segments):
        for lake in seg.lakes:  # a river piece and the lake it ends in share a system (H-32)
            join_systems(state, base + i, base + lake)
    return base


def _connect(state: State, base: int, turned: Any, d: int, nbase: int, nturned: Any) -> list[int]:
    """Join what meets across side d; returns forest/river roots whose open count fell."""
    touched = []
    facing = (d + 2) % 4
    for mine, theirs in ((turned.forest, nturned.forest), (turned.river, nturned.river)):
        if mine[d] >= 0:
            r = join(state, base + mine[d], nbase + theirs[facing])
            rec = dict(state["feats"][r])  # copy-on-write (features.py)
            rec["open"] -= 2  # one open side closed on each tile
            state["feats"][r] = rec
            touched.append(r)
    if turned.river[d] >= 0:
        join_systems(state, base + turned.river[d], nbase + nturned.river[facing])
    for half in (2 * d, 2 * d + 1):
        if turned.meadow[half] >= 0:
            join(state, base + turned.meadow[half], nbase + nturned.meadow[across(half)])
    return touched


def lay(state: State, tile_id: str, x: int, y: int, rotation: int) -> list[int]:
    """Put the tile on the map (legality already checked) and join its features.

    Returns the roots of the forests and rivers it completed (H-33, H-35), each once.
    Mutates `state`, whose containers must be apply's own (moves._fork).
    """
    tile = TILES[tile_id]
    turned = tile.turned[rotation]
    base = _add_segments(state, tile_id)
    board = state["map"]
    touched = [base + i for i, seg in enumerate(tile.segments) if seg.kind in ("forest", "river")]
    for d, (dx, dy) in enumerate(STEP):
        k = key(x + dx, y + dy)
        if k in board:
            near = board[k]
            nturned = TILES[near["tile"]].turned[near["rotation"]]
            touched += _connect(state, base, turned, d, state["base"][k], nturned)
    k = key(x, y)
    board[k] = {"tile": tile_id, "rotation": rotation}
    state["base"][k] = base
    _grow_frontier(state, x, y, turned.sides)
    completed: list[int] = []
    for seg in touched:
        r = root(state["parent"], seg)
        if state["feats"][r]["open"] == 0 and r not in completed:
            completed.append(r)
    return completed
