"""Invitations: a player in a room not started invites a named player (by player id) to
it. The invitation is kept for the invited player (`invitations_key`, read over HTTP:
server.social.routes) for KEEP seconds or until they take a seat in the room, and told at
once to their open sockets on whatever nodes hold them (each node's own channel, then
`invited` from server.transport.gateway). Accepting is joining the room as anyone does.

Each player may send PER_MINUTE invitations a minute (server.social.allowance); a player
who blocked the inviter is not invited (`blocked`); a player holds at most MOST."""

from __future__ import annotations

import json
from typing import Any

from redis.asyncio import Redis

from server.runtime import wallclock
from server.storage.keys import invitations_key

KEEP = 24 * 3600  # seconds an invitation is kept
MOST = 50  # invitations a player holds: the oldest go first
PER_MINUTE = 10  # invitations a player may send a minute


def invitation(room: str, game: str, inviter: str, name: str) -> dict[str, Any]:
    return {"room": room, "game": game, "player": inviter, "name": name, "at": wallclock.now_ms()}


async def keep(redis: Redis, invited: str, inv: dict[str, Any]) -> None:
    """Keep `inv` for `invited` (again, newer, when the same room invites them twice)."""
    key = invitations_key(invited)
    pipe = redis.pipeline(transaction=False)
    pipe.hset(key, inv["room"], json.dumps(inv))
    pipe.expire(key, KEEP)
    pipe.hlen(key)
    *_, count = await pipe.execute()
    if count > MOST:
        held = await listed(redis, invited)
        await redis.hdel(key, *[i["room"] for i in held[MOST:]])


async def listed(redis: Redis, player: str) -> list[dict[str, Any]]:
    """`player`'s invitations, newest first; those older than KEEP are dropped."""
    raw: Any = await redis.hgetall(invitations_key(player))
    since = wallclock.now_ms() - KEEP * 1000
    held = [json.loads(v) for v in raw.values()]
    old = [i["room"] for i in held if i["at"] < since]
    if old:
        await redis.hdel(invitations_key(player), *old)
    return sorted((i for i in held if i["at"] >= since), key=lambda i: -int(i["at"]))


async def dismiss(redis: Redis, player: str, room: str) -> bool:
    """`player` took a seat in `room`, or declined: its invitation goes. False if none."""
    return bool(await redis.hdel(invitations_key(player), room))
