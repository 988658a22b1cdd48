"""Write each game's schema out for client authors: TypeScript types and a page per game.

From `server.games.schema.document` (the engines' `move_forms` and `Game.schema`) of
every game the product hosts:

- clients/js/src/games.d.ts: per game a discriminated union of its moves
  (`HuntersMove`, on `type`), its table as a seat sees it (`HuntersTable`) and, where a
  spectator sees less, as a spectator does (`FeastSpectatorTable`); `GameMoves` and
  `GameTables` map a game's name to them.
- docs/games/<game>.md: every move type with its rule, meaning, fields and an example,
  every field of the table with its meaning, and what differs per viewer.

Generated, never edited by hand; tests/games/test_schema_outputs.py fails when a
committed file differs from what this prints. Run from the repository root:

    .venv/bin/python clients/js/tools/gen_games.py --write
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from server import rulebook  # noqa: E402
from server.games import registry  # noqa: E402
from server.games.contract import Game  # noqa: E402
from server.games.schema import document  # noqa: E402

TYPES = ROOT / "clients" / "js" / "src" / "games.d.ts"
DOCS = ROOT / "docs" / "games"
RULE_QUOTE = 240  # characters of a rule's text quoted under a move


def pascal(name: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in name.replace("-", "_").split("_"))


# -- TypeScript ---------------------------------------------------------------------


def literal(value: Any) -> str:
    return json.dumps(value)


def comment(text: str, pad: str) -> list[str]:
    return [f"{pad}/** {text.replace('*/', '* /')} */"] if text else []


def ts(schema: Any, refs: dict[str, str], pad: str = "") -> str:
    """The TypeScript type of a JSON Schema, as far as the schemas here use it."""
    if schema is True or schema == {}:
        return "Json"
    if "$ref" in schema:
        return refs[schema["$ref"].removeprefix("#/$defs/")]
    if "const" in schema:
        return literal(schema["const"])
    if "enum" in schema:
        return " | ".join(literal(v) for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " | ".join(ts(s, refs, pad) for s in schema[key])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " | ".join(ts(schema | {"type": k}, refs, pad) for k in kinds)
    if kinds in ("integer", "number"):
        return "number"
    if kinds in ("string", "boolean", "null"):
        return kinds
    if kinds == "array":
        return array(schema, refs, pad)
    if kinds == "object" or "properties" in schema:
        return obj(schema, refs, pad)
    return "Json"


def array(schema: dict[str, Any], refs: dict[str, str], pad: str) -> str:
    prefix = schema.get("prefixItems")
    if prefix and schema.get("items") in (None, False) or (prefix and schema.get("maxItems") == len(prefix)):
        return "[" + ", ".join(ts(s, refs, pad) for s in prefix) + "]"
    item = ts(schema.get("items", True), refs, pad)
    return f"({item})[]" if "|" in item else f"{item}[]"


def obj(schema: dict[str, Any], refs: dict[str, str], pad: str) -> str:
    props = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    if not props:
        return f"{{ [key: string]: {ts(extra, refs, pad)} }}" if extra is not False else "{}"
    inner = pad + "  "
    lines = ["{"]
    required = set(schema.get("required", ()))
    for name, sub in props.items():
        lines += comment(sub.get("description", "") if isinstance(sub, dict) else "", inner)
        lines.append(f"{inner}{name}{'' if name in required else '?'}: {ts(sub, refs, inner)};")
    if extra is not False:
        lines.append(f"{inner}[field: string]: Json;")
    return "\n".join([*lines, pad + "}"])


def game_types(game: Game) -> list[str]:
    doc = document(game)
    g = pascal(game.info.name)
    moves = doc["moves"]
    defs = moves.get("$defs", {})
    refs = {k: f"{g}{pascal(k)}Move" for k in defs}
    out = [f"// {game.info.title} ({game.info.name}): docs/games/{game.info.name}.md", ""]
    for kind, schema in defs.items():
        out += comment(schema.get("description", ""), "")
        out.append(f"export type {refs[kind]} = {ts(schema, refs)};")
    union = " | ".join(refs[k] for k in defs) if defs else ts(moves, refs)
    out += comment(f"A move of {game.info.name}: one of its types, told apart by `type`.", "")
    out += [f"export type {g}Move = {union};", ""]
    seat, spectator = doc["table"]["seat"], doc["table"]["spectator"]
    out += comment(f"The `table` of a {game.info.name} room's view, as a seat sees it.", "")
    out.append(f"export type {g}Table = {ts(seat, {})};")
    if spectator != seat | {"title": spectator["title"]}:
        out += comment(f"The `table` as a spectator sees it. {doc['viewers']}", "")
        out.append(f"export type {g}SpectatorTable = {ts(spectator, {})};")
    return [*out, ""]


def render_types(games: dict[str, Game]) -> str:
    out = [
        "// Every game's moves and table. GENERATED by clients/js/tools/gen_games.py from the",
        "// engines (server.games.schema: move_forms and each game's schema.py): do not edit by hand.",
        'import type { Json } from "./protocol.js";',
        "",
    ]
    for game in games.values():
        out += game_types(game)
    names = [(n, pascal(n)) for n in games]
    out += comment('Each game\'s moves by its name: `GameMoves["hunters"]` is `HuntersMove`.', "")
    out += ["export interface GameMoves {", *[f"  {n}: {g}Move;" for n, g in names], "}"]
    out += comment("Each game's table (as a seat sees it) by its name.", "")
    out += ["export interface GameTables {", *[f"  {n}: {g}Table;" for n, g in names], "}"]
    out += ["export type GameName = keyof GameMoves;", "export type AnyGameMove = GameMoves[GameName];", ""]
    return "\n".join(out)


# -- Markdown -----------------------------------------------------------------------


def kind_of(schema: Any) -> str:
    """A short human name of a schema's type: `integer 0–3`, `"a" | "b"`, `array of string`."""
    if schema is True or not isinstance(schema, dict) or schema == {}:
        return "any"
    if "const" in schema:
        return f"`{literal(schema['const'])}`"
    if "enum" in schema:
        return " \\| ".join(f"`{literal(v)}`" for v in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(kind_of(s) for s in schema[key])
    kinds = schema.get("type")
    if isinstance(kinds, list):
        return " or ".join(kind_of(schema | {"type": k}) for k in kinds)
    if kinds == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"integer {low}–{high}"
        return f"integer ≥ {low}" if low is not None else "integer"
    if kinds == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(kind_of(s) for s in schema["prefixItems"]) + "]"
        return f"array of {kind_of(schema.get('items', True))}"
    if kinds == "object" or "properties" in schema:
        return "map" if "properties" not in schema else "object"
    return str(kinds or "any")


def said_by(parent: dict[str, Any], sub: Any) -> bool:
    """A plain value of a described map (a count by colour, a flag by name): the map's
    description says what its entries are, so they get no row of their own."""
    plain = isinstance(sub, dict) and not any(k in sub for k in ("properties", "items", "additionalProperties"))
    return plain and "description" not in sub and "description" in parent


def rows(schema: Any, path: str) -> list[tuple[str, str, str]]:
    """(path, type, meaning) of every field under `schema`, depth first."""
    if not isinstance(schema, dict):
        return []
    out: list[tuple[str, str, str]] = []
    branches = schema.get("anyOf", schema.get("oneOf", []))
    for branch in branches:
        out += rows(branch, path)
    for name, sub in schema.get("properties", {}).items():
        if name == "type" and path.startswith("move") or said_by(schema, sub):
            continue
        here = f"{path}.{name}" if path else name
        out.append((here, kind_of(sub), sub.get("description", "") if isinstance(sub, dict) else ""))
        out += rows(sub, here)
    if schema.get("type") == "array" or "items" in schema:
        for i, sub in enumerate(schema.get("prefixItems", [])):
            out += rows(sub, f"{path}[{i}]")
        out += rows(schema.get("items"), f"{path}[]")
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict) and extra and not said_by(schema, extra):
        out.append((f"{path}.<key>", kind_of(extra), extra.get("description", "")))
        out += rows(extra, f"{path}.<key>")
    seen: set[str] = set()
    return [r for r in out if not (r[0] in seen or seen.add(r[0]))]  # type: ignore[func-returns-value]


