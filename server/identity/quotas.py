"""Storage quotas, counted in Redis so they hold across every node of a deployment.

A player may host at most `open_rooms` rooms waiting for players (an open room everybody
has left no longer counts) and `playing_rooms` games in play (a started game never
expires until it ends), and create at most `rooms_per_minute` rooms a minute; an IP
address at most `ip_rooms_per_minute`.

Keys: `quota:{PLAYER}:rooms` is the set of rooms the player created; each is classed by
its lobby status (room:{ID}:meta) when the player creates or starts again, and rooms
that ended or expired are dropped from the set then; the set itself expires KEEP after
the player's last creation. `quota:{PLAYER}:made` and
`quota:ip:{IP}:made` count creations in a window of one minute (the first creation of
a window sets its expiry). Rooms the matchmaker creates are not counted: nobody asked
for them alone.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from protocol.errors import ErrorCode
from server.rooms.errors import RoomError
from server.storage.keys import ip_made_key, keys, made_key, rooms_held_key
from server.storage.store import text

WINDOW = 60
KEEP = 8 * 24 * 3600  # seconds a player's room set outlives their last creation
COUNT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n
"""


class Quotas:
    def __init__(self, redis: Redis, settings: Any) -> None:
        self.redis = redis
        self.s = settings
        self._count = redis.register_script(COUNT)

    async def _statuses(self, player: str) -> dict[str, str]:
        """The player's rooms that still count, by status; forgets the rest."""
        mine = rooms_held_key(player)
        rooms = [text(r) for r in await self.redis.smembers(mine)]
        if not rooms:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.hmget(keys(room)[3], "status", "taken")
            found = await pipe.execute()
        # an open room everybody has left counts no more: it expires on its own
        out = {room: text(st) for room, (st, taken) in zip(rooms, found, strict=True)
               if st is not None and not (text(st) == "open" and text(taken) == "0")}  # fmt: skip
        gone = [r for r in rooms if out.get(r) in (None, "over")]
        if gone:
            await self.redis.srem(mine, *gone)
        return {r: st for r, st in out.items() if st != "over"}

    async def may_create(self, player: str, ip: str) -> None:
        statuses = await self._statuses(player)
        if sum(st == "open" for st in statuses.values()) >= self.s.open_rooms > 0:
            raise RoomError(ErrorCode.TOO_MANY_ROOMS, f"you already host {self.s.open_rooms} open rooms")
        self._check_playing(statuses)
        for key, cap in ((made_key(player), self.s.rooms_per_minute), (ip_made_key(ip), self.s.ip_rooms_per_minute)):
            if cap > 0 and int(await self._count(keys=[key], args=[WINDOW])) > cap:
                raise RoomError(ErrorCode.CREATING_TOO_FAST, f"at most {cap} new rooms a minute; wait a little")

    async def created(self, player: str, room: str) -> None:
        mine = rooms_held_key(player)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.sadd(mine, room)
            pipe.expire(mine, KEEP)  # a player who never comes back leaves nothing behind
            await pipe.execute()

    async def may_start(self, player: str) -> None:
        self._check_playing(await self._statuses(player))

    def _check_playing(self, statuses: dict[str, str]) -> None:
        if sum(st == "playing" for st in statuses.values()) >= self.s.playing_rooms > 0:
            raise RoomError(ErrorCode.TOO_MANY_ROOMS, f"you already host {self.s.playing_rooms} games in play")
