"""Spectators a few decisions behind: a room's `spectator_delay`, against ghosting.

A player's friend watching a live game could advise them ("ghosting"). A room with a
spectator delay shows every spectator the table as it stood a number of decisions ago
(`{"moves": N}`: N commits behind) or a number of seconds ago (`{"seconds": S}`); the
players' own views are never delayed. Timed rooms — rated games, matchmade and tournament
tables — are delayed by default, by two decisions per seat (`default`); a room made with
`"spectator_delay": {"moves": 0}` is not.

How: each node holds one `Line` per delayed room it has spectators in. The hub hands it
the room's public frames instead of sending them to spectators (server.storage.fanout,
`Hub.lines`), and the line lets each go once the room is N commits further on, or S
seconds after it reached this node (never earlier than S after the commit). The line keeps
the public view it last let go (the diffs applied to it, RFC 6902 with `jsonpatch`), so a
spectator arriving later starts from that view. A line starts from the live view of the
moment its first spectator came, held back like any frame: until it is let go, the
spectator has its `joined` and waits; a line made as the game starts (its spectators here
shown the start live) goes on from their table, through the frames that come while it reads
the room. A line outlives its last spectator here `LINGER`
seconds, fed all the while, so that a spectator who reconnects goes on from where it was.
When a frame is missing (a pub/sub gap) the line starts again from a fresh read, held
back the same way. When the game ends, everything held goes out at once, and the result
with it: a finished game hides nothing.

What reads of a live game see: `GET /api/rooms/{room}/said` keeps the decisions a
spectator has not been shown yet back from anyone but the room's players
(server.play.wording, `visible`).
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import jsonpatch
import msgpack

from protocol.codec import encode, pack, snapshot_frame
from server.rooms import document as rm
from server.rooms.cache import Entry, now_ms
from server.rooms.errors import RoomError
from server.rooms.members import Member

if TYPE_CHECKING:
    from server.storage.fanout import Hub


class Rooms(Protocol):
    """What the lines read of the room service (server.rooms.service.Rooms, which imports
    this module through the commit's transition: named here by its parts)."""

    hub: Hub
    cache: dict[str, Entry]

    async def entry(self, room: str) -> Entry: ...


log = logging.getLogger("longhall.delay")

LINGER = 60.0  # seconds a line outlives its last spectator here: one who reconnects goes on where they were
MAX_MOVES = 200  # a delay of more decisions than this is refused
MAX_SECONDS = 3600  # and of more seconds than this
PER_SEAT = 2  # the default delay of a timed room: this many decisions per seat


class DelayError(ValueError):
    """A `spectator_delay` setting that is not one (its text says what it must be)."""


@dataclass(frozen=True)
class Delay:
    moves: int = 0  # commits behind the room
    seconds: float = 0.0  # seconds behind it

    def as_json(self) -> dict[str, Any]:
        return {"seconds": self.seconds} if self.seconds else {"moves": self.moves}


def setting(raw: Any) -> dict[str, Any] | None:
    """The room's setting from a `create`'s `spectator_delay`: None (absent: the default),
    {"moves": N} (0 ≤ N ≤ MAX_MOVES; 0: no delay) or {"seconds": S} (0 < S ≤ MAX_SECONDS)."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or len(raw) != 1:
        raise DelayError('spectator_delay must be {"moves": N} or {"seconds": S}')
    (unit, value), = raw.items()  # fmt: skip
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DelayError("spectator_delay's value must be a number")
    if unit == "moves" and isinstance(value, int) and 0 <= value <= MAX_MOVES:
        return {"moves": value}
    if unit == "seconds" and 0 < value <= MAX_SECONDS:
        return {"seconds": float(value)}
    raise DelayError(f"spectator_delay is {{'moves': 0..{MAX_MOVES}}} or {{'seconds': 1..{MAX_SECONDS}}}")


def default(doc: rm.Doc | dict[str, Any]) -> dict[str, Any] | None:
    """What a room without a setting gets: timed rooms (the rated ones) two decisions per seat."""
    return {"moves": PER_SEAT * len(doc["seats"])} if rm.rated(doc) else None  # type: ignore[arg-type]


def of(doc: rm.Doc | dict[str, Any]) -> Delay | None:
    """The delay spectators of this room see now: None when there is none, or the game is
    not in play (an open room has nothing to hide; a finished one, nothing left to)."""
    if doc["status"] != rm.PLAYING:
        return None
    chosen = doc.get("spectator_delay")
    chosen = default(doc) if chosen is None else chosen
    if not chosen:
        return None
    if chosen.get("seconds"):
        return Delay(seconds=float(chosen["seconds"]))
    return Delay(moves=int(chosen["moves"])) if chosen.get("moves") else None


class Line:
    """One delayed room's public frames on their way to this node's spectators."""

    def __init__(self, room: str, delay: Delay, local: dict[str, dict[Any, int | None]],
                 restart: Callable[[Line], None]) -> None:  # fmt: skip
        self.room = room
        self.delay = delay
        self.local = local  # the hub's sockets by room (seat None: a spectator)
        self.restart = restart  # the node reads the room again and `start`s the line (or ends it)
        self.view: Any = None  # the public view let go last (None: nothing yet)
        self.seq = -1  # its seq
        self.packed: bytes | None = None  # `view` packed, for spectators who come later
        self.waiting: collections.deque[tuple[int, bytes, bool, float]] = collections.deque()
        self.last = -1  # the seq of the newest frame held (or let go)
        self.pending = True  # waiting for a `start`: frames meanwhile are kept in `early`
        self.early: list[tuple[int, bytes | None]] = []
        self.timer: asyncio.TimerHandle | None = None

    # -- what comes in -----------------------------------------------------------------
    def start(self, seq: int, packed_view: bytes) -> None:
        """Hold the room's public view at `seq` (read after the line was made, or after a
        gap), then the frames that came meanwhile. The frames held from before a gap stay
        and go first, each when it is old enough: the spectators go on through them, and
        not a whole delay late again, while the room catches up with the read."""
        while self.waiting and self.waiting[-1][0] >= seq:
            self.waiting.pop()
        early, self.early = self.early, []
        # the frames that came while the room was read and that go on from what the
        # spectators hold are held before the read, each when it is old enough: the read
        # may be a few commits on (a busy room), and without them the spectators would
        # wait a whole delay past it — for ever, when nobody decides meanwhile
        held = self.waiting[-1][0] if self.waiting else self.seq
        for s, frame in early:
            if frame is None or s >= seq or s != held + 1:
                break
            self.waiting.append((s, frame, False, self._due()))
            held = s
        self.waiting.append((seq, packed_view, True, self._due()))
        self.last, self.pending = seq, False
        for s, frame in early:
            if not self._hold(s, frame):
                return
        self._release()

    def shown_live(self, seq: int) -> None:
        """This node's spectators were shown the room live up to `seq` (its game started
        there): the frames after it go on from their table, until the line's read."""
        self.seq = self.last = seq

    def feed(self, seq: int, frame: bytes | None, over: bytes | None) -> None:
        """The hub's public frame of a commit (instead of sending it to spectators)."""
        if over is not None:  # the game ended: nothing is hidden any more
            self._flush(seq, frame, over)
        elif self.pending:
            if len(self.early) < MAX_MOVES:
                self.early.append((seq, frame))
        elif self._hold(seq, frame):
            self._release()

    def _hold(self, seq: int, frame: bytes | None) -> bool:
        """Keep a frame back; False when one is missing (the line is read again)."""
        if seq <= self.last:
            return True
        if frame is None or seq != self.last + 1:
            self.pending, self.early = True, []
            self.restart(self)
            return False
        self.waiting.append((seq, frame, False, self._due()))
        self.last = seq
        return True

    # -- what goes out -------------------------------------------------------------------
    def _due(self) -> float:
        return asyncio.get_running_loop().time() + self.delay.seconds

    def _release(self) -> None:
        """Let go what is old enough; with a delay in seconds, come back when the next is."""
        self.close()
        now = asyncio.get_running_loop().time()
        while self.waiting:
            seq, data, whole, due = self.waiting[0]
            if self.delay.seconds:
                if due > now:
                    self.timer = asyncio.get_running_loop().call_at(due, self._release)
                    return
            elif seq > self.last - self.delay.moves:
                return
            self.waiting.popleft()
            self._let_go(seq, data, whole)

    def _let_go(self, seq: int, data: bytes, whole: bool) -> None:
        # a diff goes on the view let go last; a whole is the room read from Redis (after a
        # loss it may be older than what was let go: what Redis holds is what happened)
        if not whole and seq != self.seq + 1:
            return
        if whole:
            self.view = msgpack.unpackb(data, raw=False)
            self.seq, self.packed = seq, data
            for w in self._spectators():
                self.show(w)
            return
        if self.view is None:  # the spectators were shown the room live (`shown_live`): onto theirs
            self.seq, self.packed = seq, None
            for w in self._spectators():
                w.push(self.room, seq, data, None)
            return
        msg = msgpack.unpackb(data, raw=False)
        if msg.get("t") == "snapshot":
            self.view = msg["view"]
        else:
            self.view = jsonpatch.apply_patch(self.view, msg["ops"], in_place=True)
        self.seq, self.packed = seq, None
        for w in self._spectators():
            w.push(self.room, seq, data, None)

    def _flush(self, seq: int, frame: bytes | None, over: bytes) -> None:
        """The game is over: what is held goes out, then the last frame and the result.
        With a frame missing, the node sends the finished table whole instead."""
        self.close()
        if self.pending or frame is None and seq > self.last or seq > self.last + 1:
            self.pending, self.early = True, []
            self.restart(self)
            return
        held, self.waiting = list(self.waiting), collections.deque()
        for s, data, whole, _due in held:
            self._let_go(s, data, whole)
        if frame is not None and seq == self.last + 1:
            self._let_go(seq, frame, False)
        self.last = max(self.last, seq)
        for w in self._spectators():
            w.send_frame(over)
        self.restart(self)  # over: the node lets the line go

    def _spectators(self) -> list[Any]:
        return [w for w, seat in list(self.local.get(self.room, {}).items()) if seat is None]

    def show(self, w: Member) -> None:
        """A spectator's snapshot of the view let go last (nothing yet: it waits for it)."""
        if self.view is None:
            return
        if self.packed is None:
            self.packed = pack(self.view)
        w.send_frame(snapshot_frame(self.room, self.seq, self.packed, now_ms()))
        w.snapshot_sent(self.room, self.seq)

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


