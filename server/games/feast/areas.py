"""Placement areas: the home board, exploration boards and houses as cell grids (F-301…F-335).

Each area kind (home board, one of the eight exploration board sides, stone house, long
house) is read once from the data grids into bit masks: bit r*W + c stands for cell
[r, c]. An area in the state is a small dict: its kind, per row the bit mask of covered
cells and of covered green / orange / red cells, its placed pieces (for the views) and,
for the stone house, its wood and stone slots. This module decides where an item may lie
(overlap, overhang, blocked cells, extra cells, colour adjacency, the income-diagonal
rule) and reads income, bonuses and penalties off an area. Who may place what and when is
the business of `anytime.py`; sheds have no grid and live in `buildings` of a player.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from server.games.feast.catalog import BUILDINGS, COLOUR, EXPLORATION, HOME
from server.games.feast.shapes import COIN_ITEMS, Cells, extent, orientations

Area = dict[str, Any]


@dataclass
class IncomeCell:
    bit: int
    value: int
    track: str
    block: int  # cells that must be covered (or be covered by the same item) first


@dataclass
class AreaKind:
    """The fixed geometry of one kind of placement area."""

    id: str
    width: int
    height: int
    cells: int = 0  # coverable during the game
    extra: int = 0  # coverable only in the end-of-game step (F-310)
    penalty: int = 0
    bonus: dict[int, list[str]] = field(default_factory=dict)
    income: list[IncomeCell] = field(default_factory=list)
    complete: dict[str, int] = field(default_factory=dict)  # income once a track is covered
    house: bool = False
    slots: dict[str, int] = field(default_factory=dict)
    bonus_rings: dict[int, int] = field(default_factory=dict)
    income_mask: int = 0
    left_edge: int = 0
    right_edge: int = 0
    full: int = 0


def _bit(kind: AreaKind, r: int, c: int) -> int:
    return 1 << (r * kind.width + c)


def _build(kid: str, rows: list[str], house: bool = False) -> AreaKind:
    kind = AreaKind(kid, len(rows[0]), len(rows), house=house)
    exists = 0
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            b = _bit(kind, r, c)
            if ch != "#":
                exists |= b
            if ch in ".-IB":
                kind.cells |= b
            if ch == "E":
                kind.extra |= b
            if ch == "-":
                kind.penalty |= b
    kind.full = (1 << (kind.width * kind.height)) - 1
    for r in range(kind.height):
        kind.left_edge |= _bit(kind, r, 0)
        kind.right_edge |= _bit(kind, r, kind.width - 1)
    kind.bonus_rings = {}
    return kind


def _add_bonus(kind: AreaKind, cells: list[dict[str, Any]]) -> None:
    for cell in cells:
        kind.bonus[_bit(kind, cell["row"], cell["col"])] = cell["gives"].split("+")
    bonus_mask = sum(kind.bonus)
    for b in kind.bonus:
        r, c = divmod(b.bit_length() - 1, kind.width)
        ring = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (dr or dc) and 0 <= rr < kind.height and 0 <= cc < kind.width:
                    ring |= _bit(kind, rr, cc)
        # Neighbouring bonus cells count as covered; lakes, pillars and "no cell" are ignored (A-A-28).
        kind.bonus_rings[b] = ring & kind.cells & ~bonus_mask


def _add_income(kind: AreaKind, cells: list[dict[str, Any]], never: list[dict[str, Any]]) -> None:
    bonus_mask = sum(kind.bonus)
    for cell in cells + never:
        r, c = cell["row"], cell["col"]
        block = 0
        for rr in range(r, kind.height):
            for cc in range(c + 1):
                block |= _bit(kind, rr, cc)
        # Bonus cells count as covered and blocked cells too (F-306, A-A-07).
        block &= kind.cells & ~bonus_mask
        value = cell.get("value", cell.get("shows_income", 0))
        kind.income.append(IncomeCell(_bit(kind, r, c), value, cell.get("track", "main"), block))
    kind.income.sort(key=lambda ic: ic.value)
    kind.income_mask = sum(ic.bit for ic in kind.income)


def _home() -> AreaKind:
    grid = HOME["goods_grid"]
    kind = _build("home", grid["rows"])
    _add_bonus(kind, grid["bonus_cells"])
    _add_income(kind, grid["income_cells"], [])
    kind.complete["main"] = grid["income_when_all_covered"]["value"]
    return kind


def _exploration(board: dict[str, Any]) -> AreaKind:
    kind = _build(board["id"], board["rows"])
    _add_bonus(kind, board["bonus_cells"])
    never = [n for n in board.get("blocked_cell_notes", []) if "shows_income" in n]
    _add_income(kind, board["income_cells"], never)
    for marker in board["income_markers_outside_grid"]:
        kind.complete[marker.get("track", "main")] = marker["value"]
    return kind


def _house(building: dict[str, Any]) -> AreaKind:
    grid = building["grid"]
    kind = _build(building["id"], grid["rows"], house=True)
    _add_bonus(kind, grid["bonus_cells"])
    kind.slots = dict(building["slots"]) if building.get("slots") else {}
    return kind


KINDS: dict[str, AreaKind] = {"home": _home()}
KINDS.update({bid: _exploration(b) for bid, b in EXPLORATION.items()})
KINDS.update({bid: _house(b) for bid, b in BUILDINGS.items() if b.get("grid")})


def new_area(kid: str, lenient: bool = False) -> Area:
    """An empty area; `lenient` (F-772) lets colour adjacency errors through to scoring."""
    h = KINDS[kid].height
    area: Area = {"kind": kid, "cover": [0] * h, "green": [0] * h, "orange": [0] * h, "red": [0] * h}
    area["pieces"] = []
    for res in KINDS[kid].slots:
        area[res] = 0
    if lenient:
        area["lenient"] = True
    return area


def _mask(rows: list[int], width: int) -> int:
    m = 0
    for r, bits in enumerate(rows):
        if bits:
            m |= bits << (r * width)
    return m


def item_colour(item: str) -> str:
    """Colour class of a placeable item: a goods colour, or silver / ore / wood / stone."""
    if item in COIN_ITEMS:
        return "silver"
    return COLOUR.get(item, item)


def allowed_on(kind: AreaKind, item: str) -> bool:
    """F-305 (boards: green, blue, silver, ore) and F-331 (houses: food, goods, silver; no ore)."""
    colour = item_colour(item)
    if kind.house:
        return colour in ("orange", "red", "green", "blue", "silver")
    return colour in ("green", "blue", "silver", "ore")


_BASES: dict[tuple[int, Cells], int] = {}


def _base(width: int, shape: Cells) -> int:
    key = (width, shape)
    if key not in _BASES:
        _BASES[key] = sum(1 << (r * width + c) for r, c in shape)
    return _BASES[key]


def _edge_ring(kind: AreaKind, m: int) -> int:
    w = kind.width
    ring = ((m << 1) & ~kind.left_edge) | ((m >> 1) & ~kind.right_edge) | (m << w) | (m >> w)
    return ring & kind.full & ~m


def _context(area: Area, item: str) -> tuple[AreaKind, int, int, str | None]:
    """The area's kind, covered mask, mask of the colour the item may not touch, and that rule."""
    kind = KINDS[area["kind"]]
    colour = item_colour(item)
    cover = _mask(area["cover"], kind.width)
    if area.get("lenient"):
        return kind, cover, 0, None
    if kind.house and colour in ("orange", "red"):
        return kind, cover, _mask(area[colour], kind.width), "F-332"
    if not kind.house and colour == "green":
        return kind, cover, _mask(area["green"], kind.width), "F-309"
    return kind, cover, 0, None


