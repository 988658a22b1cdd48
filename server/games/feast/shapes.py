"""Tile shapes as polyominoes: every orientation a tile may be laid in (F-106, F-301).

A goods tile is a w x h rectangle that may be turned by 90 degrees; a special tile is a
printed polyomino that may also be mirrored (both faces are blue); a coin covers 1, 2, 4
or 10 cells; an ore piece one. This module turns an item id into its distinct
orientations, each a sorted tuple of (row, col) offsets anchored at (0, 0). It knows
nothing of boards or placement rules.
"""

from __future__ import annotations

from functools import cache

from server.games.feast.catalog import COIN_SHAPE, GOODS, SPECIALS

Cells = tuple[tuple[int, int], ...]

COIN_ITEMS: dict[str, int] = {f"silver_{v}": v for v in COIN_SHAPE}


def _normalise(cells: list[tuple[int, int]]) -> Cells:
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _cells_of(rows: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "X"]


def _rect(w: int, h: int) -> list[str]:
    return ["X" * w] * h


def item_rows(item: str) -> list[str] | None:
    """The printed shape of a placeable item, or None if the item has no tile shape."""
    if item in GOODS:
        return list(GOODS[item]["shape"]["rows"])
    if item in SPECIALS:
        return list(SPECIALS[item]["shape"]["rows"])
    if item in COIN_ITEMS:
        shape = COIN_SHAPE[COIN_ITEMS[item]]
        return _rect(shape["w"], shape["h"])
    if item in ("ore", "wood", "stone"):
        return ["X"]
    return None


@cache
def orientations(item: str) -> tuple[Cells, ...]:
    """Distinct orientations of the item: 90-degree turns, plus mirror images for special tiles."""
    rows = item_rows(item)
    if rows is None:
        return ()
    base = _cells_of(rows)
    found: list[Cells] = []
    variants = [base]
    if item in SPECIALS:
        variants.append([(r, -c) for r, c in base])
    for cells in variants:
        for _ in range(4):
            shape = _normalise(cells)
            if shape not in found:
                found.append(shape)
            cells = [(c, -r) for r, c in cells]
    return tuple(found)


def extent(cells: Cells) -> tuple[int, int]:
    """(height, width) of an orientation."""
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
