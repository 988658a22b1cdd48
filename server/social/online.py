"""Who is online: each node marks in Redis the players it holds a socket of (`Online`:
`online_key`, node -> when last marked) when their first socket here says hello, clears
the mark when their last one goes, and marks them all again every REFRESH seconds. A
mark older than FRESH is a node that died without clearing it: nobody reads it as online
(the key expires FRESH after its last mark as well).

It leaves out where a player is in the app: what game they sit at is read from their
games list (server.social.friends), not from their sockets."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from server.runtime import loops as background
from server.runtime import wallclock
from server.storage.keys import online_key
from server.storage.store import text

REFRESH = 30  # seconds between a node's marks of its players
FRESH = 3 * REFRESH  # seconds a mark is believed


class Online:
    def __init__(self, redis: Redis, node: str) -> None:
        self.redis, self.node = redis, node
        self.here: dict[str, int] = {}  # player -> their sockets on this node

    async def arrived(self, player: str) -> None:
        """A socket of `player` said hello here."""
        self.here[player] = self.here.get(player, 0) + 1
        if self.here[player] == 1:
            await self._mark([player])

    async def gone(self, player: str) -> None:
        """A socket of `player` here closed."""
        left = self.here.get(player, 0) - 1
        if left > 0:
            self.here[player] = left
            return
        self.here.pop(player, None)
        await self.redis.hdel(online_key(player), self.node)

    async def refresh(self) -> None:
        await self._mark(list(self.here))

    async def _mark(self, players: list[str]) -> None:
        now = wallclock.now_ms()
        for start in range(0, len(players), 1000):
            pipe = self.redis.pipeline(transaction=False)
            for p in players[start : start + 1000]:
                pipe.hset(online_key(p), self.node, now)
                pipe.expire(online_key(p), FRESH)
            await pipe.execute()

    def register(self, loops: background.Loops) -> None:
        loops.every("online marks", REFRESH, self.refresh)


async def nodes(redis: Redis, player: str) -> list[str]:
    """The nodes holding a socket of `player` now (by their fresh marks)."""
    marks: Any = await redis.hgetall(online_key(player))
    return fresh(marks)


def fresh(marks: dict[Any, Any]) -> list[str]:
    since = wallclock.now_ms() - FRESH * 1000
    return [text(node) for node, at in marks.items() if int(at) >= since]
