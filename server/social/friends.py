"""Friends: a player follows another (one-sided, no request to accept); two players who
follow each other are friends. A player's list (`listed`) holds everyone they follow, and
for friends only — a follow alone reveals nothing — whether they are online and the game
they sit at now (the latest room of their games list that is in play). One-sided follows
keep the list the follower's own business; the mutual rule keeps anyone from watching
where a stranger plays."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from server.rooms import document as rm
from server.social.online import fresh
from server.storage.keys import follows_key, keys, online_key, player_rooms_key
from server.storage.store import text

MOST = 500  # players one player may follow
LATEST = 3  # rooms of a friend's games list looked at for the one they play now


async def follow(redis: Redis, player: str, other: str, name: str) -> bool:
    """False when `player` follows MOST players already."""
    if await redis.hlen(follows_key(player)) >= MOST and not await redis.hexists(follows_key(player), other):
        return False
    await redis.hset(follows_key(player), other, name)
    return True


async def unfollow(redis: Redis, player: str, other: str) -> None:
    await redis.hdel(follows_key(player), other)


async def listed(redis: Redis, player: str) -> list[dict[str, Any]]:
    """Who `player` follows: {player, name, mutual, online, room, game} (the last three
    for friends only; room and game None when they sit at no game in play)."""
    followed: Any = await redis.hgetall(follows_key(player))
    others = [(text(p), text(n)) for p, n in followed.items()]
    pipe = redis.pipeline(transaction=False)
    for p, _ in others:
        pipe.hexists(follows_key(p), player)
        pipe.hgetall(online_key(p))
        pipe.zrevrange(player_rooms_key(p), 0, LATEST - 1)
    got = await pipe.execute()
    out = []
    for i, (p, name) in enumerate(others):
        mutual, marks, rooms = bool(got[3 * i]), got[3 * i + 1], [text(r) for r in got[3 * i + 2]]
        entry: dict[str, Any] = {"player": p, "name": name, "mutual": mutual, "online": False, "room": None,
                                 "game": None}  # fmt: skip
        if mutual:
            entry["online"] = bool(fresh(marks))
            entry["room"], entry["game"] = await _playing(redis, rooms)
        out.append(entry)
    return sorted(out, key=lambda f: (not f["online"], f["name"].lower(), f["player"]))


async def _playing(redis: Redis, rooms: list[str]) -> tuple[str | None, str | None]:
    """The first of `rooms` (newest first) in play, and its game."""
    if not rooms:
        return None, None
    pipe = redis.pipeline(transaction=False)
    for r in rooms:
        pipe.hmget(keys(r)[3], "status", "game")
    for r, (status, game) in zip(rooms, await pipe.execute(), strict=True):
        if status is not None and text(status) == rm.PLAYING:
            return r, text(game)
    return None, None
