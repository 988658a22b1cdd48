"""Players among themselves over HTTP, each route for the holder of a player's token
(`Authorization: Bearer <token>`, the `welcome` token):

    GET    /api/friends                 who you follow: {player, name, mutual, online, room, game}
    PUT    /api/friends/{player}        follow them ({"name": ...}: how your list shows them)
    DELETE /api/friends/{player}        follow them no more
    GET    /api/blocks                  who you block
    PUT    /api/blocks/{player}         block them ({"name": ...})
    DELETE /api/blocks/{player}         block them no more
    GET    /api/invitations             your invitations to rooms, newest first
    DELETE /api/invitations/{room}      decline one
    POST   /api/reports                 report a player ({"player", "name", "room", "reason"}): 201

Follows and blocks are one-sided (server.social.friends, server.social.blocks); a report
is recorded for the operators (server.social.reports), at most PER_HOUR an hour (429).
"""

from __future__ import annotations

import json
import re
from typing import Any, Protocol

from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.identity.ids import clean_name
from server.identity.tokens import Tokens, Verified
from server.runtime.bearer import CHALLENGE, bearer
from server.social import allowance, blocks, friends, invitations, reports

PLAYER = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a player id (server.identity.ids), bots' too
NO_STORE = {"Cache-Control": "no-store"}


class Reads(Protocol):
    """What these routes read of the node (server.node.app.Node), once started."""

    redis: Redis
    signer: Tokens | None


def _answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return JSONResponse(body, status, {**NO_STORE, **(headers or {})})


async def _who(request: Request) -> tuple[Redis, Verified] | Response:
    node: Reads = request.app.state.node
    if node.signer is None:
        return _answer({"error": "unavailable", "detail": "the node is starting"}, 503)
    token = bearer(request.headers)
    who = await node.signer.verify(token) if token else None
    if who is None:
        return _answer({"error": "unauthorized", "detail": "send your token (the `welcome` token) as "
                        "Authorization: Bearer <token>"}, 401, {"WWW-Authenticate": CHALLENGE})  # fmt: skip
    return node.redis, who


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = json.loads(await request.body() or b"{}")
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _other(request: Request, me: str) -> str | Response:
    other = request.path_params["player"]
    if not PLAYER.fullmatch(other):
        return _answer({"error": "bad_field", "detail": "not a player id"}, 400)
    if other == me:
        return _answer({"error": "bad_field", "detail": "that is you"}, 400)
    return str(other)


async def friends_list(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    return _answer({"friends": await friends.listed(redis, who.player)})


async def friend(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    other = _other(request, who.player)
    if isinstance(other, Response):
        return other
    if request.method == "DELETE":
        await friends.unfollow(redis, who.player, other)
        return _answer({"player": other, "following": False})
    name = clean_name((await _body(request)).get("name")) or other[:6]
    if not await friends.follow(redis, who.player, other, name):
        return _answer({"error": "too_many", "detail": f"you follow {friends.MOST} players already"}, 409)
    return _answer({"player": other, "name": name, "following": True})


async def blocks_list(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    return _answer({"blocks": await blocks.listed(redis, who.player)})


async def block(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    other = _other(request, who.player)
    if isinstance(other, Response):
        return other
    if request.method == "DELETE":
        await blocks.unblock(redis, who.player, other)
        return _answer({"player": other, "blocked": False})
    name = clean_name((await _body(request)).get("name")) or other[:6]
    if not await blocks.block(redis, who.player, other, name):
        return _answer({"error": "too_many", "detail": f"you block {blocks.MOST} players already"}, 409)
    return _answer({"player": other, "name": name, "blocked": True})


async def invitations_list(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    return _answer({"invitations": await invitations.listed(redis, who.player)})


async def decline(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    room = request.path_params["room"]
    if not await invitations.dismiss(redis, who.player, room):
        return _answer({"error": "not_found", "detail": "no invitation to that room"}, 404)
    return _answer({"room": room, "declined": True})


async def report(request: Request) -> Response:
    got = await _who(request)
    if isinstance(got, Response):
        return got
    redis, who = got
    body = await _body(request)
    player, room, reason = body.get("player"), body.get("room"), body.get("reason")
    if not isinstance(player, str) or not PLAYER.fullmatch(player) or player == who.player:
        return _answer({"error": "bad_field", "detail": "`player`: the id of the player reported"}, 400)
    if room is not None and (not isinstance(room, str) or len(room) > 64):
        return _answer({"error": "bad_field", "detail": "`room`: a room id, or leave it out"}, 400)
    if not isinstance(reason, str) or not reason.strip():
        return _answer({"error": "bad_field", "detail": "`reason`: say what happened"}, 400)
    if not await allowance.within(redis, who.player, "reports", reports.PER_HOUR, 3600):
        return _answer({"error": "rate_limited", "detail": f"at most {reports.PER_HOUR} reports an hour"}, 429,
                       {"Retry-After": "3600"})  # fmt: skip
    name = clean_name(body.get("name")) or player[:6]
    made = await reports.record(redis, who.player, player, name, room, reason.strip())
    return _answer(made, 201)


def routes() -> list[Route]:
    both = ["PUT", "DELETE"]
    return [
        Route("/api/friends", friends_list),
        Route("/api/friends/{player}", friend, methods=both),
        Route("/api/blocks", blocks_list),
        Route("/api/blocks/{player}", block, methods=both),
        Route("/api/invitations", invitations_list),
        Route("/api/invitations/{room}", decline, methods=["DELETE"]),
        Route("/api/reports", report, methods=["POST"]),
    ]
