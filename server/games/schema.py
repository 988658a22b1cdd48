"""The JSON Schema (2020-12) of a game's moves and of its table per viewer.

Made from what the engine declares: the moves from `Game.move_forms` (each form a
closed object, a field's type and range from `GameSchema.fields`, undeclared fields
whole numbers or names as `server.games.forms.check` takes them), the table from
`GameSchema.table` (a seat) and `GameSchema.spectator`. The node serves the document
at `/api/games/{game}/schema`; `clients/js/tools/gen_games.py` renders it into
docs/games/<game>.md and TypeScript types; a test validates every move offered and
every view sent over random games against it.

Deliberately no validation here: the room already refuses a malformed move with
`server.games.forms.check` (a set lookup), and a schema validator on the move path
would cost far more. The schema is for clients and tests.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Game
from server.games.forms import LISTED, NAME_LIMIT

DIALECT = "https://json-schema.org/draft/2020-12/schema"
# what forms.check lets through for a field the game does not describe
ANY_FIELD: dict[str, Any] = {
    "type": ["integer", "string"],
    "maxLength": NAME_LIMIT,
    "description": "a whole number or a name",
}


def field_schema(game: Game, kind: str, name: str) -> dict[str, Any]:
    """The schema of field `name` of a `kind` move: the type's own, the game's, or any."""
    doc = game.schema.moves.get(kind)
    if doc is not None and name in doc.fields:
        return dict(doc.fields[name])
    return dict(game.schema.fields.get(name, ANY_FIELD))


def form_schema(game: Game, kind: str, fields: frozenset[str]) -> dict[str, Any]:
    """One form of a move type: exactly these fields, `type` first."""
    names = ["type", *sorted(fields - {"type"})]
    props: dict[str, Any] = {"type": {"const": kind}}
    props |= {n: field_schema(game, kind, n) for n in names[1:]}
    return {"type": "object", "properties": props, "required": names, "additionalProperties": False}


def move_type_schema(game: Game, kind: str) -> dict[str, Any]:
    """Every form of one move type, with its rule, meaning and example."""
    assert game.move_forms is not None
    shapes = game.move_forms[kind]
    if shapes is LISTED:  # its fields vary with the situation: sent as an entry of `legal`
        doc = game.schema.moves.get(kind)
        out: dict[str, Any] = {
            "type": "object",
            "properties": {"type": {"const": kind}} | (dict(doc.fields) if doc else {}),
            "required": ["type", *(doc.fields if doc else ())],  # the fields it always has
        }
    elif len(shapes) == 1:
        out = form_schema(game, kind, shapes[0])
    else:
        out = {"oneOf": [form_schema(game, kind, f) for f in sorted(shapes, key=lambda f: (len(f), sorted(f)))]}
    out = {"title": kind} | out
    doc = game.schema.moves.get(kind)
    if doc is not None:
        out["description"] = f"{doc.rule}: {doc.doc}" if doc.rule else doc.doc
        out["examples"] = [doc.example]
    return out


def moves_schema(game: Game) -> dict[str, Any]:
    """A move of `game`: one of its types (a closed map each); any map when it declares
    no forms."""
    head = {"$schema": DIALECT, "title": f"A move of {game.info.name}"}
    if game.move_forms is None:
        return head | {"type": "object", "properties": {"type": {"type": "string"}}, "required": ["type"]}
    kinds = sorted(game.move_forms)
    return head | {
        "oneOf": [{"$ref": f"#/$defs/{k}"} for k in kinds],
        "$defs": {k: move_type_schema(game, k) for k in kinds},
    }


def table_schema(game: Game, viewer: str) -> dict[str, Any]:
    """The `table` a seat (`viewer` "seat") or a spectator ("spectator") is sent."""
    declared = game.schema.table if viewer == "seat" else (game.schema.spectator or game.schema.table)
    title = f"The {game.info.name} table as a {viewer} sees it"
    return {"$schema": DIALECT, "title": title} | declared


def document(game: Game) -> dict[str, Any]:
    """Everything a client author reads of a game: what it is, its moves, its table."""
    return {
        "game": game.info.name,
        "title": game.info.title,
        "players": [game.info.min_players, game.info.max_players],
        "viewers": game.schema.viewers,
        "moves": moves_schema(game),
        "table": {"seat": table_schema(game, "seat"), "spectator": table_schema(game, "spectator")},
    }
