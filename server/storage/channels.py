"""The pub/sub transport under the fan-out hub (server.storage.fanout) on one Redis.

On a single Redis, `Lean` is plain PUBLISH/SUBSCRIBE read over a connection of its own
(parsed as it arrives: a node reads back every commit of its rooms, its own among them);
`Classic`, redis-py's PubSub, the same where the URL asks for more than `Lean` speaks
(auth, TLS, a unix socket): redis-py resubscribes by itself after a reconnect.

On a Redis Cluster, `Sharded` (server.storage.sharded) uses sharded pub/sub. The hub
(server.storage.fanout.bus) picks the bus that fits the Redis it is given.

`recover` returns only once Redis has confirmed every subscription: a PING sent after
them on each connection is answered after their confirmations. A catch-up that read a
room before a subscription took effect would miss a commit published in between, and
nothing would tell the room's sockets. Messages that come in while it waits are kept
and handed out first by `get`.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import deque
from typing import Any

import hiredis
from redis.asyncio import Redis

from server.storage.resp import address, resp

CONFIRM = 5.0  # seconds a recovery waits for Redis to confirm its subscriptions


def ping_token(kind: str) -> bytes:
    """A PING's payload its pong can be matched by (a subscription's confirmation)."""
    return f"longhall-{kind}-{secrets.token_hex(8)}".encode()


def time_left(deadline: float) -> float:
    """Seconds left until `deadline` (monotonic) to confirm subscriptions; past it, a loss."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise ConnectionError("Redis did not confirm the subscriptions in time")
    return left


class Classic:
    """PUBLISH / SUBSCRIBE on one Redis."""

    sharded = False
    publish_command = "PUBLISH"

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.pubsub = redis.pubsub(ignore_subscribe_messages=True)
        self.early: deque[dict[str, Any]] = deque()  # messages read while recovering

    async def subscribe(self, channel: str) -> None:
        await self.pubsub.subscribe(channel)

    async def unsubscribe(self, channel: str) -> None:
        await self.pubsub.unsubscribe(channel)

    async def publish(self, channel: str, data: bytes) -> None:
        await self.redis.publish(channel, data)

    async def get(self) -> dict[str, Any] | None:
        """The next message (blocking); None for anything that is not one."""
        if self.early:
            return self.early.popleft()
        msg = await self.pubsub.get_message(timeout=None)
        return msg if msg is not None and msg.get("type") in ("message", "pong") else None

    async def ping(self, channel: str, token: bytes) -> None:
        """A PING on the connection that subscribed `channel`: its pong (a `pong` message
        from `get`) comes after the subscription's confirmation."""
        await self.pubsub.ping(token)

    async def recover(self) -> None:
        """Reconnect now (redis-py resubscribes a classic PubSub when it reconnects, ahead
        of anything else on the connection) and wait for the PING sent after: once it is
        answered, every subscription is in effect."""
        token = ping_token("recover")
        deadline = time.monotonic() + CONFIRM
        await self.pubsub.ping(token)
        while True:
            msg = await self.pubsub.get_message(timeout=time_left(deadline))
            if msg is None:
                continue
            if msg.get("type") == "pong" and msg.get("data") == token:
                return
            if msg.get("type") in ("message", "pong"):  # another's pong: the hub's to match
                self.early.append(msg)

    async def close(self) -> None:
        await self.pubsub.aclose()  # type: ignore[no-untyped-call]


