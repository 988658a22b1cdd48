"""Abandoned games: a started game whose players have all been gone longer than a limit
ends as abandoned, and then expires like any finished game.

Presence lives in Redis so that it works with any number of nodes and any node may end
a game. The sorted set `rooms:playing` holds every game in play, scored by the last
time (ms) a socket of one of its seated players was connected to some node: the commit
that starts a game adds it and the one that ends it removes it (server.storage.store, after the
commit). Each node refreshes, every few seconds, the games in play where it holds such a
socket (adding them back if that update was lost); every node looks for games not
refreshed within the limit and ends them through the room service (the commit's seq
check lets one node win).
The result records `abandoned: true` (no scores) and reveals the seed like any end.
An operator may end a game in play the same way at once (`end_now`, server.console):
its log entry names the operator.

A game of days per move (server.rooms.clocks, `correspondence`) is never abandoned: its
players are away most of the time, and its clock ends a stall (a late seat's bot decides
or it forfeits, as the room chose). It is indexed apart (`rooms:correspondence`, by
server.storage.store when it starts); one found here, indexed by an earlier release, is
moved there.

What this leaves out: forfeits of single seats (a game with one player still present
goes on) and clocks.
"""

from __future__ import annotations

import logging
import time

from redis.asyncio import Redis

from protocol.errors import ErrorCode
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.service import Change, Rooms
from server.runtime import loops as background
from server.storage.keys import CORRESPONDENCE_ROOMS, PLAYING_ROOMS

log = logging.getLogger("longhall.abandon")
BATCH = 50  # games ended per look, at most


class Presence:
    def __init__(self, redis: Redis, rooms: Rooms, after: float) -> None:
        self.redis = redis
        self.rooms = rooms
        self.after = after
        self.interval = max(0.2, min(5.0, after / 3))

    def register(self, loops: background.Loops) -> None:
        loops.every("presence sweep", self.interval, self.sweep, log)

    def present(self) -> list[str]:
        """Games in play where this node holds a socket of a seated player."""
        cache = self.rooms.cache
        return [
            room
            for room, members in self.rooms.hub.local.items()
            if room in cache
            and cache[room].doc.get("status") == rm.PLAYING
            and not clock.correspondence(cache[room].doc)
            and any(s is not None for s in members.values())
        ]

    async def sweep(self) -> None:
        now = int(time.time() * 1000)
        here = self.present()
        if here:
            await self.redis.zadd(PLAYING_ROOMS, {room: now for room in here})
        gone = await self.redis.zrangebyscore(PLAYING_ROOMS, "-inf", now - int(self.after * 1000), 0, BATCH)
        for raw in gone:
            await self.end(raw.decode() if isinstance(raw, bytes) else str(raw))

    async def end(self, room: str) -> None:
        """End `room` as abandoned if it is still in play and still unseen."""

        async def abandon(e: Entry, attempt: int) -> Change | None:
            seen = await self.redis.zscore(PLAYING_ROOMS, room)
            if e.doc["status"] != rm.PLAYING or seen is None:
                await self.redis.zrem(PLAYING_ROOMS, room)
                return None
            if clock.correspondence(e.doc):  # (indexed here by an earlier release) its clock ends a stall
                async with self.redis.pipeline(transaction=True) as pipe:
                    pipe.zrem(PLAYING_ROOMS, room)
                    pipe.zadd(CORRESPONDENCE_ROOMS, {room: int(seen)})
                    await pipe.execute()
                return None
            if time.time() * 1000 - seen < self.after * 1000:
                return None  # another node saw a player meanwhile
            return rm.abandoned(e.doc), {"k": "abandon"}

        try:
            out = await self.rooms.change(room, abandon)
        except RoomError as exc:
            if exc.code == ErrorCode.UNKNOWN_ROOM.value:
                await self.redis.zrem(PLAYING_ROOMS, room)
            return  # (changed too often meanwhile: the next sweep looks again)
        if out is not None:
            log.info("room %s ended as abandoned", room)


async def end_now(redis: Redis, rooms: Rooms, room: str, by: str) -> None:
    """End a game in play as abandoned at an operator's word (`by`), whoever is present."""

    def abandon(e: Entry, attempt: int) -> Change:
        if e.doc["status"] != rm.PLAYING:
            raise RoomError(ErrorCode.NOT_STARTED if e.doc["status"] == rm.OPEN else ErrorCode.GAME_OVER,
                            f"only a game in play can be ended; this room is {e.doc['status']}")  # fmt: skip
        return rm.abandoned(e.doc), {"k": "abandon", "by": by}

    await rooms.change(room, abandon)
    await redis.zrem(PLAYING_ROOMS, room)
    log.info("room %s ended as abandoned by %s", room, by)
