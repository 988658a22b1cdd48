"""Vikings component data, loaded once at import from `data/components.json`.

Everything the rules need to know about the physical game (tile kinds and edges, ship
sails and values, special tiles, starting money) is read here and turned into the
small lookup tables the engine uses on its hot path. Nothing here changes during play;
no rules live here beyond "which row does a colour stand in".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "components.json").read_text())

COLOURS: list[str] = DATA["colours"]  # the basic offer order (V-37)
TRADES: dict[str, str] = DATA["trades"]
PER_COLOUR: int = DATA["vikings_per_colour"]
SHIP_ROW = 0
ISLAND_ROWS = range(1, 6)
# V-7: row index of each colour; boatsmen (grey) have no row.
ROW_OF: dict[str, int] = {colour: i for i, colour in enumerate(DATA["rows"]) if i > 0}
COLOUR_OF_ROW: dict[int, str] = {row: colour for colour, row in ROW_OF.items()}
WARRIOR, NOBLE, SCOUT, GOLDSMITH, FISHERMAN, BOATSMAN = "black", "red", "green", "yellow", "blue", "grey"

ISLANDS: dict[str, dict[str, Any]] = DATA["island_tiles"]
SHIPS: dict[str, dict[str, Any]] = DATA["ship_tiles"]
START_TILE: str = DATA["start_tile"]
LEFT_SEA: dict[str, bool] = {kind: t["left"] == "sea" for kind, t in ISLANDS.items()}
RIGHT_SEA: dict[str, bool] = {kind: t["right"] == "sea" for kind, t in ISLANDS.items()}
# V-71: a ship reaches from the warrior row down to the row of its sail colour.
SHIP_REACH: dict[str, int] = {kind: ROW_OF[t["sail"]] for kind, t in SHIPS.items()}

TILE_COUNTS: dict[str, int] = {k: t["count"] for k, t in ISLANDS.items()} | {k: t["count"] for k, t in SHIPS.items()}
START_TILES: int = sum(t["start_tiles"] for t in ISLANDS.values())
# V-22: every tile except the start tiles goes into the six stacks.
STACK_TILES: dict[str, int] = {k: n - ISLANDS.get(k, {}).get("start_tiles", 0) for k, n in TILE_COUNTS.items()}
STACKS: int = DATA["stacks"]
STACK_SIZE: int = DATA["stack_size"]

START_GOLD: dict[int, int] = {int(n): g for n, g in DATA["start_gold"].items()}
START_VP: int = DATA["start_vp"]
COINS: int = sum(int(value) * n for value, n in DATA["coins"].items())

SPECIALS: dict[str, dict[str, Any]] = DATA["special_tiles"]
DISPLAY_SIZE: int = DATA["display_size"]
# S11: the building tile that matches each middle tile kind, and back.
BUILDING_OF: dict[str, str] = {sid: t["building"] for sid, t in SPECIALS.items() if "building" in t}
BUILDING_FOR_TILE: dict[str, str] = {tile: sid for sid, tile in BUILDING_OF.items()}
