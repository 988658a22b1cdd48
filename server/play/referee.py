"""The referee: makes timed-out seats and bot seats decide, on whichever node holds the lease.

Deadlines live in the room documents (server.rooms.clocks). To find the rooms with one due
without reading every document, the sorted set `rooms:clocks` scores each timed room by
its next deadline (ms). Nodes do not write it on the move path (a move stays one Redis
round trip): each commit notes its room's new deadline in memory, and every TICK the
node writes what it noted in one ZADD/ZREM. A node that dies before its write loses at
most one TICK of notes; the rebuild (every REBUILD seconds, by the lease holder) reads
the documents of the games in play (`rooms:playing`) and puts their deadlines back, so
a clock is never lost, only late by at most REBUILD seconds after a crash. The games of
days per move (`rooms:correspondence`) are read back every REBUILD_DAYS: ten minutes
late on a clock of days, and an idle node with 10,000 of them stays idle (bench.referee).

One node at a time holds the lease (`referee:lease`, renewed every TICK) and acts on the
rooms whose deadline has passed: for each seat due, a bot seat plays its decision; a
timed-out human seat has a bot play for it (policy "bot") or forfeits, ending the game as
abandoned with that seat named (policy "forfeit"). Each action is an ordinary commit
with the document's seq checked, so a second node acting on the same room, or the same
node after a restart, cannot act twice.

A searching bot (`easy`, `medium`, `strong`: server.play.bots) is not asked under the
room's lock: the look that finds it due hands the room's state at that seq to a worker
(server.play.thinking) and lets go; when the decision comes back the room is acted on
again, and the decision is committed only if the room is still at that seq and that seat
still due (else it is thought anew). Meanwhile the table, the node and the other rooms go on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, cast

import msgpack
from redis.asyncio import Redis

from protocol.errors import ErrorCode
from server.play import bots
from server.play.absence import Absence
from server.play.thinking import Thinker
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.service import Change, Rooms
from server.runtime import loops as background
from server.runtime import wallclock
from server.runtime.outage import STORE_ERRORS
from server.storage.keys import CLOCKS, CORRESPONDENCE_ROOMS, PLAYING_ROOMS, REFEREE_LEASE, keys

log = logging.getLogger("longhall.referee")
TICK = 0.1  # seconds between looks (and between writes of noted deadlines)
LEASE_MS = 3000
REBUILD = 30.0  # seconds between rebuilds of the index from the documents
REBUILD_DAYS = 600.0  # seconds between rebuilds of the games of days per move (rooms:correspondence)
READ = 200  # documents read per round trip in a rebuild
BATCH = 100  # rooms acted on per look, at most
MAX_IN_A_ROW = 8  # decisions made in one room per look, at most
ABSENCE_EVERY = 2.0  # seconds between judgements of absent seats (server.play.absence)
RETRY_MS = 5000  # a room the referee failed in is looked at again this much later


@dataclass(frozen=True)
class Ask:
    """A searching bot's decision to think about: the room at one seq, the seat, its level."""

    room: str
    seq: int
    seat: int
    level: str
    game: str
    state: dict[str, Any]


@dataclass(frozen=True)
class Thought:
    seq: int
    seat: int
    move: Any


