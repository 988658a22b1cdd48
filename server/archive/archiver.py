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

from server import background
from server.archive import leaderboard
from server.archive.finished import read_room
from server.chat import key as chat_key
from server.outage import STORE_ERRORS, QuietLog
from server.store import here_key, keys, text

if TYPE_CHECKING:
    from server.archive.repository import Archive

log = logging.getLogger("longhall.archive")
quiet = QuietLog(log)
PENDING = "archive:pending"


def claim_key(room: str) -> str:
    return f"room:{{{room}}}:archiving"


class Archiver:
    def __init__(self, redis: Redis, archive: Archive | None, node: str, *, grace: float = 30.0, keep: int = 60,
                 lease_ms: int = 60_000, sweep_every: float = 5.0, scan_every: float = 600.0) -> None:  # fmt: skip
        self.redis = redis
        self.archive = archive  # None: announce only (a separate `longhall archive run` archives)
        self.node = node
        self.grace, self.keep, self.lease_ms = grace, keep, lease_ms
        self.sweep_every, self.scan_every = sweep_every, scan_every
        self.counts = {"archived": 0, "already": 0, "gone": 0, "busy": 0, "failed": 0}
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._ready = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def finished(self, room: str) -> None:
        """A game ended on this node (called from the commit path: no I/O here)."""
        self._queue.put_nowait(room)

    def start(self) -> None:
        """Announce at once; archive once `attach` hands over the database."""
        self._tasks = [asyncio.create_task(self._drain())]

    def attach(self, archive: Archive | None) -> None:
        """The archive is open (None: this node only announces)."""
        self.archive = archive
        if archive is not None:
            self._tasks.append(asyncio.create_task(self._sweeper()))
        self._ready.set()

    async def stop(self) -> None:
        await background.stop(*self._tasks)
        with contextlib.suppress(Exception):  # games that ended just now: leave them to the others
            while not self._queue.empty():
                await self.announce(self._queue.get_nowait())

    async def announce(self, room: str) -> None:
        await self.redis.zadd(PENDING, {room: int(time.time() * 1000)}, nx=True)

    async def _drain(self) -> None:
        while True:
            room = await self._queue.get()
            try:
                await self.announce(room)
                await self._ready.wait()
                if self.archive is not None:
                    await self.archive_room(room)
            except asyncio.CancelledError:
                raise
            except Exception:  # the pending set or the scan brings it back
                log.warning("archiving room %s failed; it will be retried", room, exc_info=True)

    async def _sweeper(self) -> None:
        next_scan = time.monotonic() + random.uniform(0, self.sweep_every)
        while True:
            try:
                await self.sweep()
                if time.monotonic() >= next_scan:
                    await self.scan()
                    next_scan = time.monotonic() + self.scan_every * random.uniform(0.8, 1.2)
            except asyncio.CancelledError:
                raise
            except STORE_ERRORS as exc:
                quiet.warn("sweep", "archive sweep failed", exc)
            except Exception:
                log.warning("archive sweep failed", exc_info=True)
            await asyncio.sleep(self.sweep_every)

    async def sweep(self, limit: int = 200) -> int:
        """Archive announced rooms that ended more than `grace` ago; how many were handled."""
        horizon = int((time.time() - self.grace) * 1000)
        rooms: Any = await self.redis.zrangebyscore(PENDING, "-inf", horizon, start=0, num=limit)
        for room in rooms:
            await self.archive_room(text(room))
        return len(rooms)

    async def scan(self, batch: int = 500) -> int:
        """Find finished rooms nobody announced (their node died at the wrong moment)."""
        found = 0
        horizon = int((time.time() - self.grace) * 1000)
        metas: list[str] = []
        async for key in self.redis.scan_iter(match="room:*:meta", count=1000):
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
        rooms = [m[len("room:{") : -len("}:meta")] for m, (status, archived) in zip(metas, answers, strict=True)
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
        assert self.archive is not None
        if not await self.redis.set(claim_key(room), self.node, nx=True, px=self.lease_ms):
            return self._count("busy")
        try:
            rec = await read_room(self.redis, room)
            if rec is None:  # expired, deleted, or not finished after all
                await self.redis.zrem(PENDING, room)
                return self._count("gone")
            rated: list[dict[str, Any]] = []
            saved = await self.archive.save_game(rec, rated)
            await leaderboard.update(self.redis, rec.game, rated)  # the archive is the truth: rebuilt at start
            await self._release(room)
            return self._count("archived" if saved else "already")
        except Exception:
            self._count("failed")
            with contextlib.suppress(Exception):
                await self.redis.delete(claim_key(room))
            raise

    async def _release(self, room: str) -> None:
        k = [*keys(room), chat_key(room), here_key(room)]  # doc, log, ids, meta, watch, tail; chat, presence
        async with self.redis.pipeline(transaction=False) as pipe:
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
