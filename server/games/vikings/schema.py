"""The schema of Vikings' moves and table (server.games.schema), as data.

Written next to `view.py` and kept true by tests/games/test_schema.py, which validates
every view and every legal move of random games against it. Every seat and every
spectator see the same table (VA-21): the bag, the stacks and the special-tile pile are
never shown, not even their sizes.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import GameSchema, MoveDoc
from server.games.vikings.components import COLOURS, SHIPS, SPECIALS, TILE_COUNTS
from server.games.vikings.treasury import VP_ITEMS

SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
COUNT = {"type": "integer", "minimum": 0}
COLOUR = {"enum": list(COLOURS), "description": "a viking colour"}
TILE = {"enum": list(TILE_COUNTS), "description": "a tile kind: island L, MA..MD, R; ship SR, SG, SY, SB"}
SPECIAL = {"enum": list(SPECIALS), "description": "a special tile (advanced version, section 13)"}


def _counts(keys: list[str], doc: str, open_keys: bool = False) -> dict[str, Any]:
    """A map of counts by name: every name present, or (open_keys) only those held."""
    props = {k: COUNT for k in keys}
    if open_keys:
        return {"type": "object", "description": doc, "properties": props, "additionalProperties": False}
    return {"type": "object", "description": doc, "properties": props, "required": keys, "additionalProperties": False}


CELL = {
    "description": "a position of a row: null (empty), a ship {t} or an island tile {t, v, b?}",
    "anyOf": [
        {"type": "null"},
        {
            "type": "object",
            "properties": {"t": {"enum": list(SHIPS), "description": "the ship's kind"}},
            "required": ["t"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "t": {"enum": [k for k in TILE_COUNTS if k not in SHIPS], "description": "the island tile's kind"},
                "v": {"anyOf": [COLOUR, {"type": "null"}], "description": "the viking standing on it, if any"},
                "b": {"enum": [s for s in SPECIALS if s.startswith("S11")], "description": "an S11 building on it"},
            },
            "required": ["t", "v"],
            "additionalProperties": False,
        },
    ],
}

FJORD: dict[str, Any] = {
    "type": "object",
    "description": "a player's home fjord and treasury",
    "properties": {
        "gold": COUNT | {"description": "gold in hand"},
        "vp": COUNT | {"description": "victory points (never below 0, VA-10)"},
        "vp_items": {
            "type": "object",
            "description": "the VP by where they came from (start, converted, each scoring item)",
            "properties": {k: {"type": "integer"} for k in VP_ITEMS},
            "required": list(VP_ITEMS),
            "additionalProperties": False,
        },
        "cut": COUNT | {"description": "VP losses the floor of 0 swallowed (VA-10)"},
        "rows": {
            "type": "array",
            "description": "row 0 the ship row, rows 1-5 the island rows (V-7); index i is column i + 1 (V-8)",
            "prefixItems": [{"type": "array", "items": CELL}] * 6,
            "minItems": 6,
            "maxItems": 6,
        },
        "home": _counts(list(COLOURS), "vikings waiting in the home fjord, by colour"),
        "start_tile": {"type": "boolean", "description": "the start tile still lies beside the fjord (V-62)"},
        "specials": {
            "type": "object",
            "description": "special tiles held, by id (S11 buildings are on their tiles instead)",
            "propertyNames": SPECIAL,
            "additionalProperties": COUNT,
        },
        "waiting": {"type": "array", "items": SPECIAL, "description": "S11 buildings earned, not yet laid (V-135)"},
        "locked": {"type": "boolean", "description": "no more special tiles after a purchase at 0 (VD-9 option)"},
    },
    "additionalProperties": False,
}
FJORD["required"] = list(FJORD["properties"])

PROMPT = {
    "description": "the decision owed now and by whom (moves.py lists what each `ask` accepts), or null",
    "type": ["object", "null"],
    "properties": {
        "seat": SEAT | {"description": "the seat asked"},
        "ask": {
            "enum": [
                "bid",
                "box",
                "colour",
                "buy",
                "special",
                "exchange",
                "place",
                "start",
                "viking",
                "boatsman",
                "carry",
            ],
            "description": "the decision owed",
        },
        "forced": {"type": "boolean", "description": "boatsman, carry: transport is forced (V-83)"},
        "special": SPECIAL | {"description": "exchange: the S11 building to lay"},
    },
    "required": ["seat", "ask"],
    "additionalProperties": False,
}

OPTIONS = {
    "type": "object",
    "description": "the room's options, all of them (the lobby's /api/games names them)",
    "additionalProperties": {"type": ["boolean", "integer", "string"]},
}

TABLE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "players": {"type": "integer", "minimum": 2, "maximum": 4, "description": "how many seats play"},
        "options": OPTIONS,
        "round": {"type": "integer", "minimum": 1, "maximum": 6, "description": "the round, 1 to 6"},
        "start": SEAT | {"description": "the start player of this round"},
        "prompt": PROMPT,
        "wheel": {
            "description": "the offer around the wheel, or null between rounds",
            "type": ["object", "null"],
            "properties": {
                "offset": COUNT | {"description": "how far the wheel turned: a set's price is space - offset (VA-1)"},
                "spaces": {
                    "type": "array",
                    "minItems": 12,
                    "maxItems": 12,
                    "description": "the 12 spaces: a set {tile, viking} or null once bought",
                    "items": {
                        "anyOf": [
                            {"type": "null"},
                            {
                                "type": "object",
                                "properties": {
                                    "tile": TILE,
                                    "viking": {
                                        "anyOf": [COLOUR, {"type": "null"}],
                                        "description": "the viking sold with it, if any",
                                    },
                                },
                                "required": ["tile", "viking"],
                                "additionalProperties": False,
                            },
                        ]
                    },
                },
            },
            "required": ["offset", "spaces"],
            "additionalProperties": False,
        },
        "bought": {"type": "integer", "minimum": 0, "maximum": 12, "description": "sets bought this round"},
        "hand": {
            "description": "the set just bought, being placed, or null",
            "type": ["object", "null"],
            "properties": {
                "tile": TILE,
                "viking": COLOUR,
                "pos": {
                    "description": "where its tile was laid [row, col], null before",
                    "anyOf": [
                        {"type": "null"},
                        {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
                    ],
                },
            },
            "required": ["tile", "viking", "pos"],
            "additionalProperties": False,
        },
        "drawn": _counts(list(COLOURS), "advanced: the 13 vikings drawn for the auction, not yet on the wheel (V-110)"),
        "auction": {
            "description": "advanced: the start-player auction under way (V-110), or null",
            "type": ["object", "null"],
            "properties": {
                "high": COUNT | {"description": "the highest bid in gold"},
                "leader": {"anyOf": [SEAT, {"type": "null"}], "description": "who bid it"},
                "passed": {"type": "array", "items": {"type": "boolean"}, "description": "by seat"},
            },
            "required": ["high", "leader", "passed"],
            "additionalProperties": False,
        },
        "display": {
            "type": "array",
            "maxItems": 4,
            "items": {"anyOf": [SPECIAL, {"type": "null"}]},
            "description": "advanced: the special tiles on display (V-116); [] in the base game",
        },
        "scoring": {
            "description": "a large scoring under way: the next seat to score and whether it is done, or null",
            "type": ["object", "null"],
            "properties": {"next": COUNT, "done": {"type": "boolean"}},
            "required": ["next", "done"],
            "additionalProperties": False,
        },
        "trip": {
            "description": "a boatsman's trip under way (V-80), or null",
            "type": ["object", "null"],
            "properties": {
                "mode": {
                    "enum": ["colour", "each", "one"],
                    "description": "all of one colour, one of each, or one (V-115)",
                },
                "colour": {"anyOf": [COLOUR, {"type": "null"}], "description": "mode colour: which"},
                "carried": {"type": "array", "items": COLOUR, "description": "vikings carried so far"},
            },
            "required": ["mode", "colour", "carried"],
            "additionalProperties": False,
        },
        "fjords": {"type": "array", "items": FJORD, "minItems": 2, "maxItems": 4, "description": "by seat"},
        "bank": COUNT | {"description": "gold left in the bank"},
        "removed": {
            "type": "object",
            "description": "what left the game (discarded tiles, boxed vikings, used special tiles)",
            "properties": {
                "tiles": _counts(list(TILE_COUNTS), "tiles by kind"),
                "vikings": _counts(list(COLOURS), "vikings by colour"),
                "specials": _counts(list(SPECIALS), "special tiles by id"),
            },
            "required": ["tiles", "vikings", "specials"],
            "additionalProperties": False,
        },
        "over": {"type": "boolean", "description": "the game has ended (after the sixth round's scoring)"},
        "to_act": {
            "type": "array",
            "items": SEAT,
            "maxItems": 1,
            "description": "the seat the prompt asks ([] once over)",
        },
    },
    "additionalProperties": False,
}
TABLE["required"] = list(TABLE["properties"])

ROW = {"type": "integer", "minimum": 0, "maximum": 5, "description": "a row of the fjord: 0 ships, 1-5 islands (V-7)"}
COL = {"type": "integer", "minimum": 1, "description": "a column, counted from 1 at the home fjord (V-8)"}

SCHEMA = GameSchema(
    table=TABLE,
    viewers="No secrets: every seat and every spectator see the same table (VA-21). The bag, the tile stacks and "
    "the special-tile pile are never shown, not even their sizes.",
    fields={
        "amount": {"type": "integer", "minimum": 1, "description": "gold bid"},
        "colour": COLOUR,
        "slot": {"type": "integer", "minimum": 0, "maximum": 11, "description": "a space of the wheel (not the price)"},
        "space": {"type": "integer", "minimum": 0, "maximum": 3, "description": "a space of the special-tile display"},
        "row": ROW,
        "col": COL,
        "vp": {"type": "integer", "minimum": 1, "description": "victory points to turn into gold"},
        "to": {"enum": ["tile", "home"], "description": "the viking goes on its tile or to the home fjord"},
        "mode": {
            "enum": ["colour", "each", "one"],
            "description": "all of one colour, one of each colour, or one viking",
        },
    },
    moves={
        "bid": MoveDoc("V-111", "Bid gold for the start player in the auction.", {"type": "bid", "amount": 3}),
        "pass": MoveDoc("V-110", "Leave the auction.", {"type": "pass"}),
        "box": MoveDoc(
            "V-112",
            "The auction's winner puts a viking of this colour back in the box.",
            {"type": "box", "colour": "grey"},
        ),
        "colour": MoveDoc(
            "V-112",
            "The auction's winner lays the drawn vikings out, colour by colour: this one next.",
            {"type": "colour", "colour": "red"},
        ),
        "buy": MoveDoc("V-45", "Buy the set on this space of the wheel for its price.", {"type": "buy", "slot": 4}),
        "special": MoveDoc(
            "V-117",
            "Take a special tile from the display after buying the dearest set.",
            {"type": "special", "space": 1},
        ),
        "decline": MoveDoc("V-117", "Take no special tile.", {"type": "decline"}),
        "exchange": MoveDoc(
            "V-135", "Lay the S11 building on this island tile of its kind.", {"type": "exchange", "row": 2, "col": 1}
        ),
        "place": MoveDoc(
            "V-55",
            "Lay the bought tile here: ships in row 0 (V-56), islands in rows 1-5 (V-57).",
            {"type": "place", "row": 3, "col": 1},
        ),
        "start": MoveDoc(
            "V-62", "Lay the start tile in this row first (the first purchase of a game).", {"type": "start", "row": 2}
        ),
        "discard": MoveDoc(
            "V-61", "The bought island tile has no legal place: it leaves the game.", {"type": "discard"}
        ),
        "viking": MoveDoc(
            "V-65",
            "Stand the bought viking on its tile, or send it to the home fjord (V-66).",
            {"type": "viking", "to": "tile"},
        ),
        "boatsman": MoveDoc(
            "V-80",
            "Spend a boatsman on a trip at a large scoring: all of one colour, one of each, or one viking (V-115).",
            {"type": "boatsman", "mode": "colour", "colour": "blue"},
        ),
        "carry": MoveDoc(
            "V-80",
            "Carry a viking of the trip to this empty island tile of its colour's row.",
            {"type": "carry", "row": 1, "col": 2},
        ),
        "land": MoveDoc("V-80", "End the trip here.", {"type": "land"}),
        "done": MoveDoc("V-82", "Use no more boatsmen in this scoring.", {"type": "done"}),
        "convert": MoveDoc(
            "V-50",
            "Turn victory points into gold, 1 for 1, at any time, out of turn too.",
            {"type": "convert", "vp": 2},
        ),
    },
)
