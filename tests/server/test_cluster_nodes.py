"""Two Longhall nodes on a real 3-master Redis Cluster (testbed/redis_cluster.py), started
with a `redis+cluster://` URL: games of each kind played through both nodes (players of
one table on different nodes), the lobby indexed per game, fan-out over sharded pub/sub,
and a master failover during play (its replica promoted by CLUSTER FAILOVER) with no
acknowledged move lost. `-m soak` plays many games around a failover."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import httpx
import msgpack
import pytest
import redis
from redis.cluster import RedisCluster as ClusterClient

from clients.python.bot import play
from clients.python.client import Client
from server.storage.keys import channel, keys, public_key
from testbed.redis_cluster import RedisCluster
from tests.cluster import ServerProc
from tests.tables import play_to_the_end, table

KINDS: list[tuple[str, int, dict[str, Any]]] = [
    ("vikings", 2, {}),
    ("hunters", 2, {}),
    ("feast", 2, {"length": "short"}),
]


@pytest.fixture(scope="module")
def nodes(cluster: RedisCluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProc]]:
    url = f"redis+cluster://127.0.0.1:{cluster.ports[0]}"
    started: list[ServerProc] = []
    try:
        for _ in range(2):
            started.append(ServerProc(tmp_path_factory.mktemp("node"), url, LONGHALL_BOT_DELAY="0").start())
        yield started
    finally:
        for n in started:
            n.stop()


def log_of(client: ClusterClient, room: str) -> list[dict[str, Any]]:
    return [msgpack.unpackb(f[b"entry"], raw=False) for _, f in client.xrange(keys(room)[1])]


def shard_subscribers(client: ClusterClient, room: str) -> int:
    """Subscribers of the room's shard channel on the master that owns its slot."""
    owner = client.get_node_from_key(channel(room))
    with redis.Redis(host=owner.host, port=owner.port) as r:
        answer = r.execute_command("PUBSUB", "SHARDNUMSUB", channel(room))
    return int(answer[1])


@pytest.mark.parametrize(("game", "players", "options"), KINDS)
async def test_a_game_of_each_kind_played_through_two_nodes(
    nodes: list[ServerProc], client: ClusterClient, game: str, players: int, options: dict[str, Any]
) -> None:
    async with table(
        [n.url for n in nodes], players=players, spectators=1, game=game, options=options, record=True
    ) as t:
        # the players sit on different nodes: each node listens to the room's shard channel
        assert shard_subscribers(client, t.room) == 2
        mirror, result = await play_to_the_end(t, seed=7)
        assert mirror.view["status"] == "over" and len(result["scores"]) == players
    log = log_of(client, t.room)
    assert [e["k"] for e in log[:1]] == ["create"] and sum(e["k"] == "move" for e in log) > 0
    assert len(client.xrange(keys(t.room)[1])) == mirror.seq + 1  # one log entry per committed seq


async def test_the_lobby_is_indexed_per_game_across_slots(nodes: list[ServerProc], client: ClusterClient) -> None:
    hosts = [await Client(nodes[i % 2].url, name=f"h{i}").connect() for i in range(2)]
    try:
        vikings = (await hosts[0].create("vikings", {}, seats=2)).room
        hunters = (await hosts[1].create("hunters", {}, seats=2)).room
        assert client.zscore(public_key("vikings"), vikings) is not None
        assert client.zscore(public_key("hunters"), hunters) is not None
        assert client.keyslot(public_key("vikings")) != client.keyslot(public_key("hunters"))
        async with httpx.AsyncClient(base_url=nodes[1].http) as http:
            listed = {r["room"]: r["game"] for r in (await http.get("/api/rooms")).json()}
            only = [r["room"] for r in (await http.get("/api/rooms", params={"game": "hunters"})).json()]
        assert listed[vikings] == "vikings" and listed[hunters] == "hunters"
        assert hunters in only and vikings not in only
    finally:
        for h in hosts:
            await h.close()


async def test_matchmaking_and_chat_work_across_nodes_and_slots(nodes: list[ServerProc]) -> None:
    """The matchmaker's transactions (tickets, queues, intents: one hash tag) run on the
    cluster; a chat line said on one node reaches the table on the other (sharded pub/sub)."""
    a, b = [await Client(n.url, name=x).connect() for n, x in zip(nodes, "ab", strict=True)]
    try:
        ma, mb = await asyncio.gather(a.queue("highcard", 2), b.queue("highcard", 2))
        assert ma.room == mb.room and {ma.seat, mb.seat} == {0, 1}
        await a.chat(ma.room, "good luck")
        await b.wait_until(lambda: [m["text"] for m in mb.chat.get("players", [])] == ["good luck"], 10)
    finally:
        await a.close()
        await b.close()


def owner_and_replica(cluster: RedisCluster, client: ClusterClient, key: str) -> tuple[int, int]:
    owner = client.get_node_from_key(key).port
    with redis.Redis(port=owner) as r:
        me = r.execute_command("CLUSTER", "MYID").decode()
        lines = r.execute_command("CLUSTER", "NODES").decode().splitlines()
    replica = next(ln for ln in lines if ln.split()[3] == me and "slave" in ln.split()[2])
    return owner, int(replica.split()[1].split(":")[1].split("@")[0])


