"""A background loop's lease (server.runtime.loops.Lease) on a real Redis, on a clock the
test sets: one node at a time holds it; the holder renews it a third of the way through,
not at every look; another node takes it only once it has expired."""

from __future__ import annotations

import asyncio
import uuid

from redis.asyncio import Redis

from server.runtime.loops import Lease


def test_the_holder_renews_a_third_of_the_way_and_another_node_takes_it_once_it_expired(redis_url: str) -> None:
    async def go() -> None:
        key = f"test:lease:{uuid.uuid4().hex}"
        now = [100.0]
        async with Redis.from_url(redis_url) as r:
            a = Lease(r, key, "a", 600, clock=lambda: now[0])
            b = Lease(r, key, "b", 600, clock=lambda: now[0])
            assert await a.hold() and not await b.hold()
            ttl = await r.pttl(key)
            assert 0 < ttl <= 600
            await r.delete(key)  # (to see whether a asks: a look that asks takes it again)
            now[0] += 0.19  # within a third of 600 ms: sure of it, no call
            assert await a.hold() and await r.exists(key) == 0
            now[0] += 0.02  # past a third: renewed (here: taken again)
            assert await a.hold() and (await r.get(key)) == b"a"
            assert not await b.hold()  # b asks at every look and is refused while a holds it
            await asyncio.sleep(0.7)  # a, stopped, renews nothing: the lease expires in Redis
            assert await b.hold() and (await r.get(key)) == b"b"
            now[0] += 1.0
            assert not await a.hold()  # a asks again and learns it lost it

    asyncio.run(go())