class Delays:
    """This node's lines, one per delayed room it has spectators in (shared with the hub,
    which feeds them: `Hub.lines`)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.hub = rooms.hub
        self.lines = cast(dict[str, Line], rooms.hub.lines)  # the hub's: only lines are put in it
        self.linger = LINGER
        self._tasks: set[asyncio.Task[None]] = set()
        self._lingering: dict[str, asyncio.TimerHandle] = {}  # lines without a spectator here, and their end

    def delayed(self, e: Entry) -> Delay | None:
        """The delay of room `e` for spectators; before a spectator is added to the hub, a
        line is made for a delayed room, so no live frame ever reaches one."""
        delay = of(e.doc)
        if delay is not None and e.id not in self.lines:
            self.lines[e.id] = Line(e.id, delay, self.hub.local, self._restart)
        return delay

    def line(self, e: Entry) -> Line | None:
        """The line that shows a spectator attached to room `e` (read after it was added
        to the hub) the table, started by its first spectator; None when the room has none
        (the caller sends the live snapshot)."""
        line = self.lines.get(e.id)
        if line is None:
            return None
        self._stay(e.id)
        if of(e.doc) is None:  # the game ended meanwhile: nothing to hold back
            if line.pending and line.last < 0:
                self._drop(line)
            return None
        if line.pending and line.last < 0:  # the line's first spectator
            line.start(e.seq, e.packed_view(None))
        return line

    def begin(self, room: str, seq: int) -> None:
        """A room of this node's spectators became delayed (its game started): a line from
        the next read of it; the spectators keep the table they were shown until then."""
        if room in self.lines or room not in self.hub.local:
            return
        e = self.rooms.cache.get(room)
        delay = of(e.doc) if e is not None and e.seq == seq else None
        line = Line(room, delay or Delay(moves=PER_SEAT), self.hub.local, self._restart)
        self.lines[room] = line
        if delay is not None and e is not None:
            line.start(e.seq, e.packed_view(None))
        else:
            line.shown_live(seq)
            self._restart(line)

    def left(self, room: str) -> None:
        """A socket left the room here. The line outlives its last spectator `linger`
        seconds, still fed: a spectator who reconnects (a phone changing networks) goes on
        from the table it was shown, and is not held back a whole delay again — nor shown
        nothing for N decisions, when a line made anew starts from the live table."""
        line = self.lines.get(room)
        if line is None or self._watched(room):
            return
        self._stay(room)
        self._lingering[room] = asyncio.get_running_loop().call_later(self.linger, self._expire, room, line)

    def _stay(self, room: str) -> None:
        timer = self._lingering.pop(room, None)
        if timer is not None:
            timer.cancel()

    def _watched(self, room: str) -> bool:
        """Whether a spectator of `room` is here."""
        return any(seat is None for seat in self.hub.local.get(room, {}).values())

    def _expire(self, room: str, line: Line) -> None:
        self._lingering.pop(room, None)
        if self.lines.get(room) is line and not self._watched(room):
            self._drop(line)

    def _drop(self, line: Line) -> None:
        """The line goes (and the room's channel, when nobody here is in the room any more)."""
        line.close()
        if self.lines.get(line.room) is line:
            del self.lines[line.room]
        self._stay(line.room)
        if line.room not in self.hub.local:
            task = asyncio.get_running_loop().create_task(self.hub.release(line.room))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def again(self, e: Entry) -> None:
        """After a pub/sub gap (server.rooms.catchup): the line starts again from `e`, even
        at the seq it holds last (the frame it holds of that seq may be of a commit Redis
        lost and another then made again)."""
        line = self.lines.get(e.id)
        if line is not None:
            line.pending, line.early = True, []
            self._settle(line, e)

    def _restart(self, line: Line) -> None:
        task = asyncio.get_running_loop().create_task(self._read_again(line))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read_again(self, line: Line) -> None:
        if not line.pending and line.last >= 0 and self.lines.get(line.room) is line:
            # the game ended with every frame let go: the line is done
            self._drop(line)
            return
        delay = 0.05
        while self.lines.get(line.room) is line and line.pending:
            try:
                e = await self.rooms.entry(line.room)
            except RoomError:
                self._drop(line)
                return
            except Exception as exc:  # the store away: try again, the spectators wait
                log.debug("delayed room %s not read: %s", line.room, exc)
                await asyncio.sleep(delay)
                delay = min(2 * delay, 2.0)
                continue
            self._settle(line, e)
            return

    def _settle(self, line: Line, e: Entry) -> None:
        """Start `line` again from `e`, or, when the room is no longer delayed (its game
        ended), show its spectators the live table and let the line go."""
        delay = of(e.doc)
        if delay is not None:
            line.delay = delay
            line.start(e.seq, e.packed_view(None))
            return
        self._drop(line)
        over = encode({"t": "over", "room": e.id, "result": e.doc["result"]}) if e.doc["status"] == rm.OVER else None
        frame = snapshot_frame(e.id, e.seq, e.packed_view(None), now_ms())
        for w in line._spectators():
            w.send_frame(frame)
            w.snapshot_sent(e.id, e.seq)
            if over is not None:
                w.send_frame(over)
