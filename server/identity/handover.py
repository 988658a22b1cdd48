"""Carrying a player to another device: a one-time code made on a device that holds the
player's token, redeemed on another for a token of the same player.

POST   /api/players/{player}/handover  the player's token as the bearer's (and optionally
                                       {"name": ...}, the name the device plays under): a
                                       new code, valid `handover_ttl` seconds; it replaces the
                                       player's earlier one (201 {code, expires, ttl})
DELETE /api/players/{player}/handover  the player's code revoked (200 {revoked})
POST   /api/handover/{code}            the code used up: 200 {player, name, token}; a code
                                       used, revoked, expired or never made: 404 handover_gone

A code is 128 random bits (`secrets.token_urlsafe`) kept in Redis under `handover_key`
with the player, the name and when it expires, for as long as it is valid (PX). GETDEL
takes it whole, so of two redemptions at once exactly one gets it. Expiry is read from the
node's clock (server.runtime.wallclock) as well as left to Redis, so a test moves past it
without waiting. A player revoked (`longhall revoke`) after making a code cannot redeem
it. Redeeming is priced per address (server.node.http_limits), on top of the 2^128 codes a
guess would have to hit.

What it leaves out: passkeys, and any carrying of an operator (their tokens are minted by
`longhall admin-token`).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from typing import Any, Protocol

from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.identity.ids import clean_name
from server.runtime import wallclock
from server.runtime.bearer import own, part_of
from server.storage.keys import handover_key, player_handover_key
from server.storage.store import text

CODE_BYTES = 16  # 128 bits: 22 characters of base64url
CODE = re.compile(r"[A-Za-z0-9_-]{22}")
GONE = {"error": "handover_gone", "detail": "this link was used, revoked, or has expired: make a new one"}


class Signs(Protocol):
    """What issues and checks a player's tokens (server.identity.tokens.Tokens)."""

    async def verify(self, token: str) -> Any: ...

    async def issue(self, player: str) -> str: ...

    async def revoked_at(self, player: str) -> float | None: ...


class Handover:
    def __init__(self, redis: Redis, tokens: Signs, ttl: int) -> None:
        self.redis = redis
        self.tokens = tokens
        self.ttl = max(1, int(ttl))  # seconds a code may be redeemed

    async def make(self, player: str, name: str) -> dict[str, Any]:
        """A new code for `player` (their earlier one no longer redeems)."""
        code = secrets.token_urlsafe(CODE_BYTES)
        expires = wallclock.now_ms() + self.ttl * 1000
        # `made` is the system's time, as revocations are stamped (server.identity.tokens.revoke)
        record = json.dumps({"player": player, "name": name, "expires": expires, "made": time.time()})
        await self.redis.set(handover_key(code), record, px=self.ttl * 1000)
        earlier = await self.redis.set(player_handover_key(player), code, px=self.ttl * 1000, get=True)
        if earlier is not None:
            await self.redis.delete(handover_key(text(earlier)))
        return {"code": code, "expires": expires, "ttl": self.ttl}

    async def revoke(self, player: str) -> bool:
        """Revoke the player's code: whether one could still have been redeemed."""
        code = await self.redis.getdel(player_handover_key(player))
        return code is not None and await self.redis.delete(handover_key(text(code))) > 0

    async def redeem(self, code: str) -> dict[str, Any] | None:
        """The code used up: the player it carries with a fresh token of theirs, or None."""
        if not CODE.fullmatch(code):
            return None
        raw = await self.redis.getdel(handover_key(code))
        if raw is None:
            return None
        record = json.loads(raw)
        player = str(record["player"])
        if int(record["expires"]) <= wallclock.now_ms():
            return None
        revoked = await self.tokens.revoked_at(player)
        if revoked is not None and float(record["made"]) <= revoked:
            return None
        return {"player": player, "name": record["name"], "token": await self.tokens.issue(player)}


def routes() -> list[Route]:
    """The routes, reading the node's `handover` and `signer` (set when it starts)."""

    async def code(request: Request) -> Response:
        """POST: a new code; DELETE: the code revoked."""
        got = await own(request, "handover")
        if isinstance(got, Response):
            return got
        parts, who = got
        if request.method == "DELETE":
            return JSONResponse({"revoked": await parts.revoke(who.player)})
        try:
            asked = await request.json()
        except ValueError:
            asked = None
        name = clean_name(asked.get("name") if isinstance(asked, dict) else None) or who.name or ""
        return JSONResponse(await parts.make(who.player, name), 201, {"Cache-Control": "no-store"})

    async def redeem(request: Request) -> Response:
        parts = part_of(request, "handover")
        if isinstance(parts, Response):
            return parts
        found = await parts.redeem(request.path_params["code"])
        if found is None:
            return JSONResponse(GONE, 404, {"Cache-Control": "no-store"})
        return JSONResponse(found, headers={"Cache-Control": "no-store"})

    return [
        Route("/api/players/{player}/handover", code, methods=["POST", "DELETE"]),
        Route("/api/handover/{code}", redeem, methods=["POST"]),
    ]
