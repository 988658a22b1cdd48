"""One websocket connection: identity, the rooms it is in, flood control, ordered output.

Output goes through a small queue drained by a writer task that exists only while
there is a backlog, so an idle connection costs no task; a client that stops reading
and lets the backlog pass `max_backlog` frames is closed (1013) and must reconnect and
resync rather than hold the node's memory hostage.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from protocol.codec import encode
from protocol.errors import CLOSE_TRY_AGAIN

Send = Callable[[dict[str, Any]], Awaitable[None]]  # the ASGI send of the socket


class TokenBucket:
    """Frames per second with a burst allowance."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Session:
    __slots__ = ("asgi_send", "player", "name", "version", "rooms", "seen", "queue", "writer", "bucket",
                 "dropped", "closed", "max_backlog")  # fmt: skip

    def __init__(self, send: Send, rate: float, burst: float, max_backlog: int) -> None:
        self.asgi_send = send
        self.player: str | None = None
        self.name = ""
        self.version = 0
        self.rooms: dict[str, int | None] = {}  # room -> seat (None: spectator)
        self.seen: dict[str, int] = {}  # room -> last seq sent to this socket
        self.queue: deque[bytes] | None = None  # made on the first frame: idle sockets stay small
        self.writer: asyncio.Task[None] | None = None
        self.bucket = TokenBucket(rate, burst)
        self.dropped = 0
        self.closed = False
        self.max_backlog = max_backlog

    def send(self, msg: dict[str, Any]) -> None:
        self.send_frame(encode(msg))

    def send_frame(self, frame: bytes) -> None:
        if self.closed:
            return
        if self.queue is None:
            self.queue = deque()
        self.queue.append(frame)
        if len(self.queue) > self.max_backlog:
            self.queue = None
            self.closed = True
            asyncio.get_running_loop().create_task(self._close(CLOSE_TRY_AGAIN, "too slow; resync"))
            return
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._drain())

    def push(self, room: str, seq: int, frame: bytes | None, over: bytes | None) -> None:
        """A committed change of a room (from the hub); older or repeated seqs are dropped."""
        if room not in self.rooms or seq <= self.seen.get(room, -1):
            return
        self.seen[room] = seq
        if frame is not None:
            self.send_frame(frame)
        if over is not None:
            self.send_frame(over)

    async def _drain(self) -> None:
        try:
            while self.queue:
                await self.asgi_send({"type": "websocket.send", "bytes": self.queue.popleft()})
        except Exception:  # the peer is gone; the reader ends the session
            self.closed = True
            self.queue = None
        finally:
            self.writer = None
            if not self.queue:
                self.queue = None  # an idle socket keeps no buffer

    async def flush(self) -> None:
        """Wait until every queued frame is written (before a close)."""
        while self.writer is not None:
            await asyncio.sleep(0)
            if self.writer is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(self.writer)

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.asgi_send({"type": "websocket.close", "code": code, "reason": reason})

    async def close(self, code: int, reason: str) -> None:
        await self.flush()
        self.closed = True
        await self._close(code, reason)
