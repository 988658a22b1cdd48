"""A room's decisions so far, in the server's words for anyone: GET /api/rooms/{room}/said.

A page opened in the middle of a game (a reload, a spectator joining, a second device)
gets only the latest decision with its view (`view.last`); this gives it the whole game
so far. Each move's public description (`room.last_decision`'s "p" cut, what a spectator
was shown live) is written into the move's entry of the room's log stream when the move
is committed (rooms.decide), so reading it back costs one XRANGE and no engine work, and
it reveals nothing a spectator was not shown: a seat's private wording never leaves the
socket it was sent on. In a room whose spectators see it late (server.rooms.delay) the
latest decisions are kept back as from its spectators, unless the request carries the
token of one of its players (`Authorization: Bearer`).
"""

from __future__ import annotations

import time
from typing import Any

import msgpack
from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.play.undo import moves_kept
from server.rooms import delay
from server.rooms import document as rm
from server.runtime.bearer import bearer
from server.storage.keys import keys


async def said(redis: Redis, room: str, player: str | None = None, whole: bool = False) -> list[dict[str, Any]] | None:
    """The public description of every decision of `room` in seq order; None when the
    room is not in Redis (never created, or archived and expired). A room whose
    spectators see it late (server.rooms.delay) keeps its latest decisions back from
    anyone but its own players (`player`: who asks, from their token) and operators
    (`whole`: the console)."""
    doc_key, log_key = keys(room)[:2]
    raw = await redis.hget(doc_key, "doc")
    if raw is None:
        return None
    doc = msgpack.unpackb(raw, raw=False)
    late = None if whole or player is not None and rm.seat_of(doc, player) is not None else delay.of(doc)
    entries: Any = await redis.xrange(log_key, "-", "+")
    if late is not None:
        entries = visible(entries, late, int(time.time() * 1000))  # the stream ids' clock: Redis's real time
    log = [msgpack.unpackb(fields[b"entry"], raw=False) for _id, fields in entries]
    # a decision taken back (server.play.undo) is no longer part of the game
    return [e["said"] for e in moves_kept(log) if isinstance(e.get("said"), dict)]


def visible(entries: list[Any], late: delay.Delay, now: int) -> list[Any]:
    """The log entries (stream id, fields) a spectator has been shown: all but the last N
    commits, or those older than S seconds (a stream id's first part is the commit's ms)."""
    if late.moves:
        return entries[: max(0, len(entries) - late.moves)]
    horizon = now - int(late.seconds * 1000)
    return [e for e in entries if int(_ms(e[0])) <= horizon]


def _ms(stream_id: bytes | str) -> str:
    text = stream_id.decode() if isinstance(stream_id, bytes) else stream_id
    return text.partition("-")[0]


def route(redis: Redis) -> Route:
    async def get(request: Request) -> Response:
        room = request.path_params["room"]
        token = bearer(request.headers)
        signer = getattr(request.app.state.node, "signer", None)
        found = await signer.verify(token) if token and signer is not None else None
        got = await said(redis, room, found.player if found is not None else None)
        if got is None:
            return JSONResponse({"error": "not_found", "detail": f"no room {room!r}"}, status_code=404)
        return JSONResponse({"room": room, "said": got}, headers={"Cache-Control": "no-store"})

    return Route("/api/rooms/{room}/said", get)
