"""Catching up after a pub/sub loss (server.rooms.catchup) on a real node, a real Redis and real
sockets: the catch-up must not overtake a change this node is committing, and must read
every room after its subscriptions are back (confirmed by Redis), whatever read the room
during the gap.

A `start` is answered by the diff of its commit. Between the commit script and that diff
the node still updates the lobby's indexes (server.storage.store `_index`); a catch-up that read
the room meanwhile sent the host a snapshot at the new seq, the diff was then dropped as
already seen, and the host's `start` went unanswered (seen seating 200 tables on a
Redis Cluster, where a pub/sub read error made every node catch up again and again).
A relay to Redis (tests/relay.py) stands for a slow link: it holds the node's index
update back, long enough for the hub to lose its pub/sub connection and catch up in the
gap.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import redis

from clients.python.client import Client
from server.storage.keys import keys
from tests.cluster import ServerProc
from tests.lost import keep, lose_since
from tests.relay import Relay


async def test_a_catch_up_does_not_swallow_the_diff_that_answers_a_start(own_redis: str, data_dir: Path) -> None:
    direct = redis.Redis.from_url(own_redis)
    relay = await Relay(direct.connection_pool.connection_kwargs["port"]).start()
    node = await asyncio.to_thread(ServerProc(data_dir, relay.url).start)
    host, guest = Client(node.url, name="host"), Client(node.url, name="guest")
    try:
        await host.connect()
        await guest.connect()
        room = (await host.create("highcard", seats=2)).room
        await guest.join(room)
        relay.hold(b"rooms:playing")  # the index update after the start's commit script
        start = asyncio.get_running_loop().create_task(host.start(room))
        await asyncio.wait_for(relay.held.wait(), 10)
        read = relay.watch(keys(room)[0].encode())  # a read of the room's document: the catch-up
        # the start is committed in Redis and not yet delivered: the hub loses its pub/sub
        assert direct.client_kill_filter(_type="pubsub") >= 1
        with contextlib.suppress(TimeoutError):  # the catch-up reads the room, unless it waits
            await asyncio.wait_for(read.wait(), 3)
        relay.release()
        await asyncio.wait_for(start, 10)  # answered by its diff
        assert host.rooms[room].view["status"] == "playing"
        await guest.wait_until(lambda: guest.rooms[room].view["status"] == "playing", 10)
    finally:
        relay.release()
        await host.close()
        await guest.close()
        await asyncio.to_thread(node.stop)
        await relay.stop()
        direct.close()


@dataclass
class Pair:
    direct: redis.Redis  # the Redis itself
    relay: Relay  # between node A and that Redis
    a: ServerProc
    b: ServerProc  # straight on the Redis


@contextlib.asynccontextmanager
async def behind_a_relay(own_redis: str, data_dir: Path, tmp_path: Path) -> AsyncIterator[Pair]:
    """Two nodes on one Redis, node A behind a relay that can hold its requests."""
    direct = redis.Redis.from_url(own_redis)
    relay = await Relay(direct.connection_pool.connection_kwargs["port"]).start()
    (data_dir / "a").mkdir()
    (tmp_path / "b").mkdir()
    started: list[ServerProc] = []
    try:
        started.append(await asyncio.to_thread(ServerProc(data_dir / "a", relay.url).start))
        started.append(await asyncio.to_thread(ServerProc(tmp_path / "b", own_redis).start))
        yield Pair(direct, relay, *started)
    finally:
        relay.release()
        for node in started:
            await asyncio.to_thread(node.stop)
        await relay.stop()
        direct.close()


@contextlib.asynccontextmanager
async def clients(*pairs: tuple[str, str]) -> AsyncIterator[list[Client]]:
    """Connected clients, one per (url, name)."""
    made = [Client(url, name=name) for url, name in pairs]
    try:
        for c in made:
            await c.connect()
        yield made
    finally:
        for c in made:
            await c.close()


async def test_a_commit_in_the_gap_reaches_a_socket_whose_room_was_read_meanwhile(
    own_redis: str, data_dir: Path, tmp_path: Path
) -> None:
    """Node A (behind the relay) loses its pub/sub; its resubscription is held on the wire.
    In the gap a request on A reads the room afresh, then a player on node B joins: the
    publish of that commit reaches nobody on A. Once A's subscriptions are confirmed, its
    catch-up must read the room again and send its socket the join. (It used to take the
    room read in the gap as current, or read the room before the subscription took
    effect: the socket waited for ever. Seen as a stuck game after a cluster failover.)"""
    async with (
        behind_a_relay(own_redis, data_dir, tmp_path) as n,
        clients((n.a.url, "host"), (n.b.url, "guest")) as (host, guest),
    ):
        room = (await host.create("highcard", seats=3)).room
        n.relay.hold(b"SUBSCRIBE")  # node A's resubscription after the loss
        assert n.direct.client_kill_filter(_type="pubsub") >= 2
        await asyncio.wait_for(n.relay.held.wait(), 10)
        await host.resync(room)  # a read of the room on A in the gap
        read = n.relay.watch(keys(room)[0].encode())  # a catch-up on A before its subscription is back
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(read.wait(), 2)
        seq = (await guest.join(room)).seq  # a commit on B that A hears nothing of
        n.relay.release()
        await host.wait_until(lambda: host.rooms[room].seq >= seq, 10)
        assert [s and s["name"] for s in host.rooms[room].view["seats"]] == ["host", "guest", None]


async def test_a_first_socket_of_a_room_reads_it_after_its_subscription_took_effect(
    own_redis: str, data_dir: Path, tmp_path: Path
) -> None:
    """Node A's first socket in a room subscribes to the room's channel, then reads the
    room. The relay holds that SUBSCRIBE on the wire; meanwhile a player joins on node B.
    A must not read the room before Redis confirmed the subscription: a snapshot read
    earlier misses the join, whose publish reached nobody on A."""
    async with (
        behind_a_relay(own_redis, data_dir, tmp_path) as n,
        clients((n.b.url, "host"), (n.b.url, "guest"), (n.a.url, "watcher")) as (host, guest, watcher),
    ):
        room = (await host.create("highcard", seats=3)).room
        n.relay.hold(b"SUBSCRIBE")  # node A's subscription to the room's channel
        watching = asyncio.get_running_loop().create_task(watcher.spectate(room))
        await asyncio.wait_for(n.relay.held.wait(), 10)
        await asyncio.wait({watching}, timeout=1)  # a snapshot read now would miss what follows
        seq = (await guest.join(room)).seq  # published while A's subscription is on the wire
        n.relay.release()
        await asyncio.wait_for(watching, 10)
        await watcher.wait_until(lambda: watcher.rooms[room].seq >= seq, 10)


async def test_a_socket_ahead_of_its_room_after_redis_lost_a_commit_gets_a_snapshot(
    own_redis: str, data_dir: Path
) -> None:
    """Redis replicates asynchronously: a master killed an instant after a commit (its
    publish already delivered) can leave the promoted replica without it. Here Redis is
    set back to the room as it was before its last commit (document, move ids and log, as
    such a replica holds them), and the node loses its pub/sub as it would with its
    master. The players' sockets have seen the lost commit; the catch-up must send them
    the room as Redis now holds it, or they would show a move that no longer exists and
    drop the next commit of that seq as already seen."""
    direct = redis.Redis.from_url(own_redis)
    node = await asyncio.to_thread(ServerProc(data_dir, own_redis).start)
    try:
        async with clients((node.url, "host"), (node.url, "guest")) as (host, guest):
            room = (await host.create("highcard", seats=2)).room
            await guest.join(room)
            await host.start(room)
            before = keep(direct, room)
            kept = before.seq
            await host.move(room, {"type": "bid", "n": 1})  # the commit Redis will lose
            await guest.wait_until(lambda: guest.rooms[room].seq == kept + 1, 10)
            lose_since(direct, before)
            assert direct.client_kill_filter(_type="pubsub") >= 1
            for c in (host, guest):
                await c.wait_until(lambda c=c: c.rooms[room].seq == kept, 10)
                assert c.rooms[room].view["table"]["bid_in"] == [False, False]  # the lost bid is gone
            # the game goes on from the room Redis holds; both sockets follow it
            await host.move(room, {"type": "bid", "n": 2})
            await guest.move(room, {"type": "bid", "n": 0})
            for c in (host, guest):
                await c.wait_until(lambda c=c: c.rooms[room].seq == kept + 2, 10)
                mirror = c.rooms[room].view
                await c.resync(room)
                assert c.rooms[room].view == mirror
    finally:
        await asyncio.to_thread(node.stop)
        direct.close()


async def test_a_socket_that_saw_a_lost_commit_is_caught_up_when_its_seq_was_made_again(
    own_redis: str, data_dir: Path, tmp_path: Path
) -> None:
    """The commit Redis lost (its publish already heard on both nodes) is made again, at
    the same seq, by another move on node B before node A's catch-up reads the room: A's
    socket shows that seq already, and a catch-up that judged sockets by their seq took it
    as up to date. Its player would go on seeing a move that never was, and miss the one
    that is (seen as a Hunters & Gatherers table stalled after a Redis Cluster master was
    killed: no turn for that player, ever)."""
    async with (
        behind_a_relay(own_redis, data_dir, tmp_path) as n,
        clients((n.b.url, "host"), (n.a.url, "guest"), (n.b.url, "third")) as (host, guest, third),
    ):
        room = (await host.create("highcard", seats=3)).room
        await guest.join(room)
        await third.join(room)
        await host.start(room)
        before = keep(n.direct, room)
        kept = before.seq
        await host.move(room, {"type": "bid", "n": 1})  # the commit Redis will lose
        await guest.wait_until(lambda: guest.rooms[room].seq == kept + 1, 10)
        assert guest.rooms[room].view["table"]["bid_in"] == [True, False, False]
        n.relay.hold(b"SUBSCRIBE")  # node A's resubscription after the loss
        lose_since(n.direct, before)
        assert n.direct.client_kill_filter(_type="pubsub") >= 2
        await asyncio.wait_for(n.relay.held.wait(), 10)
        await third.wait_until(lambda: third.rooms[room].seq == kept, 10)  # B caught up
        await third.move(room, {"type": "bid", "n": 1}, seq=kept)  # the same seq, made again
        n.relay.release()
        await guest.wait_until(lambda: guest.rooms[room].view["table"]["bid_in"] == [False, False, True], 10)
        assert guest.rooms[room].seq == kept + 1
        mirror = guest.rooms[room].view
        await guest.resync(room)
        assert guest.rooms[room].view == mirror
