"""The schema of Hunters & Gatherers' moves and table (server.games.schema), as data.

Written next to `view.py` and kept true by tests/games/test_schema.py, which validates
every view and every legal move of random games against it. Every seat and every
spectator see the same table (no secrets: view.py).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import GameSchema, MoveDoc

SEAT = {"type": "integer", "minimum": 0, "maximum": 4}
SQUARE = {"type": "string", "pattern": "^-?[0-9]+,-?[0-9]+$", "description": 'a map square "x,y"'}
TILE = {"type": "string", "pattern": "^[STB][0-9]{2}$", "description": "a tile id of data/hunters-gatherers-tiles.json"}
ITEMS = ("rivers", "forests", "mushrooms", "huts", "meadows")
POINTS = {
    "type": "object",
    "description": "points by scoring item (H-37, H-38, H-64..H-66)",
    "properties": {item: {"type": "integer", "minimum": 0} for item in ITEMS},
    "required": list(ITEMS),
    "additionalProperties": False,
}


def _seats(items: dict[str, Any], doc: str) -> dict[str, Any]:
    return {"type": "array", "items": items, "minItems": 2, "maxItems": 5, "description": doc}


FIGURE = {
    "type": "object",
    "description": "a clan member or hut on the map",
    "properties": {
        "seat": SEAT | {"description": "its owner"},
        "role": {
            "enum": ["hunter", "gatherer", "fisher", "hut"],
            "description": "hunter on a meadow, gatherer in a forest, fisher on a river or lake, or a hut (H-24, H-26)",
        },
        "at": SQUARE | {"description": "the square of its tile"},
        "segment": {"type": "integer", "minimum": 0, "description": "its segment of that tile (tiles.py)"},
        "shrine": {"const": True, "description": "present when a hunter stands on a shrine's meadow (H-77)"},
    },
    "required": ["seat", "role", "at", "segment"],
    "additionalProperties": False,
}

PROMPT = {
    "description": "the decision owed now, or null once the game is over",
    "anyOf": [
        {"type": "null"},
        {
            "type": "object",
            "description": "lay the tile in hand (H-14 step 1)",
            "properties": {
                "seat": SEAT | {"description": "the seat asked"},
                "ask": {"const": "place"},
                "tile": TILE | {"description": "the tile to lay"},
                "bonus": {"type": "boolean", "description": "a bonus tile of a bonus turn (H-68)"},
            },
            "required": ["seat", "ask", "tile", "bonus"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "description": "place a clan member or hut on the tile just laid, or pass (H-14 step 2)",
            "properties": {
                "seat": SEAT | {"description": "the seat asked"},
                "ask": {"const": "figure"},
                "at": SQUARE | {"description": "where the tile was laid"},
                "tile": TILE | {"description": "the tile just laid"},
                "clan": {"type": "integer", "minimum": 0, "description": "clan members free to place now"},
                "huts": {"type": "integer", "minimum": 0, "description": "huts left in supply"},
            },
            "required": ["seat", "ask", "at", "tile", "clan", "huts"],
            "additionalProperties": False,
        },
    ],
}

TABLE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "players": {"type": "integer", "minimum": 2, "maximum": 5, "description": "how many seats play"},
        "map": {
            "type": "object",
            "description": 'the laid tiles by square "x,y" (x grows to the east, y to the south; S00 at 0,0)',
            "propertyNames": {"pattern": "^-?[0-9]+,-?[0-9]+$"},
            "additionalProperties": {
                "type": "object",
                "description": "the tile laid on that square",
                "properties": {
                    "tile": TILE,
                    "rotation": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 3,
                        "description": "quarter turns clockwise",
                    },
                },
                "required": ["tile", "rotation"],
                "additionalProperties": False,
            },
        },
        "figures": {"type": "array", "items": FIGURE, "description": "every figure on the map, in placing order"},
        "supply": _seats(
            {
                "type": "object",
                "properties": {
                    "clan": {"type": "integer", "minimum": 0, "maximum": 5, "description": "clan members in supply"},
                    "huts": {"type": "integer", "minimum": 0, "maximum": 2, "description": "huts in supply"},
                },
                "required": ["clan", "huts"],
                "additionalProperties": False,
            },
            "each seat's figures not on the map (H-12)",
        ),
        "points": _seats(POINTS, "each seat's points so far, by item"),
        "scores": _seats({"type": "integer", "minimum": 0}, "each seat's total so far"),
        "laps": _seats(
            {"type": "integer", "minimum": 0},
            "each seat's laps of the 50-space score track (H-80)",
        ),
        "hand": {
            "anyOf": [TILE, {"type": "null"}],
            "description": "the drawn tile, shown to all (HA-26); null between draws",
        },
        "discards": {
            "type": "array",
            "items": TILE,
            "description": "tiles drawn with no legal place, set aside (H-20, H-71)",
        },
        "land_left": {"type": "integer", "minimum": 0, "description": "tiles left in the land stack (H-10)"},
        "bonus_left": {"type": "integer", "minimum": 0, "description": "tiles left in the bonus stack (H-11)"},
        "to_act": {
            "type": "array",
            "items": SEAT,
            "maxItems": 1,
            "description": "the seat to decide now ([] once over)",
        },
        "prompt": PROMPT,
        "scored": {
            "type": "array",
            "description": "every scoring so far, oldest first",
            "items": {
                "type": "object",
                "properties": {
                    "feature": {
                        "enum": ["river", "forest", "river_system", "meadow"],
                        "description": "what was scored",
                    },
                    "tiles": {"type": "integer", "minimum": 1, "description": "its tiles (rivers and forests)"},
                    "points": {"type": "integer", "minimum": 0, "description": "points each winner got"},
                    "seats": {"type": "array", "items": SEAT, "description": "the winners of the majority (H-39)"},
                },
                "required": ["feature", "points", "seats"],
                "additionalProperties": False,
            },
        },
        "result": {
            "description": "the final result once over (as in the room's `result`), else null",
            "type": ["object", "null"],
            "properties": {
                "scores": _seats({"type": "integer"}, "final scores in seat order"),
                "winners": {"type": "array", "items": SEAT, "description": "the winning seats"},
                "breakdown": _seats(POINTS, "each seat's final points by item"),
            },
            "required": ["scores", "winners", "breakdown"],
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}
TABLE["required"] = list(TABLE["properties"])

SEGMENT = {
    "type": "integer",
    "minimum": 0,
    "description": "a segment of the tile just laid (tiles.py: forests, rivers, lakes, meadows)",
}

SCHEMA = GameSchema(
    table=TABLE,
    viewers="No secrets: every seat and every spectator see the same table (HA-26). The stacks' order is "
    "hidden; their sizes show.",
    fields={
        "x": {"type": "integer", "description": "the square's column (east is +1)"},
        "y": {"type": "integer", "description": "the square's row (south is +1)"},
        "rotation": {"type": "integer", "minimum": 0, "maximum": 3, "description": "quarter turns clockwise (H-19)"},
        "segment": SEGMENT,
    },
    moves={
        "place": MoveDoc(
            "H-17",
            "Lay the tile in hand on a square touching the map, sides matching (H-18, H-19).",
            {"type": "place", "x": 1, "y": 0, "rotation": 3},
        ),
        "clan": MoveDoc(
            "H-24",
            "Put a clan member on a segment of the tile just laid: it becomes a hunter, gatherer or fisher.",
            {"type": "clan", "segment": 0},
        ),
        "hut": MoveDoc(
            "H-26", "Put a hut on a river piece or lake of the tile just laid.", {"type": "hut", "segment": 1}
        ),
        "pass": MoveDoc("H-22", "Place no figure this turn.", {"type": "pass"}),
    },
)
