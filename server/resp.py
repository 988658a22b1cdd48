"""A lean, pipelined Redis connection for the one command on the move path.

The commit script runs once per move. redis-py's general machinery (connection pool
checkout, retry wrapper, command builder) costs more CPU than the round trip itself at
thousands of moves per second, so commits go over a few dedicated connections that
write RESP by hand, parse with hiredis, and match replies to calls in order (Redis
answers a connection's commands in the order it received them). Everything else keeps
using redis-py. Only plain `redis://host:port/db` URLs without auth take this path;
others fall back to redis-py's script object.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
from collections import deque
from typing import Any
from urllib.parse import urlparse

import hiredis


def resp(*args: bytes | str | int) -> bytes:
    out = [b"*%d\r\n" % len(args)]
    for a in args:
        b = a if isinstance(a, bytes) else str(a).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(b), b))
    return b"".join(out)


class _Conn(asyncio.Protocol):
    def __init__(self) -> None:
        self.reader = hiredis.Reader()
        self.waiters: deque[asyncio.Future[Any]] = deque()
        self.transport: asyncio.Transport | None = None
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            fut = self.waiters.popleft()
            if not fut.done():
                fut.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        while self.waiters:
            fut = self.waiters.popleft()
            if not fut.done():
                fut.set_exception(ConnectionError("redis connection lost"))

    def call(self, frame: bytes) -> asyncio.Future[Any]:
        fut = asyncio.get_running_loop().create_future()
        assert self.transport is not None
        self.waiters.append(fut)
        self.transport.write(frame)
        return fut


class ScriptRunner:
    """EVALSHA of one script over `size` pipelined connections."""

    def __init__(self, url: str, script: str, size: int = 4, timeout: float = 5.0) -> None:
        self.timeout = timeout
        u = urlparse(url)
        self.host, self.port = u.hostname or "127.0.0.1", u.port or 6379
        self.db = int(u.path.lstrip("/") or 0)
        self.script = script
        self.sha = hashlib.sha1(script.encode()).hexdigest()
        self.conns: list[_Conn | None] = [None] * size
        self._next = itertools.cycle(range(size))
        self._lock = asyncio.Lock()

    @staticmethod
    def usable(url: str) -> bool:
        u = urlparse(url)
        return u.scheme == "redis" and not u.password and not u.username

    async def _conn(self) -> _Conn:
        i = next(self._next)
        c = self.conns[i]
        if c is None or c.lost:
            async with self._lock:
                c = self.conns[i]
                if c is None or c.lost:
                    loop = asyncio.get_running_loop()
                    _, c = await loop.create_connection(_Conn, self.host, self.port)
                    if self.db:
                        await c.call(resp("SELECT", self.db))
                    self.conns[i] = c
        return c

    async def __call__(self, keys: list[str], args: list[Any]) -> Any:
        conn = await self._conn()
        reply = await self._wait(conn, resp("EVALSHA", self.sha, len(keys), *keys, *args))
        if isinstance(reply, hiredis.ReplyError) and str(reply).startswith("NOSCRIPT"):
            # a restarted Redis forgot the script: EVAL loads it (and caches it again)
            reply = await self._wait(conn, resp("EVAL", self.script, len(keys), *keys, *args))
        if isinstance(reply, Exception):
            raise reply
        return reply

    async def _wait(self, conn: _Conn, frame: bytes) -> Any:
        """A reply within `timeout`, or the connection is dropped: a reply arriving late
        would otherwise be taken for the answer to the next call on it."""
        try:
            return await asyncio.wait_for(conn.call(frame), self.timeout)
        except TimeoutError:
            if conn.transport is not None:
                conn.transport.abort()
            conn.connection_lost(None)
            raise ConnectionError("redis did not answer in time") from None

    def close(self) -> None:
        for c in self.conns:
            if c is not None and c.transport is not None:
                c.transport.close()
