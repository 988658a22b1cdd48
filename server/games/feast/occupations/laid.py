"""Cards that take a good laid on a board (anyone's) into their owner's supply and lay
smaller goods in its cells: Courier 70B (Cloak pin -> silverware + rune stone) and
Innkeeper 71C (Drinking Horn -> chest + rune stone)."""

from __future__ import annotations

from typing import Any

from server.games.contract import State, clone
from server.games.feast.shapes import orientations
from server.games.feast.supply import add_good

Cells = set[tuple[int, int]]


def boards_with(s: State, good: str) -> list[tuple[int, int]]:
    """(seat, area) of every board area where `good` is laid."""
    return [
        (seat, i)
        for seat, q in enumerate(s["seats"])
        for i, a in enumerate(q["areas"])
        if any(piece[0] == good for piece in a["pieces"])
    ]


def _placements(cells: Cells, good: str) -> list[tuple[int, int, int, Cells]]:
    """Every way of laying `good` on cells of `cells`: (turn, row, col, cells used)."""
    out = []
    for turn, shape in enumerate(orientations(good)):
        for r0, c0 in sorted(cells):
            used = {(r0 + dr, c0 + dc) for dr, dc in shape}
            if used <= cells:
                out.append((turn, r0, c0, used))
    return out


def inside(cells: Cells, goods: list[str]) -> list[list[Any]]:
    """`goods` laid one after another inside `cells`: the first way they all fit, else as
    many of the first ones as fit (pieces as boards keep them: [good, turn, row, col])."""
    if not goods:
        return []
    best: list[list[Any]] = []
    for turn, r, c, used in _placements(cells, goods[0]):
        rest = inside(cells - used, goods[1:])
        if len(rest) == len(goods) - 1:
            return [[goods[0], turn, r, c], *rest]
        if len(rest) + 1 > len(best):
            best = [[goods[0], turn, r, c], *rest]
    return best


def take(s: State, seat: int, option: dict[str, Any], good: str, into: list[str]) -> None:
    """Move `good` from the board area the option names to `seat`'s supply; lay `into` in its cells."""
    owner = s["seats"][option["from"]]
    area = owner["areas"][option["area"]] = clone(owner["areas"][option["area"]])
    k = next(j for j, piece in enumerate(area["pieces"]) if piece[0] == good)
    _, turn, row, col = area["pieces"].pop(k)
    cells = {(row + dr, col + dc) for dr, dc in orientations(good)[turn]}
    area["pieces"] += inside(cells, into)
    add_good(s["seats"][seat], good)
