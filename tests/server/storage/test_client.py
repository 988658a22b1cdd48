"""The cluster client a node opens (server.storage.client.connect) on a real 3-master Redis
Cluster: MOVED answers met by some commands cost the other commands in flight nothing.

redis-py, left to its default, rebuilds its slot map at every 5th MOVED answer by closing
the client, which disconnects the connections other commands are using; they failed with
"'NoneType' object has no attribute 'writelines'" (seen after the failover of a cluster
soak, the failed commits answered `internal`). Here the client is given a wrong owner
for a few slots, standing for a map that a failover or a reshard made stale: the cluster
answers MOVED for them as it would then. And a cluster URL may name several nodes: the
client learns the cluster from the first that answers."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from server.storage.client import connect, seeds
from server.storage.embedded import free_port
from testbed.redis_cluster import RedisCluster


async def test_moved_answers_do_not_break_the_commands_in_flight(cluster: RedisCluster) -> None:
    r: Any = connect(f"redis+cluster://127.0.0.1:{cluster.ports[0]}", max_connections=256)
    await r.initialize()
    failed: Counter[str] = Counter()
    done = asyncio.Event()

    async def busy(i: int) -> None:
        while not done.is_set():
            try:
                await r.hset(f"busy{i}", "n", i)
                await r.hget(f"busy{i}", "n")
            except Exception as exc:
                failed[type(exc).__name__] += 1

    loops = [asyncio.create_task(busy(i)) for i in range(60)]
    try:
        await asyncio.sleep(0.5)
        busy_slots = {r.keyslot(f"busy{i}") for i in range(60)}
        stale = [k for k in (f"stale{i}" for i in range(200)) if r.keyslot(k) not in busy_slots][:40]
        nodes = r.nodes_manager
        for key in stale:
            owner = r.get_node_from_key(key)
            nodes.slots_cache[r.keyslot(key)] = [next(m for m in r.get_primaries() if m is not owner)]
        for key in stale:
            await r.set(key, 1)  # answered MOVED first: the client follows it
        await asyncio.sleep(0.5)
    finally:
        done.set()
        await asyncio.gather(*loops)
        await r.aclose()
    assert not failed, failed


async def test_a_burst_of_commands_beyond_the_pool_waits_instead_of_failing(cluster: RedisCluster) -> None:
    """A node's commands in flight beyond its pool (`max_connections` per cluster node) wait
    for a connection; redis-py's cluster client raises MaxConnectionsError for them, which
    the node answered `unavailable` (a burst of reconnecting clients each reading its rooms)."""
    r: Any = connect(f"redis+cluster://127.0.0.1:{cluster.ports[0]}", max_connections=8)
    await r.initialize()
    try:

        async def piped(i: int) -> list[Any]:
            async with r.pipeline(transaction=i % 2 == 0) as pipe:
                pipe.incr(f"{{burst{i % 5}}}p")
                pipe.incr(f"{{burst{i % 5}}}q")
                return list(await pipe.execute())

        commands = [r.incr(f"burst{i % 5}") for i in range(400)]
        pipelines = [piped(i) for i in range(200)]
        outcomes = await asyncio.gather(*commands, *pipelines, return_exceptions=True)
        failed = Counter(type(o).__name__ for o in outcomes if isinstance(o, BaseException))
        assert not failed, failed
        assert sum([int(await r.get(f"burst{k}")) for k in range(5)]) == 400
        assert sum([int(await r.get(f"{{burst{k}}}q")) for k in range(5)]) == 200
        assert max(len(n._connections) for n in r.get_nodes()) <= 8
    finally:
        await r.aclose()


def test_a_cluster_url_may_name_several_nodes() -> None:
    assert seeds("redis+cluster://redis-0:6379,redis-1:6380,redis-2/0") == (
        "redis+cluster://redis-0:6379/0",
        [("redis-0", 6379), ("redis-1", 6380), ("redis-2", 6379)],
    )
    assert seeds("rediss+cluster://user:secret@[::1]:7000,[::1]:7001") == (
        "rediss+cluster://user:secret@[::1]:7000",
        [("::1", 7000), ("::1", 7001)],
    )
    assert seeds("redis+cluster://redis-0:6379") == ("redis+cluster://redis-0:6379", [])


async def test_a_node_learns_the_cluster_from_any_node_its_url_names(cluster: RedisCluster) -> None:
    """The first node named is down (a node started while that member is replaced): the
    client learns the cluster from the next one."""
    down = free_port()
    r = connect(f"redis+cluster://127.0.0.1:{down},127.0.0.1:{cluster.ports[1]}")
    try:
        await r.set("seeds:{x}", "1")
        assert await r.get("seeds:{x}") == b"1"
        assert len(r.get_primaries()) == 3  # type: ignore[attr-defined]
    finally:
        await r.aclose()
