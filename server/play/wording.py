"""A room's decisions so far, in the server's words for anyone: GET /api/rooms/{room}/said.

A page opened in the middle of a game (a reload, a spectator joining, a second device)
gets only the latest decision with its view (`view.last`); this gives it the whole game
so far. Each move's public description (`room.last_decision`'s "p" cut, what a spectator
was shown live) is written into the move's entry of the room's log stream when the move
is committed (rooms.decide), so reading it back costs one XRANGE and no engine work, and
it reveals nothing a spectator was not shown: a seat's private wording never leaves the
socket it was sent on.
"""

from __future__ import annotations

from typing import Any

import msgpack
from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.play.undo import moves_kept
from server.storage.keys import keys


async def said(redis: Redis, room: str) -> list[dict[str, Any]] | None:
    """The public description of every decision of `room` in seq order; None when the
    room is not in Redis (never created, or archived and expired)."""
    doc_key, log_key = keys(room)[:2]
    if not await redis.exists(doc_key):
        return None
    entries: Any = await redis.xrange(log_key, "-", "+")
    log = [msgpack.unpackb(fields[b"entry"], raw=False) for _id, fields in entries]
    # a decision taken back (server.play.undo) is no longer part of the game
    return [e["said"] for e in moves_kept(log) if isinstance(e.get("said"), dict)]


def route(redis: Redis) -> Route:
    async def get(request: Request) -> Response:
        room = request.path_params["room"]
        got = await said(redis, room)
        if got is None:
            return JSONResponse({"error": "not_found", "detail": f"no room {room!r}"}, status_code=404)
        return JSONResponse({"room": room, "said": got}, headers={"Cache-Control": "no-store"})

    return Route("/api/rooms/{room}/said", get)
