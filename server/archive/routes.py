"""HTTP reads of games and players: from Redis while a game is live, from the archive after.

GET /api/rooms/{room}/replay   a finished game: seed, every move with seat, seq and time,
                               the result. A game still in play shows its table's public
                               parts only (seed and moves would reveal hidden information).
GET /api/rooms/{room}/steps    a finished game step by step (?from=, ?count=): the public
                               table after each decision, replayed by the engine (steps.py)
GET /api/players/{player}      name, dates, ratings and their history, games played, recent results
GET /api/leaderboard/{game}    ranked players (?limit=, ?offset=), from Redis

Every numeric query parameter is read through `bounded`: anything but an integer within
its bounds is answered 400 saying what it must be, before anything is read.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgpack
from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.archive import leaderboard, steps
from server.archive.finished import is_over, read_room
from server.games import registry
from server.storage.keys import keys

if TYPE_CHECKING:
    from server.archive.repository import Archive


INTEGER = re.compile(r"-?[0-9]{1,18}")  # what int() takes beyond this (spaces, _, other scripts' digits) is refused
MAX_OFFSET = 10**9  # players skipped on a leaderboard
MAX_LIMIT = 1000  # players on one page of it
MAX_FROM = 10**6  # a step to start from: no game is that long


class BadQuery(ValueError):
    """A query parameter that is no integer within its bounds; its text says what it must be."""


def bounded(request: Request, name: str, default: int, low: int, high: int) -> int:
    """The integer query parameter `name` (`default` when absent), from `low` to `high`."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    if INTEGER.fullmatch(raw) is None or not low <= int(raw) <= high:
        raise BadQuery(f"{name} must be an integer from {low} to {high}")
    return int(raw)


def _bad(exc: BadQuery) -> Response:
    return JSONResponse({"error": "bad_field", "detail": str(exc)}, status_code=400)


def _missing(what: str) -> Response:
    return JSONResponse({"error": "not_found", "detail": what}, status_code=404)


async def live_replay(redis: Redis, room: str) -> dict[str, Any] | None:
    raw = await redis.hget(keys(room)[0], "doc")
    if raw is None:
        return None
    doc = msgpack.unpackb(raw, raw=False)
    if is_over(doc):
        rec = await read_room(redis, room)
        if rec is not None:
            return {**rec.as_json(), "source": "live"}
    public = {"room": room, "game": doc["game"], "options": doc["options"], "seats": doc["seats"]}
    return {**public, "status": doc["status"], "seed": None, "moves": None, "result": None, "source": "live"}


def _starting() -> Response:
    return JSONResponse({"error": "unavailable", "detail": "the archive is starting"}, status_code=503)


def routes(redis: Redis, archive_of: Callable[[], Archive | None]) -> list[Route]:
    """`archive_of()` is None while the node's archive is still opening."""

    async def replay(request: Request) -> Response:
        room = request.path_params["room"]
        live = await live_replay(redis, room)
        if live is not None:
            return JSONResponse(live)
        archive = archive_of()
        if archive is None:
            return _starting()
        rec = await archive.game(room)
        if rec is None:
            return _missing(f"no room {room!r}")
        return JSONResponse({**rec.as_json(), "source": "archive"})

    async def game_steps(request: Request) -> Response:
        room = request.path_params["room"]
        try:
            start = bounded(request, "from", 0, 0, MAX_FROM)
            count = bounded(request, "count", 20, 1, steps.MAX_STEPS)
        except BadQuery as exc:
            return _bad(exc)
        rec = await live_replay(redis, room)
        if rec is None:
            archive = archive_of()
            if archive is None:
                return _starting()
            found = await archive.game(room)
            if found is None:
                return _missing(f"no room {room!r}")
            rec = found.as_json()
        try:
            return JSONResponse(await asyncio.to_thread(steps.steps, rec, start, count))
        except steps.StepError as exc:
            return JSONResponse({"error": "not_finished", "detail": str(exc)}, status_code=409)

    async def player(request: Request) -> Response:
        archive = archive_of()
        if archive is None:
            return _starting()
        player = request.path_params["player"]
        page = await archive.player(player)
        if page is None:
            return _missing("no such player in the archive")
        page["history"] = {game: await archive.rating_history(player, game) for game in page["ratings"]}
        return JSONResponse(page)

    async def board(request: Request) -> Response:
        game = request.path_params["game"]
        if registry.get(game) is None:
            return _missing(f"no game {game!r}")
        try:
            limit = bounded(request, "limit", 100, 1, MAX_LIMIT)
            offset = bounded(request, "offset", 0, 0, MAX_OFFSET)
        except BadQuery as exc:
            return _bad(exc)
        return JSONResponse({"game": game, "players": await leaderboard.top(redis, game, limit, offset)})

    return [
        Route("/api/rooms/{room}/replay", replay),
        Route("/api/rooms/{room}/steps", game_steps),
        Route("/api/players/{player}", player),
        Route("/api/leaderboard/{game}", board),
    ]
