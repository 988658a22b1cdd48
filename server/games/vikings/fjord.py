"""The home fjord: where tiles may go, where vikings may stand, and what ships threaten.

A fjord is `{"rows": [row0, ..., row5], "home": {colour: n}, ...}`. Row 0 is the ship
row, rows 1-5 the island rows (V-7). A row is a list indexed by column - 1 (V-8); an
empty position is None, a ship is `{"t": kind}`, an island tile is
`{"t": kind, "v": colour | None}` (plus `"b": sid` for an S11 building tile). Rows grow
to the right as tiles are laid; trailing positions are never None.

Pure geometry only: whose turn it is, paying and scoring live elsewhere.
"""

from __future__ import annotations

from typing import Any

from server.games.vikings.components import (
    ISLAND_ROWS,
    LEFT_SEA,
    RIGHT_SEA,
    SHIP_REACH,
    SHIP_ROW,
    WARRIOR,
)

Fjord = dict[str, Any]
Cell = dict[str, Any] | None


def cell(fjord: Fjord, row: int, col: int) -> Cell:
    """The tile at (row, col), or None; col counts from 1 (V-8)."""
    if not 0 <= row <= 5:
        return None
    tiles = fjord["rows"][row]
    return tiles[col - 1] if 1 <= col <= len(tiles) else None


def put(fjord: Fjord, row: int, col: int, tile: dict[str, Any]) -> None:
    tiles = list(fjord["rows"][row])  # a new row: states before this one share the old (`writable`)
    while len(tiles) < col:
        tiles.append(None)
    tiles[col - 1] = tile
    fjord["rows"][row] = tiles


def mark(fjord: Fjord, row: int, col: int, **changes: Any) -> dict[str, Any]:
    """Change the tile at (row, col): a new tile in a new row takes its place, the old
    ones are left to the states that share them (`writable`)."""
    tiles = list(fjord["rows"][row])
    tile: dict[str, Any] = {**tiles[col - 1], **changes}
    tiles[col - 1] = tile
    fjord["rows"][row] = tiles
    return tile


def writable(fjord: Fjord, tally: bool = True) -> Fjord:
    """A copy of `fjord` a decision may change in place: its counters and lists are its
    own, its list of rows too, but the rows and their tiles are shared (a row or a tile
    changes only through `put` and `mark`, which replace it). `tally` False: the VP tally
    is shared too (only conversions and scorings change it)."""
    return {k: v.copy() if type(v) in (dict, list) and (tally or k != "vp_items") else v for k, v in fjord.items()}


def touches(fjord: Fjord, row: int, col: int, islands_only: bool) -> bool:
    """V-58 / VD-5: a full side shared with the fjord (column 1) or with a placed tile."""
    if col == 1 or cell(fjord, row, col - 1) or cell(fjord, row, col + 1):
        return True
    if row < 5 and cell(fjord, row + 1, col):
        return True
    above = row - 1
    return bool(cell(fjord, above, col)) and not (islands_only and above == SHIP_ROW)


def island_fits(fjord: Fjord, kind: str, row: int, col: int, islands_only: bool = False) -> bool:
    """V-57..V-60: may an island tile of `kind` go to (row, col)?"""
    if row not in ISLAND_ROWS or col < 1 or cell(fjord, row, col) is not None:
        return False
    if not touches(fjord, row, col, islands_only):
        return False
    left = cell(fjord, row, col - 1)
    if col == 1:
        if not LEFT_SEA[kind]:  # V-60: sea meets the fjord coast
            return False
    elif left is not None and RIGHT_SEA[left["t"]] != LEFT_SEA[kind]:
        return False
    right = cell(fjord, row, col + 1)
    return right is None or LEFT_SEA[right["t"]] == RIGHT_SEA[kind]


def island_spots(fjord: Fjord, kind: str, islands_only: bool = False) -> list[list[int]]:
    """Every legal [row, col] for an island tile of `kind` (V-61 asks whether any exists).

    Only places beside the fjord or beside a placed tile can touch (V-58), so only those
    are tried: a full scan of every row and column is several times slower.
    """
    return [[row, col] for row, col in sorted(_near(fjord)) if island_fits(fjord, kind, row, col, islands_only)]


