"""Absent players: a seated player with no socket anywhere for `LONGHALL_ABSENT_AFTER`
seconds is marked absent in the room's view; before the start their seat is freed.

Every node writes, every REFRESH seconds, when it last held a socket of each seat:
`room:{ID}:here` (hash seat -> ms; the room's hash tag, expires on its own). The node
holding the referee's lease judges, every REFRESH seconds, the rooms in play
(`rooms:playing`) and the open rooms (`rooms:open`): a human seat not seen within the
limit is absent — in a game in play the document lists it in `absent` (the view shows
it; the clock and abandonment rules go on as before), in an open room the seat is freed
as if its player had left. A seat seen again is taken off the list: the returning player
simply has their seat, as always. A seat never seen by any node counts from when the
judge first looked at it. Each change is an ordinary commit (seq-checked, one round trip).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from redis.asyncio import Redis

from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.service import Change, Rooms
from server.runtime import loops as background
from server.storage.keys import OPEN_ROOMS, PLAYING_ROOMS, here_key

log = logging.getLogger("longhall.absence")
REFRESH = 2.0  # seconds between a node's writes of who it holds
BATCH = 500  # rooms judged per look


class Absence:
    def __init__(self, redis: Redis, rooms: Rooms, after: float) -> None:
        self.redis = redis
        self.rooms = rooms
        self.after_ms = int(after * 1000)

    def register(self, loops: background.Loops) -> None:
        """Its loop: who this node holds, written every REFRESH seconds (the referee judges)."""
        loops.every("absence refresh", REFRESH, self.refresh, log)

    def held(self) -> dict[str, set[int]]:
        """Seats this node holds a socket of, by room (the socket's player holds the seat)."""
        out: dict[str, set[int]] = {}
        for room, members in self.rooms.hub.local.items():
            e = self.rooms.cache.get(room)
            if e is None or e.doc.get("status") == rm.OVER:
                continue
            holders = rm.holders(e.doc)
            seats = {s for r, s in members.items() if s is not None and s < len(holders) and holders[s] == r.player}
            if seats:
                out[room] = seats
        return out

    async def refresh(self) -> None:
        held = self.held()
        if not held:
            return
        now = int(time.time() * 1000)
        ttl = max(self.after_ms * 2, 60_000)
        async with self.redis.pipeline(transaction=False) as pipe:
            for room, seats in held.items():
                pipe.hset(here_key(room), mapping={str(s): now for s in seats})
                pipe.pexpire(here_key(room), ttl)
            await pipe.execute()

    async def judge(self) -> int:
        """Mark, unmark or free absent seats; how many rooms changed."""
        rooms: list[Any] = []
        for index in (PLAYING_ROOMS, OPEN_ROOMS):
            rooms += await self.redis.zrange(index, 0, BATCH - 1)
        changed = 0
        now = int(time.time() * 1000)
        names = [raw.decode() if isinstance(raw, bytes) else str(raw) for raw in rooms]
        async with self.redis.pipeline(transaction=False) as pipe:  # every room's presence in one round trip
            for room in names:
                pipe.hgetall(here_key(room))
            presence = await pipe.execute()
        for room, here in zip(names, presence, strict=True):
            try:
                changed += await self._judge(room, now, {int(k): int(v) for k, v in here.items()})
            except RoomError as exc:
                if exc.code == "unknown_room":
                    await self.redis.zrem(OPEN_ROOMS, room)
        return changed

    async def _judge(self, room: str, now: int, seen: dict[int, int]) -> int:
        """1 when `room` changed: the first absent player's seat freed before the start, or
        the seats marked absent in play changed; else 0."""

        async def judge(e: Entry, attempt: int) -> Change | None:
            doc = e.doc
            if doc["status"] not in (rm.OPEN, rm.PLAYING):  # ended since the index was read: its keys may
                return None  # be gone already (archived), and a presence written now would outlive them
            people = [i for i, s in enumerate(doc["seats"]) if s is not None and not s.get("bot")]
            unseen = [i for i in people if i not in seen]
            if unseen:  # counted from now on
                await self.redis.hset(here_key(room), mapping={str(i): now for i in unseen})
                await self.redis.pexpire(here_key(room), max(self.after_ms * 2, 60_000))
            gone = sorted(i for i in people if i in seen and now - seen[i] > self.after_ms)
            if doc["status"] == rm.OPEN:
                if not gone:
                    return None
                seat = gone[0]
                return rm.with_seat(doc, seat, None), {"k": "leave", "seat": seat, "absent": True}
            if gone == sorted(doc.get("absent") or []):
                return None
            return {**doc, "absent": gone}, {"k": "absent", "seats": gone}

        return int(await self.rooms.change(room, judge) is not None)
