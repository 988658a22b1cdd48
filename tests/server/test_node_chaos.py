"""Chaos on several nodes: 3 nodes share one Redis (its append-only file fsynced on every
write), bot games play through all of them (the players of a table on different nodes),
a random node is SIGKILLed and started again on its address every few seconds, and Redis
itself is SIGKILLed and started again once. Nothing acknowledged is lost or applied
twice: every move a player got `ok` for is in its room's log at the seq of that `ok`,
every move in a log was acknowledged exactly once, and every game finishes with a final
state that is the replay of its log from its seed. The default run plays a sample (its
first SAMPLE_KILLS kills while the games play; the games then play out); `-m soak` plays 200
games at once with a kill every 20 s."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgpack
import pytest
import redis
from redis.cluster import RedisCluster as ClusterClient

from clients.python.bot import RETRYABLE, my_turn
from clients.python.client import Client, ServerError
from server.storage.embedded import EmbeddedRedis
from server.storage.keys import keys
from testbed.redis_cluster import RedisCluster, missing
from tests.cluster import ServerProc
from tests.server.test_cluster_nodes import fail_over, log_of, owner_and_replica, wait_promoted

KINDS: list[tuple[str, int, dict[str, Any]]] = [
    ("vikings", 2, {}),
    ("hunters", 2, {}),
    ("feast", 2, {"length": "short"}),
]
# the soaks' tables: full tables and long games, so that a kill every 20 s meets many of them
LONG_KINDS: list[tuple[str, int, dict[str, Any]]] = [
    ("vikings", 4, {"variant": "advanced"}),
    ("hunters", 4, {}),
    ("feast", 2, {"length": "long"}),
]
STALL = 120.0  # seconds a bot waits for its turn or the end before the game counts as stuck
EVERY = float(os.environ.get("LONGHALL_CHAOS_EVERY", "20"))  # seconds between node kills in the soaks
SAMPLE_KILLS = 12  # the default run's samples stop killing after this many (the games then play out)
# the logs stay in Redis to be checked; every player comes from 127.0.0.1 (standing for many)
NODE_ENV = {"LONGHALL_ARCHIVED_TTL": "36000", "LONGHALL_IP_CONNECTIONS": "0"}


class OneRedis:
    """The embedded Redis; its outage: SIGKILLed, then started again on its data."""

    node_env: dict[str, str] = {}  # settings of the nodes on this store

    def __init__(self, work: Path) -> None:
        self.redis = EmbeddedRedis(work / "redis")
        self.url = self.redis.start()

    def outage(self, room: str) -> None:
        assert self.redis.proc is not None
        self.redis.proc.send_signal(signal.SIGKILL)  # nothing flushed on the way out but what fsync wrote
        self.redis.proc.wait()
        time.sleep(0.5)
        self.redis.start()

    def log(self, room: str) -> list[dict[str, Any]]:
        with redis.Redis.from_url(self.url) as r:
            return [msgpack.unpackb(f[b"entry"], raw=False) for _, f in r.xrange(keys(room)[1])]

    def stop(self) -> None:
        self.redis.stop()


class Cluster:
    """A 3-master Redis Cluster (testbed/redis_cluster.py); its outage: the master owning
    a room in play fails over to its replica (CLUSTER FAILOVER)."""

    node_env: dict[str, str] = {}

    def __init__(self, work: Path) -> None:
        self.cluster = RedisCluster(work / "cluster").start()
        self.url = f"redis+cluster://127.0.0.1:{self.cluster.ports[0]}"
        self.client = ClusterClient(host="127.0.0.1", port=self.cluster.ports[0])

    def outage(self, room: str) -> None:
        _, new = fail_over(self.cluster, self.client, keys(room)[0])
        asyncio.run(wait_promoted(new))
        self.client.nodes_manager.initialize()

    def log(self, room: str) -> list[dict[str, Any]]:
        return log_of(self.client, room)

    def stop(self) -> None:
        self.client.close()
        self.cluster.stop()


class ClusterMasterKilled(Cluster):
    """The same cluster; its outage: the master owning a room in play SIGKILLed, its
    replica promoted by the cluster itself once the master is seen failing, then the
    killed one started again (it rejoins as the new master's replica, as a restarted
    pod would). The nodes learn the cluster from a replica (no master is killed but
    one): a node started again after the kill must find a live node at its URL (a
    deployment names a stable address there, such as a Kubernetes Service). A move is
    acknowledged once a replica holds it (LONGHALL_COMMIT_REPLICAS=1, as README advises
    for a replicated Redis): a commit the killed master had not replicated was never
    acknowledged, and its resend is applied afresh."""

    node_env = {"LONGHALL_COMMIT_REPLICAS": "1"}

    def __init__(self, work: Path) -> None:
        super().__init__(work)
        with redis.Redis(port=self.cluster.ports[0]) as r:
            lines = r.execute_command("CLUSTER", "NODES").decode().splitlines()
        replica = next(ln for ln in lines if "slave" in ln.split()[2])
        self.url = f"redis+cluster://{replica.split()[1].split('@')[0]}"

    def outage(self, room: str) -> None:
        owner, replica = owner_and_replica(self.cluster, self.client, keys(room)[0])
        killed = self.cluster.procs[self.cluster.ports.index(owner)]
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        asyncio.run(wait_promoted(replica, timeout=60))
        self.client.nodes_manager.initialize()
        self.cluster.restart(owner)


@dataclass
class Chaos:
    store: OneRedis | Cluster
    nodes: list[ServerProc]
    work: Path
    kills: int = 0
    outages: int = 0
    acked: int = 0
    late: int = 0  # moves sent on a mirror behind the game's end (refused game_over, not applied)
    stop: asyncio.Event = field(default_factory=asyncio.Event)

    def node(self, i: int) -> ServerProc:
        port = self.nodes[i].port if i < len(self.nodes) else None  # a restarted node keeps its address
        return ServerProc(self.work / f"node{i}", self.store.url, port=port, **NODE_ENV, **self.store.node_env).start()

    async def run(self, every: float, outage_at: int, rng: random.Random, rooms: list[str],
                  most: int | None = None) -> None:  # fmt: skip
        """A random node SIGKILLed and started again every `every` s; the store's outage
        once, at the kill numbered `outage_at`; no more than `most` kills."""
        while not self.stop.is_set() and (most is None or self.kills < most):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), every)
                return
            if self.kills == outage_at and not self.outages:
                await asyncio.to_thread(self.store.outage, rng.choice(rooms))
                self.outages += 1
            i = rng.randrange(len(self.nodes))
            self.nodes[i].kill()
            self.nodes[i] = await asyncio.to_thread(self.node, i)
            self.kills += 1


async def seat_table(urls: list[str], kind: tuple[str, int, dict[str, Any]], first: int,
                     everyone: list[Client]) -> tuple[str, list[Client]]:  # fmt: skip
    game, players, options = kind
    clients = []
    for i in range(players):
        clients.append(await Client(urls[(first + i) % len(urls)], name=f"c{i}").connect())
        everyone.append(clients[-1])
    room = (await clients[0].create(game, options, seats=players)).room
    for c in clients[1:]:
        await c.join(room)
    await clients[0].start(room)
    return room, clients


@dataclass
class Tally:
    """A room's moves as its players saw them answered."""

    acked: list[tuple[int, Any]] = field(default_factory=list)  # (seq of the `ok`, move)
    over: list[tuple[str, str]] = field(default_factory=list)  # (player, move id) refused as game_over


