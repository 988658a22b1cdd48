"""The component data of A Feast for Odin, loaded once at import and indexed for the engine.

Every fact comes from the JSON files in `data/` (verbatim copies of the shared component
data); this module only reshapes them into lookups: goods by id with their colour and
shape, action spaces by id, grids of the home board, exploration boards and houses, ship
and building values, mountain strips, weapons and occupations. Nothing here is mutable
state and nothing here decides a rule: the rule modules read these tables.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"
DATA_FILES = (
    "action_spaces.json",
    "buildings.json",
    "exploration_boards.json",
    "goods.json",
    "home_board.json",
    "mountains.json",
    "occupations.json",
    "rules_notes.json",
    "ships.json",
    "special_tiles.json",
    "weapons.json",
)


def _load(name: str) -> Any:
    with open(DATA_DIR / name, encoding="utf-8") as f:
        return json.load(f)


RAW: dict[str, Any] = {name[: -len(".json")]: _load(name) for name in DATA_FILES}

# Goods: colour, shape and the tile's other side (F-104, F-105).
GOODS: dict[str, dict[str, Any]] = {g["id"]: g for g in RAW["goods"]["goods"]}
SPECIALS: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["special_tiles"]["tiles"]}
COLOUR: dict[str, str] = {gid: g["colour"] for gid, g in GOODS.items()}
COLOUR.update({tid: "blue" for tid in SPECIALS})
ANIMALS = tuple(gid for gid, g in GOODS.items() if g.get("animal"))
ANIMAL_VP: dict[str, int] = {gid: GOODS[gid]["vp"] for gid in ANIMALS}
FOOD_COLOURS = ("orange", "red")

# The one-horizontal-tile rule counts both faces of an animal as one type (A-A-02).
FEAST_TYPE: dict[str, str] = {gid: gid for gid in GOODS}
for _gid in ANIMALS:
    if _gid.startswith("pregnant_"):
        FEAST_TYPE[_gid] = _gid[len("pregnant_") :]

# Upgrade chains by shape (F-462): good -> the good one colour higher.
UPGRADE: dict[str, str] = {}
for _chain in RAW["goods"]["upgrade_chains"]:
    steps = [g for g in _chain["chain"] if g is not None]
    for lower, upper in zip(steps, steps[1:], strict=False):
        UPGRADE[lower] = upper
        if lower in ANIMALS:
            UPGRADE["pregnant_" + lower] = upper

SWORD: dict[str, int] = {row["id"]: row["sword"] for row in RAW["rules_notes"]["sword_value_table"]}
COIN_VALUES: tuple[int, ...] = tuple(d["value"] for d in RAW["goods"]["silver"]["denominations"])
COIN_SHAPE: dict[int, dict[str, int]] = {d["value"]: d["shape"] for d in RAW["goods"]["silver"]["denominations"]}

# Action spaces (F-400).
SPACES: dict[str, dict[str, Any]] = {sp["id"]: sp for sp in RAW["action_spaces"]["spaces"]}
EXTENSION_TILES: list[dict[str, Any]] = RAW["action_spaces"]["four_player_extension_tiles"]["tiles"]

# Home board, banquet table and round track (F-121, F-122, F-212).
HOME = RAW["home_board"]
BANQUET = HOME["banquet_table"]
ROUND_TRACK: dict[str, Any] = HOME["round_track"]
HARVEST_MEANING: dict[str, list[str]] = {k: v for k, v in ROUND_TRACK["harvest_meaning"].items() if isinstance(v, list)}
HARBOUR = HOME["harbour"]

# Exploration boards (F-140, F-221).
EXPLORATION: dict[str, dict[str, Any]] = {b["id"]: b for b in RAW["exploration_boards"]["boards"]}
FLIP_SCHEDULE: dict[str, dict[str, int]] = RAW["exploration_boards"]["flip_schedule"]
PAIRS: dict[str, dict[str, str]] = {}
for _b in RAW["exploration_boards"]["boards"]:
    PAIRS.setdefault(_b["board_pair"], {})[_b["side"]] = _b["id"]

# Buildings, ships, mountains, weapons, occupations.
BUILDINGS: dict[str, dict[str, Any]] = {b["id"]: b for b in RAW["buildings"]["buildings"]}
SHIPS: dict[str, dict[str, Any]] = {s["id"]: s for s in RAW["ships"]["ships"]}
STRIPS: dict[int, list[str]] = {s["id"]: s["slots"] for s in RAW["mountains"]["strips"]}
WEAPON_DECK: dict[str, int] = {w["id"]: w["count"] for w in RAW["weapons"]["deck"]}
STARTING_WEAPONS: dict[str, int] = RAW["weapons"]["starting_weapons_per_player"]
STARTING_ITEMS: dict[str, int] = {
    k: v for k, v in RAW["weapons"]["other_starting_items"].items() if k != "starting_occupation_cards"
}
OCCUPATIONS: dict[str, dict[str, Any]] = {c["id"]: c for c in RAW["occupations"]["cards"]}