class Referee:
    def __init__(self, redis: Redis, rooms: Rooms, node: str, absence: Absence | None = None,
                 thinker: Thinker | None = None, level: str = "random") -> None:  # fmt: skip
        self.redis = redis
        self.rooms = rooms
        self.node = node
        self.absence = absence
        self.thinker = thinker  # None: searching bots think on the event loop (tests)
        self.level = level  # the level of the bot deciding for a timed-out player
        self.thinking: dict[str, asyncio.Task[None]] = {}  # room → its bot thinking
        self.thoughts: dict[str, Thought] = {}  # room → a decision thought, not yet committed
        self.lease = background.Lease(redis, REFEREE_LEASE, node, LEASE_MS)
        self._judged = 0.0
        self.noted: dict[str, int | None] = {}
        self.acted = 0  # decisions made for seats (bots and timeouts), for tests and metrics
        self._rebuilt = 0.0
        self._rebuilt_days = -REBUILD_DAYS  # (the first rebuild reads them too)

    def note(self, room: str, deadline: int | None) -> None:
        """A commit here changed `room`'s next deadline (called on the commit path: no I/O)."""
        self.noted[room] = deadline

    def register(self, loops: background.Loops) -> None:
        """Its loop: a round every TICK (the node writes what is noted once more at its stop),
        and the bots' worker processes."""
        loops.every("referee round", TICK, self.round, log)
        if self.thinker is not None:
            self.thinker.register(loops)

    async def round(self) -> None:
        """Write the deadlines noted here; under the lease, act on the rooms due, put every
        deadline back now and then, and judge absent seats."""
        await self.flush()
        if await self.lease.hold():
            await self.sweep()
            if time.monotonic() - self._rebuilt > REBUILD:
                await self.rebuild()
            if self.absence is not None and time.monotonic() - self._judged > ABSENCE_EVERY:
                self._judged = time.monotonic()
                await self.absence.judge()

    async def flush(self) -> None:
        if not self.noted:
            return
        noted, self.noted = self.noted, {}
        due = {room: d for room, d in noted.items() if d is not None}
        gone = [room for room, d in noted.items() if d is None]
        async with self.redis.pipeline(transaction=False) as pipe:
            if due:
                pipe.zadd(CLOCKS, due)
            if gone:
                pipe.zrem(CLOCKS, *gone)
            await pipe.execute()

    async def sweep(self, now: int | None = None) -> int:
        """Act on every room with a deadline passed; how many rooms were looked at."""
        now = now or wallclock.now_ms()
        rooms = await self.redis.zrangebyscore(CLOCKS, "-inf", now, 0, BATCH)
        for raw in rooms:
            room = raw.decode() if isinstance(raw, bytes) else str(raw)
            if room in self.thinking:  # a bot of the room thinks: its task acts when done
                continue
            try:
                await self.act(room)
            except RoomError as exc:
                log.info("referee could not act in %s: %s", room, exc.detail)
            except STORE_ERRORS:
                raise
            except Exception:  # one room's fault must not stop every other room's clock
                log.exception("referee failed in room %s; it is looked at again later", room)
                await self.redis.zadd(CLOCKS, {room: now + RETRY_MS})
        return len(rooms)

    async def act(self, room: str) -> None:
        """Make every seat of `room` that is due decide (or forfeit), one transaction each,
        then index the room again by its next deadline. A searching bot due is asked to
        think off the event loop (`think`), outside the room's lock; its decision is
        committed later if the room is still where it was asked."""
        deadline: int | None = None
        last = False  # the look after the most decisions in a row: it only reads the deadline
        ask: Ask | None = None

        def step(e: Entry, attempt: int) -> Change | None:
            nonlocal deadline, ask
            deadline = clock.next_deadline(e.doc)
            seats = clock.due(e.doc, wallclock.now_ms())
            ask = None
            if last or not seats:
                return None
            decided = self._decision(e, seats[0])
            if isinstance(decided, Ask):
                ask = decided
                return None
            return decided

        try:
            for n in range(MAX_IN_A_ROW + 1):  # a bot's decision may ask another bot at once
                last = n == MAX_IN_A_ROW
                out = await self.rooms.change(room, step)
                if out is None:
                    break
                self.acted += 1
        except RoomError as exc:
            if exc.code != ErrorCode.UNKNOWN_ROOM.value:
                raise
            await self.redis.zrem(CLOCKS, room)
            return
        if ask is not None:
            self._think(ask)
        elif deadline is None:
            await self.redis.zrem(CLOCKS, room)
        else:
            await self.redis.zadd(CLOCKS, {room: deadline})

    def _decision(self, e: Entry, seat: int) -> Change | Ask | None:
        """The due `seat` forfeits (a player's seat in a room whose timeouts forfeit), or its
        bot decides for it (a bot seat, or a timed-out player's); None: it has no move.
        A searching bot's decision is the one thought for this seq, or an `Ask` to think."""
        doc, game = e.doc, e.game
        assert game is not None
        holder: rm.Seat | dict[str, str] = doc["seats"][seat] or {}
        setting = doc.get("clock_setting") or {}
        if not holder.get("bot") and setting.get("timeout") == "forfeit":
            return rm.forfeited(doc, seat), {"k": "forfeit", "seat": seat}
        level = holder.get("bot") or self.level
        if level in bots.SEARCHING and self.thinker is not None:
            thought = self.thoughts.pop(e.id, None)
            if thought is None or (thought.seq, thought.seat) != (e.seq, seat):
                return Ask(e.id, e.seq, seat, level, game.info.name, doc["state"])
            move = thought.move
        else:
            move = bots.choose(game, doc["state"], seat, level, bots.rng_for(e.id, e.seq, seat))
        if move is None:
            return None
        by = "bot" if holder.get("bot") else "timeout"
        return self.rooms.decision(e, seat, move, {"k": "move", "seat": seat, "by": by, "move": move})

    def _think(self, ask: Ask) -> None:
        """Think about `ask` in a worker, then act in the room again: the decision is
        committed if the room is still at the seq it was thought for, else thought anew."""
        if ask.room in self.thinking:
            return

        async def think() -> None:
            assert self.thinker is not None
            thought: Thought | None = None
            try:
                move = await self.thinker.choose(ask.game, ask.state, ask.seat, ask.level, ask.room, ask.seq)
                thought = self.thoughts[ask.room] = Thought(ask.seq, ask.seat, move)
                del self.thinking[ask.room]  # acting may ask the room's next bot to think
                await self.act(ask.room)
            except RoomError as exc:
                log.info("referee could not act in %s: %s", ask.room, exc.detail)
            except Exception:  # the room is looked at again later, like any room the referee failed in
                log.exception("a bot could not think in room %s", ask.room)
                await self.redis.zadd(CLOCKS, {ask.room: wallclock.now_ms() + RETRY_MS})
            finally:
                if self.thinking.get(ask.room) is task:
                    del self.thinking[ask.room]
                if thought is not None and self.thoughts.get(ask.room) is thought:
                    del self.thoughts[ask.room]

        task = self.thinking[ask.room] = asyncio.create_task(think(), name=f"bot thinking in {ask.room}")

    async def settled(self) -> None:
        """Wait until no bot thinks (tests: every decision asked is made or dropped)."""
        while self.thinking:
            await asyncio.gather(*self.thinking.values(), return_exceptions=True)

    async def rebuild(self, days: bool = False) -> None:
        """Put back every deadline of the games in play (a node may have died before its
        write): the documents are read READ at a time, one round trip each. The games of
        days per move are read every REBUILD_DAYS only (their clocks run for days), or
        when `days` asks for them."""
        self._rebuilt = time.monotonic()
        indexes = [PLAYING_ROOMS]
        if days or self._rebuilt - self._rebuilt_days > REBUILD_DAYS:
            self._rebuilt_days = self._rebuilt
            indexes.append(CORRESPONDENCE_ROOMS)
        for index in indexes:
            part: list[str] = []
            async for raw, _ in self.redis.zscan_iter(index, count=READ):
                part.append(raw.decode() if isinstance(raw, bytes) else str(raw))
                if len(part) == READ:
                    await self._put_back(part)
                    part = []
            if part:
                await self._put_back(part)

    async def _put_back(self, rooms: list[str]) -> None:
        """The deadlines of `rooms` as their documents hold them, into the index (a timed
        room's document is always written whole: server.storage.store, its tail)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.hget(keys(room)[0], "doc")
            docs = await pipe.execute()
        found: dict[str, int] = {}
        for room, raw in zip(rooms, docs, strict=True):
            if raw is None:
                continue
            deadline = clock.next_deadline(cast(rm.Doc, msgpack.unpackb(raw, raw=False)))
            if deadline is not None:
                found[room] = deadline
        if found:
            await self.redis.zadd(CLOCKS, found)
