"""Operators' tokens for the console's tests, minted as `longhall admin-token` mints them:
with the deployment's keys, read from the Redis the nodes share."""

from __future__ import annotations

from redis.asyncio import Redis

from server.identity.tokens import Tokens
from server.runtime.config import Settings


async def operator_token(redis_url: str, name: str = "alice", ttl: int = 600) -> str:
    r = Redis.from_url(redis_url)
    try:
        return await Tokens(r, Settings(), None, None).issue_admin(name, ttl)
    finally:
        await r.aclose()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
