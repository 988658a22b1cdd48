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

# answers of a Redis that did not run the script and may a moment later: loading its data
# after a restart (seen in the node chaos soak), busy with a script, a replica cut off
NOT_NOW = ("LOADING ", "BUSY ", "MASTERDOWN ")


def plain(url: str) -> bool:
    """Whether the lean connections speak to this Redis: a `redis://host:port/db` URL
    without auth (TLS, unix sockets and credentials go through redis-py)."""
    u = urlparse(url)
    return u.scheme == "redis" and not u.password and not u.username


def address(url: str) -> tuple[str, int, int]:
    """Host, port and database number of a `redis://` URL."""
    u = urlparse(url)
    return u.hostname or "127.0.0.1", u.port or 6379, int(u.path.lstrip("/") or 0)


def resp(*args: bytes | str | int) -> bytes:
    """One command in RESP, packed by hiredis (in C: a third of the Python spelling's cost)."""
    return hiredis.pack_command(args)  # type: ignore[arg-type,no-any-return]  # its stub takes a 1-tuple


class _Conn(asyncio.Protocol):
    """One pipelined connection. Calls made in one turn of the event loop go out in one
    write (one system call for all the commits of a busy moment). A reply that does not
    come within `timeout` drops the connection (a late one would be taken for the answer
    to the next call): one timer per connection watches the oldest call, not one per call."""

    def __init__(self, timeout: float = 5.0) -> None:
        self.timeout = timeout
        self.reader = hiredis.Reader()
        self.waiters: deque[tuple[asyncio.Future[Any], float]] = deque()  # and each one's deadline
        self.out: list[bytes] = []
        self.watch: asyncio.TimerHandle | None = None
        self.transport: asyncio.Transport | None = None
        self.lost = False
        self.wait: tuple[asyncio.Future[Any], bytes] | None = None  # the WAIT that ends this batch

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            fut = self.waiters.popleft()[0]
            if not fut.done():
                fut.set_result(reply)

    def connection_lost(self, exc: Exception | None, why: str = "redis connection lost") -> None:
        self.lost = True
        self.out = []
        if self.wait is not None:
            self.wait[0].set_exception(ConnectionError(why))
            self.wait = None
        if self.watch is not None:
            self.watch.cancel()
            self.watch = None
        while self.waiters:
            fut = self.waiters.popleft()[0]
            if not fut.done():
                fut.set_exception(ConnectionError(why))

    def call(self, frame: bytes) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        fut = loop.create_future()
        if self.lost:
            fut.set_exception(ConnectionError("redis connection lost"))
            return fut
        self.waiters.append((fut, loop.time() + self.timeout))
        if not self.out:
            loop.call_soon(self._flush)
        self.out.append(frame)
        if self.watch is None:
            self.watch = loop.call_later(self.timeout, self._check)
        return fut

    def waited(self, frame: bytes, wait: bytes) -> tuple[asyncio.Future[Any], asyncio.Future[Any]]:
        """`call(frame)`, and the reply to one `wait` command (a Redis WAIT) sent after every
        call of this batch: one WAIT covers every write before it on the connection."""
        fut = self.call(frame)
        if self.wait is None:
            self.wait = (asyncio.get_running_loop().create_future(), wait)
            if self.lost:
                self.connection_lost(None)
        return fut, self.wait[0]

    def _flush(self) -> None:
        if self.wait is not None and not self.lost:
            (fut, frame), self.wait = self.wait, None
            self.waiters.append((fut, asyncio.get_running_loop().time() + self.timeout))
            self.out.append(frame)
        out, self.out = self.out, []
        if out and self.transport is not None and not self.lost:
            self.transport.write(b"".join(out))

    def _check(self) -> None:
        self.watch = None
        if not self.waiters:
            return
        loop = asyncio.get_running_loop()
        late = self.waiters[0][1] - loop.time()
        if late > 0:
            self.watch = loop.call_later(late, self._check)
            return
        if self.transport is not None:
            self.transport.abort()
        self.connection_lost(None, "redis did not answer in time")


class ScriptRunner:
    """EVALSHA of one script over `size` pipelined connections."""

    def __init__(self, url: str, script: str, size: int = 4, timeout: float = 5.0) -> None:
        self.timeout = timeout
        self.host, self.port, self.db = address(url)
        self.script = script
        self.sha = hashlib.sha1(script.encode()).hexdigest()
        self.conns: list[_Conn | None] = [None] * size
        self._next = itertools.cycle(range(size))
        self._lock = asyncio.Lock()

    async def _connect(self, i: int) -> _Conn:
        async with self._lock:
            c = self.conns[i]
            if c is None or c.lost:
                loop = asyncio.get_running_loop()
                _, c = await loop.create_connection(lambda: _Conn(self.timeout), self.host, self.port)
                if self.db:
                    await c.call(resp("SELECT", self.db))
                self.conns[i] = c
            return c

    async def __call__(self, keys: list[str], args: list[Any]) -> Any:
        conn = await self._conn()
        reply = await conn.call(resp("EVALSHA", self.sha, len(keys), *keys, *args))
        if _unknown(reply):  # a restarted Redis forgot the script: EVAL loads it (and caches it again)
            reply = await conn.call(resp("EVAL", self.script, len(keys), *keys, *args))
        return _checked(reply)

    async def waited(self, keys: list[str], args: list[Any], replicas: int, ms: int) -> tuple[Any, int]:
        """The script's reply, and how many replicas acknowledged its writes within `ms`
        (a WAIT after it on the same connection, one for every call of the batch)."""
        conn = await self._conn()
        wait = resp("WAIT", replicas, ms)
        reply, acked = await _both(*conn.waited(resp("EVALSHA", self.sha, len(keys), *keys, *args), wait))
        if _unknown(reply):
            reply, acked = await _both(*conn.waited(resp("EVAL", self.script, len(keys), *keys, *args), wait))
        if isinstance(acked, hiredis.ReplyError):  # WAIT refused (this Redis became a replica): a store error
            raise ConnectionError(str(acked))
        return _checked(reply), int(acked)

    async def _conn(self) -> _Conn:
        i = next(self._next)
        conn = self.conns[i]
        if conn is None or conn.lost:
            conn = await self._connect(i)
        return conn

    def close(self) -> None:
        for c in self.conns:
            if c is not None and c.transport is not None:
                c.transport.close()


async def _both(reply: asyncio.Future[Any], acked: asyncio.Future[Any]) -> tuple[Any, Any]:
    """A call's reply and the WAIT's after it. The WAIT is answered after the call (or
    both fail with their connection): awaiting it alone is enough."""
    try:
        n = await acked
    except Exception:
        if reply.done() and not reply.cancelled():
            reply.exception()  # retrieved: its connection's failure is raised once, here
        raise
    return reply.result(), n


def _unknown(reply: Any) -> bool:
    return isinstance(reply, hiredis.ReplyError) and str(reply).startswith("NOSCRIPT")


def _checked(reply: Any) -> Any:
    if isinstance(reply, hiredis.ReplyError) and str(reply).startswith(NOT_NOW):
        raise ConnectionError(str(reply))  # a store error: the move is answered `unavailable`
    if isinstance(reply, Exception):
        raise reply
    return reply
