"""Who is looking at which room: every node writes, every REFRESH seconds, the time it
saw each player's socket at each room it holds (`player:{PLAYER}:looking`, hash room ->
ms, expiring on its own).

A courier decides about a notification made at time T no sooner than T + GRACE
(GRACE > REFRESH): a player with a socket at the room at T has been written at or after
T by then, wherever the socket is; a player who left before T has not. So "no
notification for a game you are looking at" holds across nodes without asking them."""

from __future__ import annotations

from redis.asyncio import Redis

from server.notify.outbox import now_ms
from server.runtime import loops as background
from server.storage.fanout import Hub
from server.storage.keys import looking_key

REFRESH = 2.0  # seconds between a node's writes (as the absence refresh)
GRACE = 5.0  # seconds a courier waits before deciding about a notification (REFRESH and a margin)
KEEP_MS = 30_000  # a player's entry expires this long after a node last wrote it


class Looking:
    def __init__(self, redis: Redis, hub: Hub) -> None:
        self.redis = redis
        self.hub = hub

    def here(self, room: str, player: str) -> bool:
        """A socket of `player` is at `room` on this node."""
        return any(m.player == player for m in self.hub.local.get(room, {}))

    def held(self) -> dict[str, set[str]]:
        """The rooms this node holds a socket of each player at."""
        out: dict[str, set[str]] = {}
        for room, members in list(self.hub.local.items()):
            for m in members:
                if m.player is not None:
                    out.setdefault(m.player, set()).add(room)
        return out

    async def refresh(self) -> None:
        held = self.held()
        if not held:
            return
        now = now_ms()
        async with self.redis.pipeline(transaction=False) as pipe:
            for player, rooms in held.items():
                pipe.hset(looking_key(player), mapping=dict.fromkeys(rooms, now))
                pipe.pexpire(looking_key(player), KEEP_MS)
            await pipe.execute()

    async def since(self, player: str, room: str, at_ms: int) -> bool:
        """A socket of `player` was at `room` at or after `at_ms` (asked GRACE after it)."""
        seen = await self.redis.hget(looking_key(player), room)
        return seen is not None and int(seen) >= at_ms

    def register(self, loops: background.Loops) -> None:
        loops.every("who is looking", REFRESH, self.refresh)
