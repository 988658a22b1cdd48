"""The lean pub/sub bus on one Redis (server.storage.channels.Lean), on a real Redis: messages and
pongs in the order Redis sent them, a lost connection reported once after what came
before it, and nothing subscribed behind the hub's back until its recovery subscribes
every wanted channel again."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from server.storage import channels, fanout
from server.storage.channels import Lean, ping_token
from server.storage.client import connect


@contextlib.asynccontextmanager
async def lean(url: str) -> AsyncIterator[tuple[Lean, aioredis.Redis]]:
    r = connect(url)
    bus = fanout.bus(r, url)
    assert isinstance(bus, Lean)
    try:
        yield bus, r
    finally:
        await bus.close()
        await r.aclose()


async def next_message(bus: Lean, timeout: float = 5.0) -> dict[str, object]:
    msg = await asyncio.wait_for(bus.get(), timeout)
    assert msg is not None
    return msg


async def test_messages_and_pongs_come_in_order(redis_url: str) -> None:
    async with lean(redis_url) as (bus, r):
        await bus.subscribe("lean:a")
        token = ping_token("confirm")
        await bus.ping("lean:a", token)
        assert await next_message(bus) == {"type": "pong", "data": token}  # subscribed once answered
        for i in range(50):
            await r.publish("lean:a", b"m%d" % i)
        got = [await next_message(bus) for _ in range(50)]
        assert got == [{"type": "message", "channel": b"lean:a", "data": b"m%d" % i} for i in range(50)]
        await bus.unsubscribe("lean:a")
        await bus.ping("lean:a", token)
        await r.publish("lean:a", b"after")
        assert await next_message(bus) == {"type": "pong", "data": token}
        with pytest.raises(TimeoutError):
            await next_message(bus, 0.3)  # unsubscribed: nothing more


async def test_a_lost_connection_is_reported_once_and_recovered_from(redis_url: str) -> None:
    async with lean(redis_url) as (bus, r):
        await bus.subscribe("lean:kept")
        await bus.subscribe("lean:left")
        await bus.unsubscribe("lean:left")
        await bus.ping("lean:kept", ping_token("confirm"))
        assert (await next_message(bus))["type"] == "pong"
        await r.publish("lean:kept", b"before")
        await asyncio.sleep(0.2)  # read (and queued) before the connection is cut
        assert await r.client_kill_filter(_type="pubsub") >= 1
        assert await next_message(bus) == {"type": "message", "channel": b"lean:kept", "data": b"before"}
        with pytest.raises(ConnectionError):
            await bus.get()
        with pytest.raises(ConnectionError):  # no subscription on a connection nobody recovered
            await bus.subscribe("lean:during")
        await r.publish("lean:kept", b"in the gap")  # to nobody: the hub's catch-up tells it
        await bus.recover()
        assert sorted(c.decode() for c in await r.pubsub_channels("lean:*")) == ["lean:during", "lean:kept"]
        for chan in ("lean:kept", "lean:during", "lean:left"):
            await r.publish(chan, b"after")
        assert await next_message(bus) == {"type": "message", "channel": b"lean:kept", "data": b"after"}
        assert await next_message(bus) == {"type": "message", "channel": b"lean:during", "data": b"after"}
        with pytest.raises(TimeoutError):
            await next_message(bus, 0.3)


async def test_a_node_on_a_plain_url_reads_with_the_lean_bus(redis_url: str) -> None:
    r = connect(redis_url)
    try:
        assert isinstance(fanout.bus(r, redis_url), Lean)
        assert isinstance(fanout.bus(r, redis_url.replace("redis://", "redis://user:secret@")), channels.Classic)
        assert isinstance(fanout.bus(r), channels.Classic)
    finally:
        await r.aclose()
