"""Rooms on a real Redis Cluster (3 masters, 3 replicas on loopback; testbed/redis_cluster.py).

What holds: the cluster starts; every key of a room and its fan-out channel hash to one
slot; the commit script (the only Lua script) runs on the cluster, on the master that
owns the room's slot, and its fan-out publish reaches a subscriber on another master.
Longhall nodes on this cluster (a `redis+cluster://` URL: the cluster client, sharded
pub/sub, a failover during play) are tested in test_cluster_nodes.py.
"""

from __future__ import annotations

from pathlib import Path

import msgpack
import pytest
import redis
from redis.cluster import RedisCluster as ClusterClient

from server.storage.keys import channel, keys
from server.storage.store import COMMIT
from testbed.redis_cluster import RedisCluster


def test_three_masters_share_every_slot_and_each_has_a_replica(cluster: RedisCluster) -> None:
    with redis.Redis(port=cluster.ports[0]) as r:
        lines = r.execute_command("CLUSTER", "NODES").decode().splitlines()
    masters = [ln for ln in lines if "master" in ln.split()[2]]
    replicas = [ln for ln in lines if "slave" in ln.split()[2]]
    assert len(masters) == 3 and len(replicas) == 3
    assert {ln.split()[3] for ln in replicas} == {ln.split()[0] for ln in masters}  # one replica per master
    slots = 0
    for ln in masters:
        for part in ln.split()[8:]:
            lo, _, hi = part.partition("-")
            slots += int(hi or lo) - int(lo) + 1
    assert slots == 16384


def test_every_key_of_a_room_and_its_channel_are_in_one_slot(client: ClusterClient) -> None:
    for room in ("a1b2c3d4e5", "0000000000", "ffffffffff"):
        room_keys = [k for k in keys(room) if k.startswith("room:")]
        assert len(room_keys) == 6
        slots = {client.keyslot(k) for k in [*room_keys, channel(room)]}
        assert len(slots) == 1, (room, slots)


def test_the_commit_script_touches_one_slot_and_runs_on_the_cluster(
    cluster: RedisCluster, client: ClusterClient
) -> None:
    room = "c0ffee0001"
    room_keys = keys(room)
    assert len({client.keyslot(k) for k in room_keys}) == 1
    owner = client.get_node_from_key(room_keys[0])
    other = next(p for p in cluster.ports if p != owner.port)
    with redis.Redis(port=other) as listener:  # classic pub/sub: a publish reaches every node
        sub = listener.pubsub()
        sub.subscribe(channel(room))
        sub.get_message(timeout=2)
        args = [-1, msgpack.packb({"status": "open"}), "", msgpack.packb({"k": "create"}), channel(room), b"n|x",
                2, "game", "highcard", "status", "open", 60]  # fmt: skip
        assert client.eval(COMMIT, len(room_keys), *room_keys, *args) == [b"ok", 0]
        assert client.eval(COMMIT, len(room_keys), *room_keys, *args) == [b"stale", 0]  # seq checked
        got = sub.get_message(timeout=5)
        sub.close()
    assert got is not None and got["data"] == b"n|x"
    assert client.hget(room_keys[3], "game") == b"highcard" and 0 < client.ttl(room_keys[0]) <= 60
    assert client.xlen(room_keys[1]) == 1


def test_a_node_whose_port_was_taken_starts_again_on_other_ports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Free ports are found by binding and letting go: another process may bind one
    first. The fixture hands its first node a port held by a socket that never answers,
    as such a race leaves it: the node exits at its start (the silent holder is not
    taken for it) and comes up on other ports."""
    import socket

    from testbed import redis_cluster

    if redis_cluster.missing():
        pytest.skip(redis_cluster.missing())
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen()
    taken = held.getsockname()[1]
    ports = iter([taken])
    real = redis_cluster.free_port
    monkeypatch.setattr(redis_cluster, "free_port", lambda: next(ports, None) or real())
    c = RedisCluster(tmp_path, masters=1, replicas=0)
    try:
        c._spawn()
        assert len(c.ports) == 1 and c.ports[0] != taken
        with redis.Redis(port=c.ports[0]) as r:
            assert r.ping()
    finally:
        c.stop()
        held.close()