class _Reading(asyncio.Protocol):
    """The subscriber connection of a `Lean` bus: replies parsed as they come (hiredis)."""

    def __init__(self, bus: Lean) -> None:
        self.bus = bus
        self.reader = hiredis.Reader()
        self.transport: asyncio.Transport | None = None
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while (reply := self.reader.gets()) is not False:
            self.bus.reply(self, reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self.bus.dropped(self, exc)

    def send(self, frame: bytes) -> None:
        if self.lost or self.transport is None or self.transport.is_closing():
            raise ConnectionError("pub/sub connection lost")
        self.transport.write(frame)


class Lean:
    """PUBLISH / SUBSCRIBE on one Redis, read over a connection of its own.

    What `Classic` does with redis-py's PubSub, at a fraction of its cost per message (a
    node reads every commit of its rooms back, its own among them): each reply is parsed
    as it arrives and queued, and `get` hands the queue out without a round of the event
    loop per message. A lost connection is reported once by `get`, after the messages that
    came before it; nothing reconnects behind the hub's back: `recover` makes a new
    connection, subscribes every wanted channel and returns once a PING sent after them
    is answered (each subscription then in effect). Plain `redis://` URLs without auth
    (`server.storage.resp.plain`, as the commit's lean connections); publishes go through redis-py."""

    sharded = False
    publish_command = "PUBLISH"

    def __init__(self, redis: Redis, url: str, timeout: float = CONFIRM) -> None:
        self.redis = redis
        self.host, self.port, self.db = address(url)
        self.timeout = timeout
        self.wanted: set[str] = set()
        self.conn: _Reading | None = None
        self.started = False
        self.queue: deque[dict[str, Any]] = deque()
        self.broken: Exception | None = None  # the connection was lost: `get` raises it once
        self.waiter: asyncio.Future[None] | None = None
        self.tokens: dict[bytes, asyncio.Future[None]] = {}  # PINGs of a recovery

    # -- the connection's events ---------------------------------------------------------
    def reply(self, conn: _Reading, reply: Any) -> None:
        if conn is not self.conn:
            return  # an old connection's
        if type(reply) is bytes and reply.startswith(b"longhall-"):
            reply = [b"pong", reply]  # a PING's answer on a connection not subscribed to anything
        if isinstance(reply, hiredis.ReplyError):  # e.g. LOADING: a restarted Redis not ready for PING yet
            self._fail_tokens(ConnectionError(f"Redis answered: {reply}"))
            return
        if type(reply) is not list or not reply:
            return  # the answer to SELECT
        kind = reply[0]
        if kind == b"message":
            self.queue.append({"type": "message", "channel": reply[1], "data": reply[2]})
        elif kind == b"pong":
            token = reply[1]
            waiter = self.tokens.pop(token, None)
            if waiter is not None:
                if not waiter.done():
                    waiter.set_result(None)
                return
            self.queue.append({"type": "pong", "data": token})
        else:
            return  # a subscription's confirmation
        self._wake()

    def dropped(self, conn: _Reading, exc: Exception | None) -> None:
        if conn is not self.conn:
            return
        self.broken = ConnectionError(f"pub/sub connection lost: {exc or 'closed by Redis'}")
        self._fail_tokens(ConnectionError("pub/sub connection lost"))
        self._wake()

    def _fail_tokens(self, exc: Exception) -> None:
        """A recovery's PING will not be answered: it fails now (and is tried again)."""
        for waiter in self.tokens.values():
            if not waiter.done():
                waiter.set_exception(exc)
        self.tokens.clear()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    # -- the bus ---------------------------------------------------------------------------
    async def _connected(self) -> _Reading:
        """The connection; the first call makes it. After a loss only `recover` makes a new
        one: a subscription must not go through unnoticed on a connection that replaced a
        lost one (the reader recovers and catches up every room)."""
        if not self.started:
            self.started = True
            await self._connect()
        if self.conn is None or self.conn.lost:
            raise ConnectionError("pub/sub connection lost")
        return self.conn

    async def _connect(self) -> None:
        old, self.conn = self.conn, None
        if old is not None and old.transport is not None:
            old.transport.abort()
        loop = asyncio.get_running_loop()
        _, conn = await asyncio.wait_for(loop.create_connection(lambda: _Reading(self), self.host, self.port),
                                         self.timeout)  # fmt: skip
        self.conn, self.broken = conn, None
        if self.db:
            conn.send(resp("SELECT", self.db))

    async def subscribe(self, channel: str) -> None:
        self.wanted.add(channel)  # first: a recovery meanwhile subscribes it too
        (await self._connected()).send(resp("SUBSCRIBE", channel))

    async def unsubscribe(self, channel: str) -> None:
        self.wanted.discard(channel)
        (await self._connected()).send(resp("UNSUBSCRIBE", channel))

    async def publish(self, channel: str, data: bytes) -> None:
        await self.redis.publish(channel, data)

    async def get(self) -> dict[str, Any] | None:
        """The next message or pong, in the order Redis sent them (blocking)."""
        while not self.queue:
            if self.broken is not None:
                exc, self.broken = self.broken, None
                raise exc
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                await self.waiter
            finally:
                self.waiter = None
        return self.queue.popleft()

    async def ping(self, channel: str, token: bytes) -> None:
        """A PING after the subscriptions made so far: its pong (from `get`) comes after
        their confirmations."""
        (await self._connected()).send(resp("PING", token))

    async def recover(self) -> None:
        """A new connection, every wanted channel subscribed on it, and once a PING sent
        after them is answered, every subscription in effect."""
        self.started = True
        await self._connect()
        assert self.conn is not None
        token = ping_token("recover")
        done = self.tokens[token] = asyncio.get_running_loop().create_future()
        try:
            if self.wanted:
                self.conn.send(resp("SUBSCRIBE", *sorted(self.wanted)))
            self.conn.send(resp("PING", token))
            await asyncio.wait_for(done, self.timeout)
        finally:
            self.tokens.pop(token, None)

    async def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None and conn.transport is not None:
            conn.transport.close()