def fail_over(cluster: RedisCluster, client: ClusterClient, key: str) -> tuple[int, int]:
    """Promote the replica of the master owning `key` (CLUSTER FAILOVER: the master stops
    taking writes, the replica catches up, then takes its slots). Returns (old, new)."""
    owner, replica = owner_and_replica(cluster, client, key)
    with redis.Redis(port=replica) as r:
        r.execute_command("CLUSTER", "FAILOVER")
    return owner, replica


async def wait_promoted(port: int, timeout: float = 20.0) -> None:
    for _ in range(int(timeout / 0.1)):
        with redis.Redis(port=port) as r:
            if r.execute_command("ROLE")[0] == b"master":
                return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{port} was not promoted")


async def play_acknowledged(c: Client, room: str, seed: int, acked: list[tuple[int, Any]]) -> Any:
    """A random bot that notes every move the server acknowledged: (seq, move)."""
    move = c.move

    async def noted(room: str, m: Any, move_id: str | None = None, seq: int | None = None) -> int:
        s = await move(room, m, move_id, seq)
        acked.append((s, m))
        return s

    c.move = noted  # type: ignore[method-assign]
    return await play(c, room, random.Random(seed))


async def test_a_master_failover_during_play_loses_no_acknowledged_move(
    cluster: RedisCluster, nodes: list[ServerProc], client: ClusterClient
) -> None:
    async with table([n.url for n in nodes], players=2, spectators=1, game="vikings") as t:
        acked: list[tuple[int, Any]] = []
        games = [asyncio.create_task(play_acknowledged(c, t.room, i, acked)) for i, c in enumerate(t.players)]
        while len(acked) < 6:
            await asyncio.sleep(0.02)
        old, new = fail_over(cluster, client, keys(t.room)[0])
        await wait_promoted(new)
        before = len(acked)
        results = await asyncio.wait_for(asyncio.gather(*games), 120)
        assert len(acked) > before  # play went on after the failover
        assert results[0] == results[1]
        mirror = t.spectators[0].rooms[t.room]
        await t.spectators[0].wait_until(lambda: mirror.result is not None, 30)
    client.nodes_manager.initialize()
    assert client.get_node_from_key(keys(t.room)[0]).port == new  # the room's slot moved with the failover
    log = log_of(client, t.room)
    by_seq = {i: e for i, e in enumerate(log)}
    for seq, move in acked:  # every acknowledged move is in the log at its seq, once
        assert by_seq[seq]["k"] == "move" and by_seq[seq]["move"] == move, seq
    assert len(log) == mirror.seq + 1
    async with httpx.AsyncClient(base_url=nodes[0].http, timeout=60) as http:
        check = (await http.get(f"/api/rooms/{t.room}/replay/check")).json()
    assert check.get("ok"), check  # the final state is the replay of the log from the revealed seed


async def play_across(nodes: list[ServerProc], kind: tuple[str, int, dict[str, Any]], seed: int) -> str:
    """One game with its players spread over the nodes, played by random bots, then
    replayed from its revealed seed by a node (before the archiver takes it): its room."""
    game, players, options = kind
    async with table([n.url for n in nodes], players=players, spectators=0, game=game, options=options) as t:
        results = await asyncio.gather(*(play(c, t.room, random.Random(seed + i)) for i, c in enumerate(t.players)))
        assert all(r == results[0] for r in results)
    async with httpx.AsyncClient(base_url=nodes[seed % 2].http, timeout=60) as http:
        check = (await http.get(f"/api/rooms/{t.room}/replay/check")).json()
    assert check.get("ok"), (t.room, check)
    return t.room


@pytest.mark.soak
async def test_soak_many_games_through_two_nodes_around_failovers(
    cluster: RedisCluster, nodes: list[ServerProc], client: ClusterClient
) -> None:
    """120 games (the three games in turn), 8 at a time, players of each table on both
    nodes; every master fails over once while they play; every game replays from its seed."""
    gate = asyncio.Semaphore(8)

    async def one(i: int) -> str:
        async with gate:
            return await play_across(nodes, KINDS[i % len(KINDS)], seed=1000 * i + i % 2)

    games = asyncio.gather(*(one(i) for i in range(120)))
    masters = [n.port for n in client.get_primaries()]
    for port in masters:  # one failover per master (whatever it owns), 10 s apart
        await asyncio.sleep(10)
        with redis.Redis(port=port) as r:
            key = next(k for k in (f"k{i}" for i in range(10_000)) if client.keyslot(k) in own_slots(r))
        _, new = fail_over(cluster, client, key)
        await wait_promoted(new)
        client.nodes_manager.initialize()
    rooms = await asyncio.wait_for(games, 1800)
    assert len(set(rooms)) == 120


def own_slots(r: redis.Redis) -> set[int]:
    """The slots a master serves (CLUSTER NODES, its `myself` line)."""
    line = next(ln for ln in r.execute_command("CLUSTER", "NODES").decode().splitlines() if "myself" in ln)
    slots: set[int] = set()
    for part in line.split()[8:]:
        lo, _, hi = part.partition("-")
        slots.update(range(int(lo), int(hi or lo) + 1))
    return slots
