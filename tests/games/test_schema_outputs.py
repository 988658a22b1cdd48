"""What client authors get of the games' schemas stays true to the engines.

The committed docs/games/<game>.md and clients/js/src/games.d.ts are what
clients/js/tools/gen_games.py makes now; every table field and move field they list has a
meaning; the TypeScript types compile and type a client's moves (clients/js/test/
games_example.ts, with `@ts-expect-error` lines for malformed moves); and the node's
`/api/games/{game}/schema` serves the same documents, valid 2020-12 schemas that accept
the game's own views and moves and refuse a malformed move.
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from types import ModuleType

import httpx
import pytest
from jsonschema import Draft202012Validator
from starlette.applications import Starlette

from server.games import registry
from server.games.forms import LISTED
from server.games.schema import document
from server.node import api
from server.play.replay import Checks
from tests.web.node import JS, ROOT, npm_ready, run

PRODUCT = sorted(registry.games())


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_games", JS / "tools" / "gen_games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_files_are_up_to_date() -> None:
    gen = subprocess.run([sys.executable, str(JS / "tools" / "gen_games.py")], cwd=ROOT, capture_output=True, text=True)
    assert gen.returncode == 0, gen.stdout + gen.stderr
    assert sorted(p.stem for p in (ROOT / "docs" / "games").glob("*.md")) == PRODUCT


@pytest.mark.parametrize("name", PRODUCT)
def test_every_field_and_move_has_its_meaning(name: str) -> None:
    gen, game = generator(), registry.games()[name]
    doc = document(game)
    blank = [path for path, _, meaning in gen.rows(doc["table"]["seat"], "") if not meaning]
    assert blank == []
    assert set(game.schema.moves) == set(game.move_forms or {})  # every move type: its rule, meaning, example
    for kind, schema in doc["moves"]["$defs"].items():
        fields = [p for p, _, meaning in gen.rows(schema, "move") if not meaning and p != "move.type"]
        assert fields == [], kind
        assert game.schema.moves[kind].rule


def test_the_typescript_types_type_moves_and_tables() -> None:
    npm_ready(JS)
    args = ["npx", "tsc", "--ignoreConfig", "--noEmit", "--strict", "--target", "es2022", "--module", "esnext",
            "--moduleResolution", "bundler", "--types", "", "test/games_example.ts"]  # fmt: skip
    out = run(args, JS, timeout=180)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("name", PRODUCT)
async def test_the_node_serves_each_games_schema(name: str) -> None:
    game = registry.games()[name]

    async def no_archive(room: str) -> None:
        return None

    routes = api.routes(Checks(None), no_archive)  # (no replay asked here)
    transport = httpx.ASGITransport(app=Starlette(routes=routes))
    async with httpx.AsyncClient(transport=transport, base_url="http://node") as http:
        served = await http.get(f"/api/games/{name}/schema")
        assert (await http.get("/api/games/nosuchgame/schema")).status_code == 404
    assert served.status_code == 200
    doc = served.json()
    assert doc == document(game)
    moves = Draft202012Validator(doc["moves"])
    seat, spectator = Draft202012Validator(doc["table"]["seat"]), Draft202012Validator(doc["table"]["spectator"])
    for schema in (doc["moves"], doc["table"]["seat"], doc["table"]["spectator"]):
        Draft202012Validator.check_schema(schema)
    rng = random.Random(7)
    state = game.setup(game.info.min_players + 1, game.resolve_options({}), 7)
    for _ in range(60):  # a few decisions of one game, whole views and moves against the served schemas
        assert seat.is_valid(game.view(state, 0)) and spectator.is_valid(game.view(state, None))
        who = rng.choice(game.to_act(state))
        legal = game.legal_moves(state, who)
        assert all(moves.is_valid(m) for m in legal)
        state = game.apply(state, who, rng.choice(legal))
    for kind, spec in game.schema.moves.items():
        assert moves.is_valid(spec.example)
        closed = (game.move_forms or {}).get(kind) is not LISTED  # a listed type's fields vary
        assert moves.is_valid(spec.example | {"extra": 1}) is not closed
    assert not moves.is_valid({"type": "no_such_move"})