def table(lines: list[tuple[str, str, str]], head: str) -> list[str]:
    out = [f"| {head} | type | meaning |", "|---|---|---|"]
    bar = "\\|"  # a | inside a cell
    return out + [f"| `{p}` | {t} | {m.replace('|', bar)} |" for p, t, m in lines]


def quote(game: str, rule: str) -> list[str]:
    text = (rulebook.rules(game) or {}).get(rule)
    if not text:
        return []
    text = " ".join(text.split())
    return [f"> {rule}: {text[:RULE_QUOTE]}{'…' if len(text) > RULE_QUOTE else ''}", ""]


def render_page(game: Game) -> str:
    doc = document(game)
    name, g = game.info.name, pascal(game.info.name)
    out = [
        f"# {game.info.title}: moves and table",
        "",
        f"<!-- GENERATED by clients/js/tools/gen_games.py from server/games/{name}/ "
        "(forms.py, schema.py): do not edit by hand. -->",
        "",
        f"The game `{name}`, for {game.info.min_players} to {game.info.max_players} players. "
        f"The same schemas (JSON Schema 2020-12) are served at `/api/games/{name}/schema`; "
        f"the TypeScript types are `{g}Move` and `{g}Table` in `clients/js/src/games.d.ts`. "
        "A test validates every move offered and every view sent over random games against them.",
        "",
        "## Moves",
        "",
        "A move is the `move` of a `move` message (docs/protocol.md): a map whose `type` names it, with exactly "
        "the fields below. The server offers every legal move in `legal` (or pushes them); sending one of those "
        "entries back as it is is always well-formed.",
        "",
    ]
    for kind, schema in doc["moves"].get("$defs", {}).items():
        spec = game.schema.moves.get(kind)
        out += [f"### `{kind}`" + (f" ({spec.rule})" if spec and spec.rule else ""), ""]
        if spec:
            out += [spec.doc, ""] + quote(name, spec.rule)
        fields = [r for r in rows(schema, "move") if r[0] != "move.type"]
        if fields:
            out += table([(p.removeprefix("move."), t, m) for p, t, m in fields], "field") + [""]
        if "oneOf" in schema:
            forms = [" ".join(sorted(set(f["properties"]) - {"type"})) or "(no field)" for f in schema["oneOf"]]
            out += ["Its forms: " + "; ".join(f"`{f}`" for f in forms) + ".", ""]
        if spec:
            out += [f"Example: `{json.dumps(spec.example)}`", ""]
    out += [
        "## Table",
        "",
        "What the `table` of the room's view holds (docs/protocol.md, `snapshot` and `diff`).",
        "",
        "### Who sees what",
        "",
        doc["viewers"] or "Every viewer sees the same table.",
        "",
        "### Fields",
        "",
    ]
    out += table(rows(doc["table"]["seat"], ""), "field")
    return "\n".join([*out, ""])


def outputs() -> dict[Path, str]:
    # the product's games only (not a test server's LONGHALL_EXTRA_GAMES)
    games = {n: g for n, g in registry.games().items() if type(g).__module__.startswith("server.games.")}
    files = {TYPES: render_types(games)}
    files |= {DOCS / f"{name}.md": render_page(game) for name, game in sorted(games.items())}
    return files


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--write", action="store_true", help="write the files instead of checking them")
    args = p.parse_args()
    stale = []
    for path, text in outputs().items():
        if args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(str(path.relative_to(ROOT)))
    if stale:
        print("out of date with the engines' schemas:", ", ".join(stale), "(run with --write)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
