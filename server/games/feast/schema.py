"""The schema of A Feast for Odin's moves and table (server.games.schema), as data.

Written next to `view.py` and kept true by tests/games/test_schema.py, which validates
every view and every legal move of random games against it. What differs per viewer
(view.py): a seat sees its own occupation hand (`hand`, `hand_cards`) and its cards'
private state (`card_state`) in its own entry of `seats`, and the options of a card's
prompt addressed to it; the others, spectators included, see only the hand's size and
how many options there are.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import GameSchema, MoveDoc

SEAT = {"type": "integer", "minimum": 0, "maximum": 3}
COUNT = {"type": "integer", "minimum": 0}
NAME = {"type": "string", "maxLength": 64}
CARD = {"type": "string", "pattern": "^[0-9]+[A-Ca-c]$", "description": "an occupation card id (data/occupations.json)"}
COUNTS = {"type": "object", "propertyNames": NAME, "additionalProperties": COUNT}


def _closed(props: dict[str, Any], doc: str, optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """An object with exactly these properties (those in `optional` may be missing)."""
    return {
        "type": "object",
        "description": doc,
        "properties": props,
        "required": [k for k in props if k not in optional],
        "additionalProperties": False,
    }


CARD_FACE = _closed(
    {
        "id": CARD,
        "name": {"type": "string", "description": "the card's English name"},
        "deck": {"enum": ["A", "B", "C", "a", "b", "c"], "description": "its deck; lower case: a starting card"},
        "vp": {"type": "integer", "description": "points it scores at the end"},
        "colours": {"type": "array", "items": NAME, "description": "its colour bands"},
        "text": {"type": "string", "description": "a summary of its effect"},
        "cost": {"type": "null", "description": "always null: a card costs what the space playing it costs"},
        "playable": {"type": "boolean", "description": "it may be played now (own hand only)"},
    },
    "an occupation card as clients show it (F-600)",
)

AREA = _closed(
    {
        "kind": {"type": "string", "description": "home, an exploration board side, stone_house or long_house"},
        "cover": {
            "type": "array",
            "items": COUNT,
            "description": "per row, the bit mask of covered cells (bit c: column c)",
        },
        "green": {"type": "array", "items": COUNT, "description": "per row, the cells covered by green goods"},
        "orange": {"type": "array", "items": COUNT, "description": "per row, the cells covered by orange goods"},
        "red": {"type": "array", "items": COUNT, "description": "per row, the cells covered by red goods"},
        "pieces": {
            "type": "array",
            "description": "what lies on it, in placing order: [item, turn (quarter turns), row, col]",
            "items": {
                "type": "array",
                "prefixItems": [NAME, COUNT, {"type": "integer"}, {"type": "integer"}],
                "minItems": 4,
                "maxItems": 4,
            },
        },
        "lenient": {"const": True, "description": "the lenient placement option: colour errors cost a Thing (F-772)"},
        "wood": COUNT | {"description": "stone house: wood on its slot"},
        "stone": COUNT | {"description": "stone house: stone on its slot"},
    },
    "a placement area: the home board, an exploration board or a house (F-301..F-335)",
    optional=("lenient", "wood", "stone"),
)

SEAT_VIEW = _closed(
    {
        "thing": COUNT | {"description": "Vikings on the Thing square, free to place (F-123)"},
        "waiting": COUNT | {"description": "solo: Vikings of the second colour still to come (F-803)"},
        "table": {
            "type": "array",
            "items": COUNT,
            "minItems": 12,
            "maxItems": 12,
            "description": "Vikings on each of the 12 banquet-table cells (F-123)",
        },
        "emigrated": {"type": "array", "items": NAME, "description": "ships emigrated onto the banquet table (F-431)"},
        "silver": COUNT | {"description": "silver coins"},
        "wood": COUNT | {"description": "wood"},
        "stone": COUNT | {"description": "stone"},
        "ore": COUNT | {"description": "ore"},
        "goods": COUNTS | {"description": "goods tiles held, by good (only those held)"},
        "weapons": COUNTS | {"description": "weapon cards held, by weapon"},
        "ships": {
            "type": "array",
            "description": "ships in the harbour",
            "items": _closed(
                {"type": {"enum": ["whaling_boat", "knarr", "longship"]}, "ore": COUNT}, "a ship and the ore on it"
            ),
        },
        "played": {"type": "array", "items": CARD, "description": "occupations played, by id"},
        "played_cards": {"type": "array", "items": CARD_FACE, "description": "the same, as cards"},
        "areas": {
            "type": "array",
            "items": AREA,
            "minItems": 1,
            "description": "home board first, then boards and houses",
        },
        "sheds": {
            "type": "array",
            "description": "sheds (F-330)",
            "items": _closed({"wood": COUNT, "stone": COUNT}, "a shed's store"),
        },
        "things": COUNT | {"description": "Thing penalties taken at feasts (F-275)"},
        "final_income": {"type": "integer", "description": "last-round income recorded as points (F-297 option)"},
        "passed": {"type": "boolean", "description": "out of this round's actions (F-245)"},
        "draft": {
            "type": ["object", "null"],
            "description": "an item being placed, step by step (place), or null",
            "properties": {"item": NAME, "area": COUNT, "turn": COUNT},
            "required": ["item"],
            "additionalProperties": False,
        },
        "hand_size": COUNT | {"description": "occupation cards in hand"},
        "hand": {"type": "array", "items": CARD, "description": "own seat only: the occupation hand"},
        "hand_cards": {"type": "array", "items": CARD_FACE, "description": "own seat only: the hand as cards"},
        "card_state": {"type": "object", "description": "own seat only: the private state of its cards, by card"},
    },
    "a player's table (F-119)",
    optional=("hand", "hand_cards", "card_state"),
)
OWN = ("hand", "hand_cards", "card_state")

PROMPT = {
    "type": ["object", "null"],
    "description": "the decision owed now (`kind`), by `seat` or by every seat `waiting`; null between decisions",
    "properties": {
        "kind": {
            "enum": [
                "turn",
                "option",
                "play",
                "bonus_play",
                "card",
                "start_card",
                "ready",
                "end",
                "feast",
                "extra_feast",
                "trade",
                "dice",
                "sea_trade",
                "special_sale",
            ],
            "description": "turn: occupy a space or pass; option: pick a variant of the space; play / bonus_play: "
            "occupations; card: a card's question; start_card: the solo starting card; ready, end: confirm a window; "
            "feast, extra_feast: serve the banquet; trade, dice, sea_trade, special_sale: inside an action",
        },
        "seat": SEAT | {"description": "the seat asked"},
        "waiting": {"type": "array", "items": SEAT, "description": "the seats still to decide (simultaneous)"},
        "space": NAME | {"description": "the action space being carried out"},
        "spot": {"type": ["string", "null"], "description": "where the Vikings stand (a copy space or the space)"},
        "options": {
            "type": ["array", "integer"],
            "description": "option: the variants offered; card: its options to its owner, their number to others",
        },
        "optional": {"type": "boolean", "description": "card: it may be declined"},
        "card": CARD | {"description": "card: the occupation asking"},
        "part": COUNT | {"description": "card: which of its questions"},
        "cards": {"type": "array", "items": CARD, "description": "start_card: the choice (F-805)"},
        "min": COUNT | {"description": "play: cards still owed"},
        "left": COUNT | {"description": "play: cards that may still be played; special_sale: tiles"},
        "takes": {"type": "array", "items": COUNT, "description": "trade: mountain takes offered"},
        "used": {"type": "array", "items": COUNT, "description": "trade: takes used"},
        "upgrades": COUNT | {"description": "trade: upgrades left"},
        "levels": COUNT | {"description": "trade: levels per upgrade"},
        "fresh": COUNTS | {"description": "trade: goods just got (not upgradable again)"},
        "acted": {"type": "boolean", "description": "trade: something was done"},
        "die": {"enum": [8, 12], "description": "dice: the die rolled"},
        "aim": {"enum": ["low", "high"], "description": "dice: roll low (hunt) or high (raid)"},
        "mod": {"type": "integer", "description": "dice: what is added to the roll"},
        "rolls": COUNT | {"description": "dice: rolls so far"},
        "roll": {"type": ["integer", "null"], "description": "dice: the last roll"},
        "offered": COUNTS | {"description": "dice: stone and long swords offered to the roll"},
        "stone_value": COUNT | {"description": "dice: what each stone offered adds"},
        "flipped": {"type": "array", "items": NAME, "description": "sea_trade: goods flipped so far"},
        "bought": COUNT | {"description": "special_sale: tiles bought"},
        "spent": COUNT | {"description": "special_sale: silver spent"},
        "off": COUNT | {"description": "special_sale: discount left"},
    },
    "required": ["kind"],
    "additionalProperties": False,
}

FEAST = {
    "type": "array",
    "description": "during the feast (phase 9): each seat's progress along its banquet table (F-270)",
    "items": _closed(
        {
            "pos": COUNT | {"description": "the next cell to fill"},
            "end": COUNT | {"description": "past the last open cell"},
            "horiz": {"type": "array", "items": NAME, "description": "foods laid horizontally so far"},
            "last": {"type": ["string", "null"], "description": "the colour of the last thing served"},
            "laid": {
                "type": "array",
                "description": "what was served, cell by cell",
                "items": _closed(
                    {
                        "at": COUNT,
                        "span": COUNT,
                        "item": {"type": ["string", "null"], "description": "null: the cell left empty (F-275)"},
                        "lay": {"enum": ["h", "v", None], "description": "horizontal or vertical"},
                    },
                    "one serving",
                ),
            },
        },
        "a seat's feast",
    ),
}

PUBLIC_PROPS: dict[str, Any] = {
    "players": {"type": "integer", "minimum": 1, "maximum": 4, "description": "how many seats play"},
    "length": {"enum": ["long", "short"], "description": "the game's length (F-101)"},
    "rounds": {"enum": [6, 7], "description": "rounds in this game"},
    "decks": {"type": "string", "description": "the occupation deck letters in play (F-115)"},
    "round": {"type": "integer", "minimum": 1, "maximum": 7, "description": "the round"},
    "phase": {
        "type": "integer",
        "minimum": 1,
        "maximum": 13,
        "description": "the phase of the round (F-200); 13: the final placement (F-721)",
    },
    "start": SEAT | {"description": "the start player"},
    "turn": SEAT | {"description": "whose action phase turn it is"},
    "spaces": {
        "type": "object",
        "description": "occupied action spaces this round, by space id",
        "additionalProperties": _closed(
            {"seat": SEAT, "n": COUNT, "round": COUNT}, "who stands there, how many Vikings, since when"
        ),
    },
    "copies": COUNTS | {"description": "4 players: the copy spaces and the column each copies (F-111)"},
    "exploration": {
        "type": "object",
        "description": "the exploration boards by pair A-D (F-220)",
        "additionalProperties": _closed(
            {"face": NAME, "silver": COUNT, "owner": {"type": ["integer", "null"]}},
            "its face up side, silver on it, its owner",
        ),
    },
    "mountains": {
        "type": "array",
        "description": "revealed mountain strips (F-130)",
        "items": _closed(
            {
                "id": COUNT | {"description": "the strip's number"},
                "slots": {
                    "type": "array",
                    "items": NAME,
                    "description": "the resources left on it, leftmost first (F-451)",
                },
            },
            "a strip and what is left on it",
        ),
    },
    "buildings": COUNTS | {"description": "houses and sheds left in the stacks"},
    "specials": {"type": "array", "items": NAME, "description": "special tiles still on the board"},
    "weapon_discard": {"type": "array", "items": NAME, "description": "the weapon discard pile"},
    "weapons_created": COUNTS | {"description": "weapons made beyond the deck (F-702)"},
    "prompt": PROMPT,
    "over": {"type": "boolean", "description": "the game has ended"},
    "decks_left": _closed({"weapons": COUNT, "occupations": COUNT, "mountain_strips": COUNT}, "face-down deck sizes"),
    "to_act": {"type": "array", "items": SEAT, "description": "the seats that may decide now"},
    "feast": FEAST,
}


def _table(seats: dict[str, Any]) -> dict[str, Any]:
    props = PUBLIC_PROPS | {"seats": seats}
    required = [k for k in props if k != "feast"]
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_NOT_OWN = {"not": {"anyOf": [{"required": [k]} for k in OWN]}}
_IS_OWN = {"required": list(OWN)}
# a seat's view: exactly one entry (its own) carries the hand; a spectator's: none
TABLE = _table(
    {
        "type": "array",
        "description": "each seat's table, in seat order; the viewer's own holds its hand",
        "items": SEAT_VIEW,
        "contains": _IS_OWN,
        "minContains": 1,
        "maxContains": 1,
    }
)
SPECTATOR = _table(
    {"type": "array", "description": "each seat's table, in seat order, no hand", "items": SEAT_VIEW | _NOT_OWN}
)

SPACE = {"type": "string", "maxLength": 64, "description": "an action space id (data/action_spaces.json)"}
ITEM = {"type": "string", "maxLength": 64, "description": "a good, silver coin or special tile"}

SCHEMA = GameSchema(
    table=TABLE,
    spectator=SPECTATOR,
    viewers="A seat's own entry of `seats` adds its occupation hand (`hand`, `hand_cards`) and its cards' private "
    "state (`card_state`); the other seats and spectators see `hand_size` only. A card's prompt (`kind` card) lists "
    "its `options` to its owner; everyone else sees how many there are.",
    fields={
        "space": SPACE,
        "copy": SPACE | {"description": "the space a 4-player copy space copies (F-111)"},
        "pick": {"type": "integer", "minimum": 0, "description": "the index of an option offered"},
        "card": CARD,
        "item": ITEM,
        "area": {"type": "integer", "minimum": 0, "description": "an index of the seat's `areas`"},
        "turn": {
            "type": "integer",
            "minimum": 0,
            "maximum": 7,
            "description": "one of the item's distinct orientations: quarter turns, then mirror images (special tiles)",
        },
        "row": {"type": "integer", "description": "the row of the item's anchor cell"},
        "col": {"type": "integer", "description": "the column of the item's anchor cell"},
        "lay": {"enum": ["h", "v"], "description": "lay the food horizontally or vertically"},
        "res": {"type": "string", "maxLength": 64, "description": "wood, stone or ore"},
        "shed": {"type": "integer", "minimum": 0, "description": "an index of the seat's `sheds`"},
        "ship": {"type": "integer", "minimum": 0, "description": "an index of the seat's `ships`"},
        "good": {"type": "string", "maxLength": 64, "description": "a good"},
        "to": {"type": "string", "maxLength": 64, "description": "the good it becomes"},
        "tile": {"type": "string", "maxLength": 64, "description": "a good or special tile"},
        "tile2": {"type": "string", "maxLength": 64, "description": "a second tile (Raider 136c)"},
        "wood": {"type": "integer", "minimum": 0, "description": "wood spent on the hunt's roll"},
        "vikings": {"enum": ["return", "stay"], "description": "a failed roll's Vikings go back or stay (F-590)"},
        "strip": {"type": "integer", "minimum": 0, "description": "an index of `mountains`"},
        "n": {"type": "integer", "minimum": 1, "description": "how many resources to take"},
        "part": {"type": "integer", "minimum": 0, "description": "which take of the trade"},
    },
    moves={
        "occupy": MoveDoc(
            "F-241",
            "Place Vikings on a free action space (with `copy`: on a copy space, F-111).",
            {"type": "occupy", "space": "c1_build_shed"},
        ),
        "pass": MoveDoc("F-245", "Take no more actions this round.", {"type": "pass"}),
        "option": MoveDoc("F-243", "Choose one of the variants the space offers.", {"type": "option", "pick": 0}),
        "play": MoveDoc("F-606", "Play an occupation from hand.", {"type": "play", "card": "12A"}),
        "skip": MoveDoc("F-611", "Play no occupation before a column-4 action.", {"type": "skip"}),
        "stop": MoveDoc("F-604", "Play no more occupations on this space.", {"type": "stop"}),
        "choose_card": MoveDoc("F-805", "Solo: choose the starting occupation.", {"type": "choose_card", "card": "3a"}),
        "ready": MoveDoc("F-347", "Done in the window before income.", {"type": "ready"}),
        "done": MoveDoc("F-721", "Done with the final placement: the game ends when all are.", {"type": "done"}),
        "serve": MoveDoc(
            "F-270",
            "Serve a food or silver on the next open banquet cell (`lay` h or v for food).",
            {"type": "serve", "item": "peas", "lay": "h"},
        ),
        "leave": MoveDoc("F-275", "Leave the next banquet cell empty (a Thing penalty).", {"type": "leave"}),
        "leave_rest": MoveDoc("F-275", "Leave every remaining banquet cell empty.", {"type": "leave_rest"}),
        "place": MoveDoc(
            "F-301",
            "Place an item on an area, step by step: the item, then area, turn, row and col.",
            {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": 2, "col": 3},
        ),
        "cancel": MoveDoc("F-301", "Put back the item being placed (the `draft`).", {"type": "cancel"}),
        "take": MoveDoc(
            "F-451", "Take resources off a mountain strip.", {"type": "take", "strip": 0, "n": 2, "part": 0}
        ),
        "upgrade": MoveDoc(
            "F-462", "Upgrade a good to a good of the next colour.", {"type": "upgrade", "good": "peas", "to": "mead"}
        ),
        "flip": MoveDoc("F-501", "Sea trade: flip a good to its other side.", {"type": "flip", "good": "flax"}),
        "roll": MoveDoc("F-552", "Roll the die of the hunt or raid.", {"type": "roll"}),
        "offer": MoveDoc("F-556", "Add a stone or a long sword to the roll.", {"type": "offer", "res": "stone"}),
        "loot": MoveDoc(
            "F-563",
            "Take a tile of sword value at most the raid's result (O-1); Raider 136c takes two.",
            {"type": "loot", "tile": "chest"},
        ),
        "hunt": MoveDoc("F-575", "Succeed at the hunt, paying wood for the difference.", {"type": "hunt", "wood": 1}),
        "fail": MoveDoc(
            "F-554",
            "Declare failure: take the consolation; `vikings` says whether they go back (F-590).",
            {"type": "fail", "vikings": "stay"},
        ),
        "buy": MoveDoc("F-505", "Buy a special tile in the special sale.", {"type": "buy", "tile": "helmet"}),
        "finish": MoveDoc(
            "F-243", "End the action under way (a trade, sea trade or special sale).", {"type": "finish"}
        ),
        "store": MoveDoc(
            "F-330",
            "Put wood or stone on a shed or on a stone house's slot (`area`).",
            {"type": "store", "res": "wood", "shed": 0},
        ),
        "buy_ship": MoveDoc(
            "F-350",
            "Anytime: buy a ship for silver.",
            {"type": "buy_ship", "ship": "knarr"},
            fields={"ship": {"enum": ["whaling_boat", "knarr", "longship"], "description": "the ship to buy"}},
        ),
        "arm": MoveDoc("F-360", "Anytime: put ore on a longship.", {"type": "arm", "ship": 0}),
        "use_card": MoveDoc(
            "F-645",
            "Use an occupation's anytime effect: send an entry of `legal` as it is (its fields are the card's own).",
            {"type": "use_card", "card": "53b", "give": {"silver": 1}, "upgrade": [["beans", "milk"]]},
            fields={"card": CARD | {"description": "the occupation used"}},
        ),
        "choose": MoveDoc(
            "F-640", "Answer an occupation card's question with one of its options.", {"type": "choose", "pick": 0}
        ),
        "decline": MoveDoc("F-640", "Decline an optional card's question.", {"type": "decline"}),
    },
)