def has_island_spot(fjord: Fjord, kind: str, islands_only: bool = False) -> bool:
    """V-61: whether an island tile of `kind` has any legal place (the first one found)."""
    return any(island_fits(fjord, kind, row, col, islands_only) for row, col in _near(fjord))


def _near(fjord: Fjord) -> set[tuple[int, int]]:
    """The island places beside the fjord or beside a placed tile (V-58)."""
    near = {(row, 1) for row in ISLAND_ROWS}
    for row, tiles in enumerate(fjord["rows"]):
        for col, t in enumerate(tiles, 1):
            if t is None:
                continue
            near.update(((row, col - 1), (row, col + 1), (row + 1, col), (row - 1, col)))
    return {(row, col) for row, col in near if row in ISLAND_ROWS and col >= 1}


def ship_spots(fjord: Fjord, contiguous: bool = False) -> list[int]:
    """V-56: columns where a ship may go now. A ship can always be placed.

    Default (RU): columns 1-3 in any order, then gap-free from column 4. With
    `contiguous` (VD-6, PL/FI): every ship after the first touches a placed ship.
    """
    ships = fjord["rows"][SHIP_ROW]
    free = [c for c in (1, 2, 3) if cell(fjord, SHIP_ROW, c) is None]
    if not free:
        return [len(ships) + 1]
    if contiguous and any(ships):
        return [c for c in free if cell(fjord, SHIP_ROW, c - 1) or cell(fjord, SHIP_ROW, c + 1)]
    return free


def start_rows(fjord: Fjord) -> list[int]:
    """V-62 / VA-18: the start tile goes to column 1 of an empty island row."""
    return [row for row in ISLAND_ROWS if cell(fjord, row, 1) is None]


def empty_tiles(fjord: Fjord, row: int) -> list[int]:
    """Columns of island tiles in `row` with no viking (boatsman targets, V-80)."""
    return [c for c, t in enumerate(fjord["rows"][row], 1) if t is not None and t["v"] is None]


def threatened(fjord: Fjord) -> set[tuple[int, int]]:
    """V-71 / V-72: the (row, col) positions reached by an unrepelled ship."""
    hit: set[tuple[int, int]] = set()
    for col, ship in enumerate(fjord["rows"][SHIP_ROW], 1):
        if ship is None or repelled(fjord, col):
            continue
        hit.update((row, col) for row in range(1, SHIP_REACH[ship["t"]] + 1))
    return hit


def repelled(fjord: Fjord, col: int) -> bool:
    """V-72: a warrior stands on the warrior-row tile directly below the ship."""
    below = cell(fjord, 1, col)
    return below is not None and below["v"] == WARRIOR


def standing(fjord: Fjord, colour: str, safe: set[tuple[int, int]] | None = None) -> list[list[int]]:
    """[row, col] of every viking of `colour` on an island tile; with `safe` given as the
    threatened set, only those not threatened."""
    found = []
    for row in ISLAND_ROWS:
        for col, t in enumerate(fjord["rows"][row], 1):
            if t is not None and t["v"] == colour and (safe is None or (row, col) not in safe):
                found.append([row, col])
    return found


def islands(fjord: Fjord) -> list[int]:
    """V-93: the lengths of the completed islands (left end, middles, right end, no gap)."""
    done = []
    for row in ISLAND_ROWS:
        run = 0  # tiles of the island being read, 0 when not inside one
        for t in fjord["rows"][row]:
            if t is None:
                run = 0
            elif LEFT_SEA[t["t"]]:
                run = 1
            elif run:
                run += 1
                if RIGHT_SEA[t["t"]]:
                    done.append(run)
                    run = 0
    return done


def vikings_on_tiles(fjord: Fjord) -> int:
    return sum(1 for row in ISLAND_ROWS for t in fjord["rows"][row] if t is not None and t["v"])