def _refusal(kind: AreaKind, cover: int, same: int, rule: str | None, m: int) -> tuple[str, str] | None:
    if same and _edge_ring(kind, m) & same:
        what = "on a house two tiles of that colour" if rule == "F-332" else "two green tiles"
        return str(rule), f"{what} may not touch"
    if m & kind.income_mask:
        covered = cover | m
        for ic in kind.income:
            if ic.bit & m and ic.block & ~covered:
                return "F-306", "an income number may be covered only when its lower-left block is covered"
    return None


def refusal(area: Area, item: str, m: int) -> tuple[str, str] | None:
    """Why the item may not cover the cells of mask m here (rule, reason), or None if it may."""
    kind, cover, same, rule = _context(area, item)
    return _refusal(kind, cover, same, rule, m)


def spots(area: Area, item: str, end_step: bool = False) -> Iterator[tuple[int, int, int]]:
    """Every legal (turn, row, col) for the item on this area (F-301…F-310, F-332)."""
    kind, cover, same, rule = _context(area, item)
    if not allowed_on(kind, item):
        return
    free = (kind.cells | (kind.extra if end_step else 0)) & ~cover
    width = kind.width
    for turn, shape in enumerate(orientations(item)):
        h, w = extent(shape)
        base = _base(width, shape)
        for r in range(kind.height - h + 1):
            for c in range(width - w + 1):
                m = base << (r * width + c)
                if m & free == m and _refusal(kind, cover, same, rule, m) is None:
                    yield turn, r, c


