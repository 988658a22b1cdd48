"""The queue of notifications (server.notify.outbox) on a Redis of the test's own: what
`notify` and a commit's notes put on it, and what is refused."""

from __future__ import annotations

import json

import pytest
import redis.asyncio as aioredis

from server.notify.outbox import Outbox
from server.storage.keys import NOTIFY_QUEUE


async def test_notify_queues_at_once_and_notes_wait_for_the_flush(own_redis: str) -> None:
    r = aioredis.Redis.from_url(own_redis)
    try:
        out = Outbox(r)
        await out.notify("p1", "invite", {"room": "r1", "game": "vikings", "from": "Astrid"})
        out.note("p2", "turn", {"room": "r2", "game": "feast"})
        out.note("p3", "over", {"room": "r2", "game": "feast"})
        assert await r.xlen(NOTIFY_QUEUE) == 1  # a note costs no I/O on the commit's path
        await out.flush()
        entries = await r.xrange(NOTIFY_QUEUE)
        got = [(f[b"p"].decode(), f[b"k"].decode(), json.loads(f[b"d"])) for _, f in entries]
        assert got == [("p1", "invite", {"room": "r1", "game": "vikings", "from": "Astrid"}),
                       ("p2", "turn", {"room": "r2", "game": "feast"}),
                       ("p3", "over", {"room": "r2", "game": "feast"})]  # fmt: skip
        await out.flush()  # nothing noted since: nothing written
        assert await r.xlen(NOTIFY_QUEUE) == 3
    finally:
        await r.aclose()


async def test_an_unknown_kind_is_refused(own_redis: str) -> None:
    r = aioredis.Redis.from_url(own_redis)
    try:
        with pytest.raises(ValueError, match="unknown notification kind"):
            await Outbox(r).notify("p1", "gossip", {})
        assert await r.exists(NOTIFY_QUEUE) == 0
    finally:
        await r.aclose()