async def bot(client: Client, room: str, rng: random.Random, tally: Tally) -> dict[str, Any]:
    """Random decisions until the game ends, through every kill; each answer recorded."""
    mirror = client.rooms[room]
    ids = (f"{room}-{n}" for n in range(1_000_000))
    while True:
        mid = ""
        try:
            try:
                await client.wait_until(lambda: mirror.result is not None or my_turn(client, room), STALL)
            except TimeoutError:
                raise AssertionError(f"{room}: no turn and no end for {STALL} s: a socket left behind") from None
            if mirror.result is not None:
                return mirror.result
            seq = mirror.seq
            moves = await client.legal(room)
            if not moves:
                await client.wait_until(lambda s=seq: mirror.seq != s or mirror.result is not None, 300)
                continue
            move, mid = rng.choice(moves), next(ids)
            tally.acked.append((await client.move(room, move, mid, seq=seq), move))  # re-sent with its id
        except ServerError as exc:
            if exc.code == "game_over" and mid:
                # its mirror was behind the end (its node lost the last diff): not applied, and
                # checked below that it was not (a committed move must be answered with its seq)
                tally.over.append((client.player or "", mid))
            elif exc.code not in RETRYABLE:
                raise
            with contextlib.suppress(ServerError, ConnectionError, TimeoutError):
                await client.resync(room)
        except (ConnectionError, TimeoutError):
            await asyncio.sleep(0.2)  # the client reconnects by itself and takes its seat back


async def check_room(store: OneRedis | Cluster, http: list[str], room: str, tally: Tally) -> None:
    log = store.log(room)
    moves = {seq: e for seq, e in enumerate(log) if e["k"] == "move"}
    for seq, move in tally.acked:  # acknowledged: in the log, at its seq
        assert seq in moves and moves[seq]["move"] == move, (room, seq, move, moves.get(seq))
    assert sorted(seq for seq, _ in tally.acked) == sorted(moves), (room, "a logged move not acknowledged once")
    ids = [(e["player"], e["id"]) for e in moves.values()]
    assert len(ids) == len(set(ids)), (room, "a move id applied twice")
    assert not set(tally.over) & set(ids), (room, "a committed move answered game_over")
    check: dict[str, Any] = {}
    for attempt in range(60):  # a node may be down: ask the others
        try:
            async with httpx.AsyncClient(base_url=http[attempt % len(http)], timeout=60) as client:
                check = (await client.get(f"/api/rooms/{room}/replay/check")).json()
            break
        except httpx.HTTPError:
            await asyncio.sleep(0.5)
    assert check.get("ok"), (room, check)  # the final state is the replay of the log from its seed


