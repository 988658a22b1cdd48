"""One websocket connection's state: identity, the rooms it is in, flood control.

Frames go out through the connection's writer (server.transport.websocket) at once and in order;
the writer closes a peer that stops reading. A session holds no task and no buffer.
"""

from __future__ import annotations

from typing import Any, Protocol

from protocol.codec import encode
from server.rooms.members import HOLD
from server.runtime.buckets import Bucket


class Writer(Protocol):
    def write(self, frame: bytes) -> None: ...
    def hold(self) -> bool: ...  # True: this call started holding (its caller releases)
    def release(self) -> None: ...
    def close(self, code: int, reason: str) -> None: ...


class Session:
    """A websocket's state; the room core sees it as a `Member` (server.rooms.members)."""

    __slots__ = ("out", "player", "name", "version", "rooms", "seen", "held", "bucket", "dropped", "closed", "queued",
                 "pushing")  # fmt: skip

    def __init__(self, out: Writer, rate: float, burst: float) -> None:
        self.out = out
        self.player: str | None = None
        self.name = ""
        self.version = 0
        self.rooms: dict[str, int | None] = {}  # room -> seat (None: spectator)
        self.seen: dict[str, int] = {}  # room -> last seq sent to this socket
        self.held: dict[str, list[tuple[int, bytes | None, bytes | None, bytes | None]]] = {}  # pushes kept (`hold`)
        self.bucket = Bucket(rate, burst)  # frames per second
        self.dropped = 0
        self.closed = False
        self.queued = False  # waiting in a matchmaking queue (told again after a pub/sub loss)
        self.pushing: set[str] = set()  # rooms whose seat's legal moves are sent unasked (join with `push`)

    def send(self, msg: dict[str, Any]) -> None:
        self.send_frame(encode(msg))

    def send_frame(self, frame: bytes) -> None:
        if not self.closed:
            self.out.write(frame)

    def push(self, room: str, seq: int, frame: bytes | None, over: bytes | None, moves: bytes | None = None) -> None:
        """A committed change of a room (from the hub), and the seat's legal moves after it
        when they are pushed; older or repeated seqs are dropped, and kept while the room
        is held."""
        if room not in self.rooms:
            return
        seen = self.seen.get(room, -1)
        if seen == HOLD:
            self.held.setdefault(room, []).append((seq, frame, over, moves))
            return
        if seq <= seen:
            return
        self.seen[room] = seq
        held = moves is not None and self.out.hold()  # the diff and the moves after it leave in one write
        if frame is not None:
            self.send_frame(frame)
        if over is not None:
            self.send_frame(over)
        if moves is not None:
            self.send_frame(moves)
        if held:
            self.out.release()

    def push_moves(self, room: str, seq: int, moves: bytes) -> None:
        """The seat's legal moves at `seq`, sent unasked: only while the socket shows that
        seq (a later change brings its own), kept while the room is held."""
        if room not in self.pushing:
            return
        seen = self.seen.get(room, -1)
        if seen == HOLD:
            self.held.setdefault(room, []).append((seq, None, None, moves))
        elif seen == seq:
            self.send_frame(moves)

    def hold(self, room: str) -> None:
        """Keep the room's pushes until `snapshot_sent` (the socket is being attached):
        the snapshot may be read before a commit whose push comes in meanwhile, and that
        push, dropped, would leave the socket one change behind with nothing to tell it."""
        self.seen[room] = HOLD

    def snapshot_sent(self, room: str, seq: int) -> None:
        """The room's snapshot at `seq` went out: the pushes kept that are newer follow it."""
        self.seen[room] = seq
        for held_seq, frame, over, moves in self.held.pop(room, ()):
            if frame is None and over is None and moves is not None:
                self.push_moves(room, held_seq, moves)
            else:
                self.push(room, held_seq, frame, over, moves)

    def forget(self, room: str) -> None:
        self.rooms.pop(room, None)
        self.seen.pop(room, None)
        self.held.pop(room, None)
        self.pushing.discard(room)

    def lose(self, room: str) -> None:
        """The room service (or the hub) detached this socket from `room`: say so."""
        self.forget(room)
        self.send({"t": "left", "room": room})

    def close(self, code: int, reason: str) -> None:
        self.closed = True
        self.out.close(code, reason)
