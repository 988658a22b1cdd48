"""`matched` is pub/sub, at most once; a matched player still learns its match: from the
matchmaker's record when it sends `queue` again, when its client reconnects while
waiting, and when its node lost its pub/sub (server.matchmaking.matchmaker, `told`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import redis

from clients.python.client import Client
from server.matchmaking.matchmaker import TOLD_KEEP
from server.storage.keys import ticket_key, told_key
from tests.cluster import ServerProc

OPTIONS = {"bonus": 0}


async def ticket_of(r: redis.Redis, player: str | None) -> None:
    for _ in range(100):
        if r.exists(ticket_key(player or "")):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("no ticket filed")


async def lost_match(r: redis.Redis, url: str) -> tuple[Client, Client, asyncio.Task[object]]:
    """a's ticket names a node that does not exist (its `matched` goes nowhere); b is
    matched with a and told. Returns a, b and a's queue, still waiting."""
    a, b = Client(url, name="a"), Client(url, name="b")
    await a.connect()
    await b.connect()
    waiting = asyncio.get_running_loop().create_task(a.queue("highcard", 2, OPTIONS))
    await ticket_of(r, a.player)
    r.hset(ticket_key(a.player or ""), "node", "gone")
    await b.queue("highcard", 2, OPTIONS)
    await asyncio.sleep(0.5)
    assert not a.matches and not waiting.done()  # lost
    return a, b, waiting


async def test_queue_sent_again_is_answered_with_the_match(server: ServerProc, sync_redis: redis.Redis) -> None:
    a, b, waiting = await lost_match(sync_redis, server.url)
    try:
        waiting.cancel()
        room = next(iter(b.rooms))
        assert 0 < sync_redis.ttl(told_key(a.player or "")) <= TOLD_KEEP
        again = await a.queue("highcard", 2, OPTIONS, timeout=5)  # answered from the record
        assert again.room == room and {again.seat, b.rooms[room].seat} == {0, 1}
        assert not sync_redis.exists(ticket_key(a.player or ""))  # not queued for a second game
    finally:
        await a.close()
        await b.close()


async def test_a_client_that_reconnects_while_queued_queues_again(server: ServerProc,
                                                                   sync_redis: redis.Redis) -> None:  # fmt: skip
    a, b = Client(server.url, name="a"), Client(server.url, name="b")
    await a.connect()
    await b.connect()
    try:
        waiting = asyncio.get_running_loop().create_task(a.queue("highcard", 2, OPTIONS))
        await ticket_of(sync_redis, a.player)
        await a.drop()  # the server withdraws the ticket of a closed socket; the client queues again
        await a.wait_until(lambda: a.reconnects == 1, 10)
        await ticket_of(sync_redis, a.player)
        mine = await b.queue("highcard", 2, OPTIONS, timeout=10)
        theirs = await asyncio.wait_for(waiting, 10)
        assert mine.room == theirs.room and {mine.seat, theirs.seat} == {0, 1}
    finally:
        await a.close()
        await b.close()


async def test_a_node_that_lost_its_pubsub_tells_its_waiting_sockets(own_redis: str, data_dir: Path) -> None:
    node = await asyncio.to_thread(ServerProc(data_dir, own_redis).start)
    r = redis.Redis.from_url(own_redis)
    a = b = None
    try:
        a, b, waiting = await lost_match(r, node.url)
        assert r.client_kill_filter(_type="pubsub") >= 1  # the node recovers, then tells again
        theirs = await asyncio.wait_for(waiting, 10)
        assert theirs.room == next(iter(b.rooms))
    finally:
        for c in (a, b):
            if c is not None:
                await c.close()
        await asyncio.to_thread(node.stop)
        r.close()
