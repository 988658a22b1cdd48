"""The tile catalogue: every land and bonus tile, read once from the data file.

A tile is cut into *segments*, the smallest pieces a figure can stand on: its forest
areas, river pieces, lakes and meadow areas, always in that order and in data-file
order within each kind, so a segment index (what a figure move names) is stable.
For each of the four rotations the catalogue precomputes which segment sits on which
side or meadow half-edge, and for every neighbour pattern which rotations fit (H-18),
so placement search is a dictionary lookup per open square.

Directions are indexed N=0, E=1, S=2, W=3; meadow half-edges N0 N1 E0 E1 S0 S1 W0 W1 are
0..7 (components file, section 2). Rotation r turns the tile r quarter turns clockwise.
This module knows nothing of game state.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path

DATA_FILE = Path(__file__).with_name("data") / "hunters-gatherers-tiles.json"

SIDES = "NESW"
HALVES = ("N0", "N1", "E0", "E1", "S0", "S1", "W0", "W1")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # x grows to the east, y to the south
OPEN = "."  # a side of an empty square with no neighbour yet


def across(half: int) -> int:
    """The half-edge a meadow half meets on the neighbouring tile (N0<->S1, N1<->S0, ...)."""
    return ((half // 2 + 2) % 4) * 2 + 1 - half % 2


@dataclass(frozen=True)
class Segment:
    """One piece of a tile a figure can stand on, with what it brings to its feature."""

    kind: str  # "forest", "river", "lake" or "meadow"
    ends: int = 0  # sides this forest or river piece reaches (its open ends when alone)
    nugget: bool = False
    mushrooms: int = 0
    lakes: tuple[int, ...] = ()  # local lake segments ending this river piece
    springs: int = 0
    fish: int = 0
    animals: dict[str, int] = field(default_factory=dict)
    fire: bool = False
    shrine: bool = False


@dataclass(frozen=True)
class Turned:
    """A tile under one rotation: side kinds and which segment lies on each side/half."""

    sides: str  # e.g. "MFFR", clockwise from north
    forest: tuple[int, ...]  # per side: forest segment or -1
    river: tuple[int, ...]  # per side: river segment or -1
    meadow: tuple[int, ...]  # per half-edge: meadow segment or -1


@dataclass(frozen=True)
class Tile:
    id: str
    kind: str  # "start", "land" or "bonus"
    segments: tuple[Segment, ...]
    turned: tuple[Turned, ...]  # by rotation 0..3
    fits: dict[str, tuple[int, ...]]  # neighbour pattern -> rotations that match it


def _segments(raw: dict) -> tuple[list[Segment], list[int], list[int], list[int]]:
    """The tile's segments and, unrotated, its side and half-edge maps."""
    segs: list[Segment] = []
    forest, river, meadow = [-1] * 4, [-1] * 4, [-1] * 8
    for area in raw["forests"]:
        for side in area["sides"]:
            forest[SIDES.index(side)] = len(segs)
        segs.append(Segment("forest", len(area["sides"]), area["gold_nugget"], area["mushrooms"]))
    first_lake = len(segs) + len(raw["rivers"])
    lake_index = {lake["id"]: first_lake + i for i, lake in enumerate(raw["lakes"])}
    for piece in raw["rivers"]:
        sides = [e for e in piece["ends"] if e in SIDES]
        for side in sides:
            river[SIDES.index(side)] = len(segs)
        lakes = tuple(lake_index[e] for e in piece["ends"] if e in lake_index)
        springs = piece["ends"].count("spring")
        segs.append(Segment("river", len(sides), lakes=lakes, springs=springs))
    segs.extend(Segment("lake", fish=lake["fish"]) for lake in raw["lakes"])
    for area in raw["meadows"]:
        for half in area["halves"]:
            meadow[HALVES.index(half)] = len(segs)
        segs.append(
            Segment(
                "meadow",
                animals=dict(area["animals"]),
                fire=bool(area.get("fire")),
                shrine=bool(area.get("shrine")),
            )
        )
    return segs, forest, river, meadow


def _turn(raw: dict, forest: list[int], river: list[int], meadow: list[int], r: int) -> Turned:
    sides = "".join(raw["sides"][SIDES[(d - r) % 4]] for d in range(4))
    return Turned(
        sides,
        tuple(forest[(d - r) % 4] for d in range(4)),
        tuple(river[(d - r) % 4] for d in range(4)),
        tuple(meadow[(h - 2 * r) % 8] for h in range(8)),
    )


def _fits(turned: tuple[Turned, ...]) -> dict[str, tuple[int, ...]]:
    """For every pattern of neighbour sides (with at least one neighbour), the rotations
    whose sides match it: 255 patterns per tile, computed once at import."""
    fits: dict[str, tuple[int, ...]] = {}
    for pattern in itertools.product("FMR" + OPEN, repeat=4):
        if pattern == (OPEN,) * 4:
            continue
        rots = tuple(
            r for r, t in enumerate(turned) if all(p in (OPEN, s) for p, s in zip(pattern, t.sides, strict=True))
        )
        if rots:
            fits["".join(pattern)] = rots
    return fits


def _tile(raw: dict) -> Tile:
    segs, forest, river, meadow = _segments(raw)
    turned = tuple(_turn(raw, forest, river, meadow, r) for r in range(4))
    return Tile(raw["id"], raw["kind"], tuple(segs), turned, _fits(turned))


def _load() -> tuple[dict, dict[str, Tile]]:
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    tiles: dict[str, Tile] = {}
    for entry in [raw["start_tile"], *raw["land_tiles"], *raw["bonus_tiles"]]:
        for copy in range(entry["count"]):
            # Copy counts are 1 in the data; further copies would get their own ids.
            tid = entry["id"] if copy == 0 else f"{entry['id']}.{copy + 1}"
            tiles[tid] = _tile(entry)
    return raw, tiles


RAW, TILES = _load()
START = RAW["start_tile"]["id"]
LAND = tuple(t for t, tile in TILES.items() if tile.kind == "land")
BONUS = tuple(t for t, tile in TILES.items() if tile.kind == "bonus")
