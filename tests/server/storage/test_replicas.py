"""Moves acknowledged only once replicas hold them (LONGHALL_COMMIT_REPLICAS: Redis WAIT
after the commit, on its connection), on a real Redis with a real replica and on the
real 3-master Redis Cluster.

Redis replicates asynchronously: without the setting, a master that dies an instant
after answering a commit can leave the replica that takes its place without it, and a
move the player was told is in is gone. With it, a move is answered `ok` only when the
replicas asked for hold its commit; while they do not, it is answered `unavailable` and
its resend (the same id) is answered once they do, applied once. A replica is paused
(SIGSTOP) to hold its acknowledgement back.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import msgpack
import pytest
import redis
from redis.cluster import RedisCluster as ClusterClient

from clients.python.client import Client, ServerError
from server.storage.keys import keys
from server.storage.resp import ScriptRunner
from testbed.redis_cluster import RedisCluster
from testbed.replica import replica_of
from tests.cluster import ServerProc
from tests.lost import keep, lose_since
from tests.server.test_cluster_nodes import owner_and_replica

WAITING = {"LONGHALL_COMMIT_REPLICAS": "1", "LONGHALL_REPLICA_WAIT": "0.3"}


@contextlib.contextmanager
def paused(pid: int) -> Iterator[None]:
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def entries_of(r: redis.Redis | ClusterClient, room: str, move_id: str) -> int:
    """Log entries of `room` committing the move `move_id` (a move applied twice: 2)."""
    found = [msgpack.unpackb(f[b"entry"], raw=False) for _, f in r.xrange(keys(room)[1])]
    return sum(e.get("k") == "move" and e.get("id") == move_id for e in found)


@contextlib.asynccontextmanager
async def seated(data: Path, url: str) -> AsyncIterator[tuple[Client, Client, str]]:
    """A node on `url` whose commits wait for one replica, and a started 2-seat table:
    the host, the guest and the room."""
    node = await asyncio.to_thread(ServerProc(data, url, **WAITING).start)
    host, guest = Client(node.url, name="host"), Client(node.url, name="guest")
    try:
        for c in (host, guest):
            await c.connect()
            c.resends = 0  # an `unavailable` is seen here, not sent again by the client
        room = (await host.create("highcard", seats=2)).room
        await guest.join(room)
        await host.start(room)
        yield host, guest, room
    finally:
        await host.close()
        await guest.close()
        await asyncio.to_thread(node.stop)


@pytest.mark.parametrize("client", ["lean", "redis-py"])
async def test_a_move_is_answered_once_the_replica_holds_it(
    own_redis: str, data_dir: Path, tmp_path: Path, client: str
) -> None:
    """Through the node's lean commit connections (a plain URL), and through redis-py's
    (any other URL: one naming a user, here)."""
    master = redis.Redis.from_url(own_redis)
    url = own_redis if client == "lean" else own_redis.replace("redis://", "redis://default@")
    with replica_of(own_redis, tmp_path / "replica") as (pid, replica):
        async with seated(data_dir, url) as (host, guest, room):
            seq = await host.move(room, {"type": "bid", "n": 1}, move_id="b1")
            assert int(replica.hget(keys(room)[0], "seq") or -1) == seq  # on the replica when answered
            before = host.rooms[room].seq
            with paused(pid):
                with pytest.raises(ServerError) as refused:
                    await guest.move(room, {"type": "bid", "n": 0}, move_id="b2", seq=before)
                assert refused.value.code == "unavailable"
                committed = int(master.hget(keys(room)[0], "seq") or -1)
                assert committed == before + 1  # in the master, not yet acknowledged
                with pytest.raises(ServerError) as again:  # a resend while the replica still lags
                    await guest.move(room, {"type": "bid", "n": 0}, move_id="b2", seq=before)
                assert again.value.code == "unavailable"
            assert await guest.move(room, {"type": "bid", "n": 0}, move_id="b2", seq=before) == committed
            assert int(replica.hget(keys(room)[0], "seq") or -1) == committed
            assert entries_of(master, room, "b2") == 1  # applied once
            await host.wait_until(lambda: host.rooms[room].seq == committed, 10)
    master.close()


async def test_a_move_its_master_lost_before_a_replica_held_it_is_applied_afresh(
    own_redis: str, data_dir: Path, tmp_path: Path
) -> None:
    """The commit of an unacknowledged move vanishes from Redis (as when its master dies
    and a replica without it takes over: here the room is set back by hand). Its resend
    is not answered from the node's memory of the id: the move is applied again, once."""
    master = redis.Redis.from_url(own_redis)
    with replica_of(own_redis, tmp_path / "replica") as (pid, replica):
        async with seated(data_dir, own_redis) as (host, guest, room):
            kept = keep(master, room)
            with paused(pid):
                with pytest.raises(ServerError) as refused:
                    await guest.move(room, {"type": "bid", "n": 2}, move_id="lost", seq=kept.seq)
                assert refused.value.code == "unavailable"
                lose_since(master, kept)
            assert await guest.move(room, {"type": "bid", "n": 2}, move_id="lost", seq=kept.seq) == kept.seq + 1
            assert entries_of(master, room, "lost") == 1
            assert int(replica.hget(keys(room)[0], "seq") or -1) == kept.seq + 1
    master.close()


async def test_a_move_waits_for_the_replica_of_its_rooms_cluster_master(
    cluster: RedisCluster, client: ClusterClient, tmp_path: Path
) -> None:
    url = f"redis+cluster://127.0.0.1:{cluster.ports[0]}"
    async with seated(tmp_path / "node", url) as (host, guest, room):
        _, replica_port = owner_and_replica(cluster, client, keys(room)[0])
        seq = await host.move(room, {"type": "bid", "n": 1}, move_id="c1")
        with redis.Redis(port=replica_port) as replica:
            replica.execute_command("READONLY")
            assert int(replica.hget(keys(room)[0], "seq") or -1) == seq
        before = host.rooms[room].seq
        # paused for less than the cluster's node timeout (2 s): no failover, no FAIL flag
        with paused(cluster.procs[cluster.ports.index(replica_port)].pid):
            with pytest.raises(ServerError) as refused:
                await guest.move(room, {"type": "bid", "n": 0}, move_id="c2", seq=before)
            assert refused.value.code == "unavailable"
        assert await guest.move(room, {"type": "bid", "n": 0}, move_id="c2", seq=before) == before + 1
        assert entries_of(client, room, "c2") == 1


async def test_one_wait_follows_each_batch_of_commits_on_a_connection(own_redis: str, tmp_path: Path) -> None:
    """The commits a lean connection sends in one turn of the event loop go out in one
    write followed by one WAIT, which covers them all (README: still one round trip)."""
    script = "redis.call('INCR', KEYS[1]) return redis.call('GET', KEYS[1])"
    with replica_of(own_redis, tmp_path / "replica") as (_, replica):
        runner = ScriptRunner(own_redis, script, size=1)
        direct = redis.Redis.from_url(own_redis)
        try:
            await runner.waited(["warm"], [], 1, 1000)  # connected, the script known to Redis
            direct.config_resetstat()
            answers = await asyncio.gather(*(runner.waited([f"n{i}"], [], 1, 1000) for i in range(20)))
            assert answers == [(b"1", 1)] * 20
            stats = direct.info("commandstats")
            assert stats["cmdstat_evalsha"]["calls"] == 20 and stats["cmdstat_wait"]["calls"] == 1
            assert [replica.get(f"n{i}") for i in range(20)] == [b"1"] * 20  # acknowledged: on the replica
        finally:
            runner.close()
            direct.close()