async def chaos_run(store: OneRedis | Cluster, work: Path, games: int, every: float, outage_at: int,
                    seed: int, kinds: list[tuple[str, int, dict[str, Any]]] = KINDS,
                    most: int | None = None) -> Chaos:  # fmt: skip
    chaos = Chaos(store, [], work)
    everyone: list[Client] = []  # closed whatever happens (a client left open reconnects forever)
    try:
        for i in range(3):
            chaos.nodes.append(chaos.node(i))
        urls = [n.url for n in chaos.nodes]
        http = [n.http for n in chaos.nodes]
        gate = asyncio.Semaphore(25)  # tables seated a few at a time

        async def seat(i: int) -> tuple[str, list[Client]]:
            async with gate:
                return await seat_table(urls, kinds[i % len(kinds)], i, everyone)

        tables = await asyncio.gather(*(seat(i) for i in range(games)))
        rooms = [room for room, _ in tables]
        killer = asyncio.create_task(chaos.run(every, outage_at, random.Random(seed), rooms, most))
        acks = {room: Tally() for room, _ in tables}
        try:
            plays = [bot(c, room, random.Random(seed + 7 * g + s), acks[room])
                     for g, (room, clients) in enumerate(tables) for s, c in enumerate(clients)]  # fmt: skip
            results = await asyncio.wait_for(asyncio.gather(*plays), 3 * 3600)
        finally:
            chaos.stop.set()
            await killer
        assert len(results) == sum(len(c) for _, c in tables)
        for room, _ in tables:
            await check_room(store, http, room, acks[room])
        chaos.acked = sum(len(a.acked) for a in acks.values())
        chaos.late = sum(len(a.over) for a in acks.values())
    finally:
        for c in everyone:
            await c.close()
        for n in chaos.nodes:
            n.stop()
        store.stop()
    return chaos


def report(label: str, chaos: Chaos, outage: str) -> str:
    return (f"\nnode chaos {label}: {chaos.kills} node kills, {chaos.outages} {outage}, {chaos.acked} acknowledged "
            f"moves, 0 lost or doubled, {chaos.late} late moves refused")  # fmt: skip


async def soak(store: OneRedis | Cluster, tmp_path: Path, seed: int) -> Chaos:
    """LONGHALL_CHAOS_GAMES (200) full tables of long games at once, a node killed every
    LONGHALL_CHAOS_EVERY (20) s, the store's outage at the first kill."""
    games = int(os.environ.get("LONGHALL_CHAOS_GAMES", "200"))
    chaos = await chaos_run(store, tmp_path, games=games, every=EVERY, outage_at=1, seed=seed, kinds=LONG_KINDS)
    assert chaos.outages == 1
    return chaos


async def test_nodes_and_redis_killed_while_games_play_sample(tmp_path: Path) -> None:
    chaos = await chaos_run(OneRedis(tmp_path), tmp_path, games=9, every=0.5, outage_at=1, seed=3, kinds=LONG_KINDS,
                            most=SAMPLE_KILLS)  # fmt: skip
    print(report("sample", chaos, "Redis kill"))
    assert chaos.kills >= 3 and chaos.outages == 1


@pytest.mark.soak
@pytest.mark.timeout(4 * 3600)  # hundreds of games: beyond the suite's per-test 600 s
async def test_nodes_and_redis_killed_while_games_play_soak(tmp_path: Path) -> None:
    print(report("soak", await soak(OneRedis(tmp_path), tmp_path, seed=11), "Redis kill"))


async def test_nodes_killed_around_a_killed_cluster_master_sample(tmp_path: Path) -> None:
    why = missing()
    if why is not None:
        pytest.skip(why)
    chaos = await chaos_run(ClusterMasterKilled(tmp_path), tmp_path, games=9, every=0.5, outage_at=1, seed=5,
                            kinds=LONG_KINDS, most=SAMPLE_KILLS)  # fmt: skip
    print(report("sample on a cluster", chaos, "master kill"))
    assert chaos.kills >= 3 and chaos.outages == 1


@pytest.mark.soak
@pytest.mark.timeout(4 * 3600)
@pytest.mark.parametrize(
    ("store", "seed", "outage"),
    [(Cluster, 13, "failover"), (ClusterMasterKilled, 17, "master kill")],
    ids=["cluster_failover", "killed_cluster_master"],
)
async def test_nodes_killed_around_a_cluster_outage_soak(
    tmp_path: Path, store: type[Cluster], seed: int, outage: str
) -> None:
    """The same on a 3-master Redis Cluster: nodes SIGKILLed, one master failed over
    (CLUSTER FAILOVER) or SIGKILLed."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    print(report("soak on a cluster", await soak(store(tmp_path), tmp_path, seed=seed), outage))
