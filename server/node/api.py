"""The JSON routes of a node: the games it hosts (/api/games) and the JSON Schema of each
one's moves and table (/api/games/{game}/schema, server.games.schema), the public lobby
(/api/rooms, one game's with ?game=), the rule texts refusals cite (/api/rules/{game},
?lang= for a player's language) and the replay check of a finished game
(/api/rooms/{room}/replay/check, kept per finished room: `server.play.replay.Checks`), and
the API's own descriptions: docs/openapi.yaml (these routes) and docs/asyncapi.yaml (the
websocket) at /api/openapi.yaml and /api/asyncapi.yaml, as a checkout has them (an
installed package ships no docs/). Each reads the node from the application's state; the
archive's routes (server.archive) and the probes (server.node.drain) live with their parts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server import rulebook
from server.archive.records import ArchiveOpening
from server.games import registry
from server.games.schema import document
from server.play.replay import Checks, ReplayError
from server.storage.store import Store


class Reads(Protocol):
    """What these routes read of the node (server.node.app.Node)."""

    store: Store


def _node(request: Request) -> Reads:
    node: Reads = request.app.state.node
    return node


async def games(request: Request) -> Response:
    return JSONResponse([g.info.describe() for g in registry.games().values()])


async def schema(request: Request) -> Response:
    game = registry.get(request.path_params["game"])
    if game is None:
        return JSONResponse({"error": "no such game"}, status_code=404)
    return JSONResponse(document(game), headers={"Cache-Control": "public, max-age=3600"})


async def rooms(request: Request) -> Response:
    game = request.query_params.get("game")  # one game's lobby: one index read
    return JSONResponse(await _node(request).store.public_rooms(games=[game] if game else None))


async def rules(request: Request) -> Response:
    game = request.path_params["game"]
    if registry.get(game) is None:
        return JSONResponse({"error": "no such game"}, status_code=404)
    lang = request.query_params.get("lang")
    if lang is not None and not rulebook.LANG.fullmatch(lang):
        return JSONResponse({"error": "lang must be a language code such as ru"}, status_code=400)
    texts = (rulebook.localized(game, lang) if lang else rulebook.rules(game)) or {}  # hosted games have none
    return JSONResponse(texts, headers={"Cache-Control": "public, max-age=3600"})


DOCS = Path(__file__).resolve().parents[2] / "docs"


def described(name: str, folder: str = "") -> Route:
    """`name` from `folder` (the `docs` setting; empty: the checkout's docs/) as it is,
    YAML (what API tools read), at /api/`name`."""
    where = Path(folder) if folder else DOCS

    async def get(request: Request) -> Response:
        path = where / name
        if not path.is_file():
            return JSONResponse({"error": "not_found", "detail": f"this installation has no {name} (LONGHALL_DOCS)"},
                                404)  # fmt: skip
        return Response(path.read_bytes(), media_type="application/yaml")

    return Route(f"/api/{name}", get)


def routes(checks: Checks, archived: Callable[[str], Awaitable[dict[str, Any] | None]], docs: str = "") -> list[Route]:
    """`archived(room)`: a game from the archive (`GameRecord.as_json`), or None; it raises
    ArchiveOpening while the node's archive opens."""

    async def replay(request: Request) -> Response:
        """Replay a finished game from its revealed seed and check it (server.play.replay):
        a room still in Redis, else an archived game, on the engine version it was played on."""
        room = request.path_params["room"]
        try:
            try:
                check = await checks.check(room)
            except KeyError:
                check = await checks.check_archived(room, lambda: archived(room))
        except KeyError:
            return JSONResponse({"error": f"no room {room!r}"}, status_code=404)
        except ArchiveOpening:
            return JSONResponse({"error": "unavailable", "detail": "the archive is starting"}, 503)
        except ReplayError as exc:
            return JSONResponse({"error": str(exc)}, status_code=409)
        return JSONResponse(check.report())

    return [
        Route("/api/games", games),
        Route("/api/games/{game:str}/schema", schema),
        Route("/api/rooms", rooms),
        Route("/api/rules/{game:str}", rules),
        Route("/api/rooms/{room}/replay/check", replay),
        described("openapi.yaml", docs),
        described("asyncapi.yaml", docs),
    ]
