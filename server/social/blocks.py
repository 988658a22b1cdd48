"""Blocking: a player blocks another (`block`), who may then not sit down in a room where
the blocker is seated nor chat at the blocker's table (`refused`), and whose invitations
the blocker no longer gets. One-sided and silent: the blocked player is told `blocked`
only when refused. Kept both ways — who a player blocks (with the names they had, for
the list) and who blocks a player (the set a join or a chat message reads in one
command)."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from protocol.errors import ErrorCode
from server.rooms import document as rm
from server.rooms.errors import RoomError
from server.storage.keys import blockers_key, blocks_key
from server.storage.store import text

MOST = 500  # players one player may block


async def block(redis: Redis, player: str, other: str, name: str) -> bool:
    """`player` blocks `other`; False when they block MOST players already."""
    if await redis.hlen(blocks_key(player)) >= MOST and not await redis.hexists(blocks_key(player), other):
        return False
    pipe = redis.pipeline(transaction=False)
    pipe.hset(blocks_key(player), other, name)
    pipe.sadd(blockers_key(other), player)
    await pipe.execute()
    return True


async def unblock(redis: Redis, player: str, other: str) -> None:
    pipe = redis.pipeline(transaction=False)
    pipe.hdel(blocks_key(player), other)
    pipe.srem(blockers_key(other), player)
    await pipe.execute()


async def listed(redis: Redis, player: str) -> list[dict[str, str]]:
    """Who `player` blocks, by name."""
    found: Any = await redis.hgetall(blocks_key(player))
    out = [{"player": text(p), "name": text(n)} for p, n in found.items()]
    return sorted(out, key=lambda b: (b["name"].lower(), b["player"]))


async def blockers(redis: Redis, player: str) -> set[str]:
    """Who blocks `player`."""
    found: Any = await redis.smembers(blockers_key(player))
    return {text(p) for p in found}


async def blocks(redis: Redis, player: str, other: str) -> bool:
    """Does `player` block `other`?"""
    return bool(await redis.hexists(blocks_key(player), other))


def refused(doc: rm.Doc, against: set[str], what: str) -> None:
    """Refuses `what` (sitting down, chatting) when a seated player of `doc` is in `against`,
    the players who block the one asking."""
    if any(s is not None and s["player"] in against for s in doc["seats"]):
        raise RoomError(ErrorCode.BLOCKED, f"a player of this room blocked you: you may not {what} here")
