"""The archiver: moves each finished game from Redis into the archive, exactly once.

Discovery, without a global key in the commit script (a Lua script may only touch one
room's hash slot in Redis Cluster):
  1. The committing node hears of the end at once (Rooms.on_over, in-process), adds the
     room to `archive:pending` (a sorted set by end time; a separate command, after the
     move was acknowledged) and archives it itself.
  2. Every archiver sweeps `archive:pending` for rooms older than `grace`: a node that
     died after announcing leaves its rooms to the others.
  3. A keyspace SCAN for finished, unarchived rooms at start and every `scan_every`
     seconds catches a node that died between its commit and its announcement.
None archives twice: a claim per room (SET NX PX in the room's own slot) keeps two
archivers from doing the same work, and the games table's key on the room id makes the
insert itself happen once, whatever the claims do. A crash between the insert and the
release repeats safely: the insert finds the room archived and the release runs again.
Once archived, the room's keys get `keep` seconds more (clients still at the table can
resync), then expire; with keep=0 they are deleted at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from server.archive import leaderboard
from server.archive.finished import read_room
from server.runtime import loops as background
from server.storage.keys import ARCHIVE_PENDING as PENDING
from server.storage.keys import META_PATTERN, claim_key, keys, released, room_of_meta
from server.storage.store import text

if TYPE_CHECKING:
    from server.archive.repository import Archive

log = logging.getLogger("longhall.archive")
BATCH = 50  # games archived in one transaction, at most
GATHER = 0.5  # seconds a node gathers the games ending after one before archiving them together


class Archiver:
    def __init__(self, redis: Redis, archive: Archive | None, node: str, *, grace: float = 30.0, keep: int = 60,
                 lease_ms: int = 60_000, sweep_every: float = 5.0, scan_every: float = 600.0,
                 gather: float = GATHER) -> None:  # fmt: skip
        self.redis = redis
        self.archive = archive  # None: announce only (a separate `longhall archive run` archives)
        self.node = node
        self.grace, self.keep, self.lease_ms = grace, keep, lease_ms
        self.sweep_every, self.scan_every, self.gather = sweep_every, scan_every, gather
        self.counts = {"archived": 0, "already": 0, "gone": 0, "busy": 0, "failed": 0}
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._ready = asyncio.Event()
        self._next_scan = time.monotonic() + random.uniform(0, sweep_every)

    def finished(self, room: str) -> None:
        """A game ended on this node (called from the commit path: no I/O here)."""
        self._queue.put_nowait(room)

    def register(self, loops: background.Loops) -> None:
        """Its loops: the games ending here announced at once (and archived once `attach`
        hands over the database); the announced and forgotten ones looked for every
        `sweep_every` seconds."""
        loops.run("archive queue", self._drain)
        loops.every("archive sweep", self.sweep_every, self.look, log)

    def attach(self, archive: Archive | None) -> None:
        """The archive is open (None: this node only announces)."""
        self.archive = archive
        self._ready.set()

    async def close(self) -> None:
        """After its loops stopped: the games that ended just now, announced for the others."""
        with contextlib.suppress(Exception):
            while not self._queue.empty():
                await self.announce(self._queue.get_nowait())

    async def announce(self, *rooms: str) -> None:
        now = int(time.time() * 1000)
        await self.redis.zadd(PENDING, dict.fromkeys(rooms, now), nx=True)

    async def _drain(self) -> None:
        """Announce and archive the games ending here, gathered for `gather` seconds after
        the first: one transaction and a round trip per step for all of them."""
        while True:
            rooms = [await self._queue.get()]
            try:
                await self.announce(*rooms)
                if self.gather > 0:
                    await asyncio.sleep(self.gather)
                while not self._queue.empty() and len(rooms) < BATCH:
                    rooms.append(self._queue.get_nowait())
                if len(rooms) > 1:
                    await self.announce(*rooms[1:])
                await self._ready.wait()
                if self.archive is not None:
                    await self.archive_rooms(rooms)
            except asyncio.CancelledError:
                raise
            except Exception:  # the pending set or the scan brings them back
                log.warning("archiving rooms %s failed; they will be retried", rooms, exc_info=True)

    async def look(self) -> None:
        """Archive what is due, and now and then scan for what nobody announced (once the
        database is attached; a node that only announces does neither)."""
        if self.archive is None:
            return
        await self.sweep()
        if time.monotonic() >= self._next_scan:
            await self.scan()
            self._next_scan = time.monotonic() + self.scan_every * random.uniform(0.8, 1.2)

    async def sweep(self, limit: int = 200) -> int:
        """Archive announced rooms that ended more than `grace` ago; how many were handled."""
        horizon = int((time.time() - self.grace) * 1000)
        rooms: Any = await self.redis.zrangebyscore(PENDING, "-inf", horizon, start=0, num=limit)
        for i in range(0, len(rooms), BATCH):
            await self.archive_rooms([text(room) for room in rooms[i : i + BATCH]])
        return len(rooms)

    async def scan(self, batch: int = 500) -> int:
        """Find finished rooms nobody announced (their node died at the wrong moment)."""
        found = 0
        horizon = int((time.time() - self.grace) * 1000)
        metas: list[str] = []
        async for key in self.redis.scan_iter(match=META_PATTERN, count=1000):
            metas.append(text(key))
            if len(metas) >= batch:
                found += await self._scan_batch(metas, horizon)
                metas = []
        if metas:
            found += await self._scan_batch(metas, horizon)
        return found

    async def _scan_batch(self, metas: list[str], horizon: int) -> int:
        async with self.redis.pipeline(transaction=False) as pipe:
            for m in metas:
                pipe.hmget(m, "status", "archived")
            answers = await pipe.execute()
        rooms = [room_of_meta(m) for m, (status, archived) in zip(metas, answers, strict=True)
                 if status in (b"over", b"abandoned") and archived is None]  # fmt: skip
        n = 0
        for room in rooms:
            last: Any = await self.redis.xrevrange(keys(room)[1], "+", "-", count=1)
            if last and int(last[0][0].split(b"-")[0]) <= horizon:
                await self.archive_room(room)
                n += 1
        return n

    async def archive_room(self, room: str) -> str:
        """archived | already (someone did, this run released it) | gone | busy | failed."""
        return (await self.archive_rooms([room]))[room]

    async def archive_rooms(self, rooms: list[str]) -> dict[str, str]:
        """`archive_room` for several rooms: claimed in one round trip, saved in one
        transaction (server.archive.repository.save_games), released in one round trip.
        Should the transaction fail, each room is tried alone, so one bad room holds up
        no other."""
        assert self.archive is not None
        rooms = list(dict.fromkeys(rooms))
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.set(claim_key(room), self.node, nx=True, px=self.lease_ms)
            claims = await pipe.execute()
        out = {room: self._count("busy") for room, claimed in zip(rooms, claims, strict=True) if not claimed}
        mine = [room for room in rooms if room not in out]
        try:
            recs = []
            for room in mine:
                rec = await read_room(self.redis, room)
                if rec is None:  # expired, deleted, or not finished after all
                    await self.redis.zrem(PENDING, room)
                    out[room] = self._count("gone")
                else:
                    recs.append(rec)
            if not recs:
                return out
            rated: dict[str, list[dict[str, Any]]] = {}
            try:
                saved = await self.archive.save_games(recs, rated)
            except Exception:
                if len(recs) == 1:
                    raise
                await self.redis.delete(*(claim_key(rec.room) for rec in recs))
                for rec in recs:  # alone, each with its own claim
                    try:
                        out.update(await self.archive_rooms([rec.room]))
                    except Exception:  # the pending set or the scan brings it back
                        log.warning("archiving room %s failed; it will be retried", rec.room, exc_info=True)
                        out[rec.room] = "failed"
                return out
            for game in dict.fromkeys(rec.game for rec in recs):  # the archive is the truth: rebuilt at start
                await leaderboard.update(self.redis, game, [r for rec in recs if rec.game == game
                                                            for r in rated.get(rec.room, [])])  # fmt: skip
            await self._release(*(rec.room for rec in recs))
            for rec in recs:
                out[rec.room] = self._count("archived" if rec.room in saved else "already")
            return out
        except Exception:
            for room in mine:
                if room not in out:
                    out[room] = self._count("failed")
            with contextlib.suppress(Exception):
                await self.redis.delete(*(claim_key(room) for room in mine))
            raise

    async def _release(self, *rooms: str) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                k = released(room)  # doc, log, ids, meta, watch, tail; chat, presence
                pipe.hset(k[3], "archived", "1")
                for key in k:
                    if self.keep > 0:
                        pipe.expire(key, self.keep)
                    else:
                        pipe.unlink(key)
                pipe.zrem(PENDING, room)
                pipe.delete(claim_key(room))
            await pipe.execute()

    def _count(self, what: str) -> str:
        self.counts[what] += 1
        return what