def fits(area: Area, item: str, end_step: bool = False) -> bool:
    """Whether the item has at least one legal spot here (memoised on the area's coverage)."""
    key = (area["kind"], tuple(area["cover"]), tuple(area["green"]), tuple(area["orange"]))
    return _fits(key + (tuple(area["red"]), area.get("lenient", False), item, end_step))


@lru_cache(maxsize=65536)
def _fits(key: tuple[Any, ...]) -> bool:
    kid, cover, green, orange, red, lenient, item, end_step = key
    area = {"kind": kid, "cover": list(cover), "green": list(green), "orange": list(orange), "red": list(red)}
    if lenient:
        area["lenient"] = True
    return next(spots(area, item, end_step), None) is not None


def check(area: Area, item: str, turn: int, row: int, col: int, end_step: bool) -> tuple[str, str] | None:
    """None if the item may lie there, else (rule, reason)."""
    kind = KINDS[area["kind"]]
    if not allowed_on(kind, item):
        return ("F-331" if kind.house else "F-305"), f"{item} may not be placed on {kind.id}"
    shapes = orientations(item)
    if not 0 <= turn < len(shapes):
        return "F-301", "no such orientation"
    h, w = extent(shapes[turn])
    if not (0 <= row <= kind.height - h and 0 <= col <= kind.width - w):
        return "F-302", "the item would stick out of the area"
    m = _base(kind.width, shapes[turn]) << (row * kind.width + col)
    free = (kind.cells | (kind.extra if end_step else 0)) & ~_mask(area["cover"], kind.width)
    if m & free != m:
        if m & kind.extra and not end_step:
            return "F-310", "the extra cells may be used only in the end-of-game step"
        return "F-302", "the item would overlap another item or cover a cell that cannot be covered"
    return refusal(area, item, m)


def place(area: Area, item: str, turn: int, row: int, col: int) -> None:
    """Lay the item (already checked) on the area; mutates `area`."""
    shape = orientations(item)[turn]
    colour = item_colour(item)
    for dr, dc in shape:
        bit = 1 << (col + dc)
        area["cover"][row + dr] |= bit
        if colour in ("green", "orange", "red"):
            area[colour][row + dr] |= bit
    area["pieces"].append([item, turn, row, col])


def income(area: Area) -> int:
    """F-261, F-262: per track the lowest uncovered income number, tracks added (A-A-07)."""
    kind = KINDS[area["kind"]]
    if not kind.income:
        return 0
    covered = _mask(area["cover"], kind.width)
    lowest: dict[str, int] = {}
    for ic in kind.income:
        if ic.track not in lowest and not ic.bit & covered:
            lowest[ic.track] = ic.value
    total = 0
    for track in {ic.track for ic in kind.income}:
        total += lowest.get(track, kind.complete.get(track, 0))
    return total


def bonuses(area: Area) -> list[str]:
    """F-281: goods of every uncovered bonus cell whose neighbours are all covered."""
    kind = KINDS[area["kind"]]
    covered = _mask(area["cover"], kind.width)
    gained: list[str] = []
    for bit, gives in kind.bonus.items():
        if not bit & covered and kind.bonus_rings[bit] & ~covered == 0:
            gained.extend(gives)
    return gained


def penalty(area: Area) -> int:
    """F-750: uncovered penalty cells, plus empty wood / stone slots of a stone house."""
    kind = KINDS[area["kind"]]
    open_cells = kind.penalty & ~_mask(area["cover"], kind.width)
    empty_slots = sum(n - area.get(res, 0) for res, n in kind.slots.items())
    return bin(open_cells).count("1") + empty_slots


def adjacency_errors(area: Area) -> int:
    """F-770, F-771: unordered pairs of pieces breaking a colour rule (edge contact)."""
    kind = KINDS[area["kind"]]
    restricted = ("orange", "red") if kind.house else ("green",)
    owner: dict[tuple[int, int], int] = {}
    for i, (item, turn, row, col) in enumerate(area["pieces"]):
        if item_colour(item) in restricted:
            for dr, dc in orientations(item)[turn]:
                owner[(row + dr, col + dc)] = i
    pairs = set()
    for (r, c), i in owner.items():
        for j in (owner.get((r + 1, c)), owner.get((r, c + 1))):
            a = area["pieces"][i][0]
            if j is not None and j != i and item_colour(area["pieces"][j][0]) == item_colour(a):
                pairs.add((min(i, j), max(i, j)))
    return len(pairs)
