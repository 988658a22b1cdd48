"""A started game whose players have all been gone longer than the limit ends as
abandoned (result recorded, seed revealed) and then expires like a finished game; any
node may end it, also when the node its players were on is dead."""

from __future__ import annotations

import asyncio
import time

import msgpack
import pytest

from clients.python.client import Client
from server.runtime.config import Settings
from server.storage.keys import PLAYING_ROOMS, keys
from tests.cluster import ServerProc
from tests.tables import table

LIMIT = "1.5"


@pytest.fixture
def quick_nodes(redis_url, tmp_path_factory):
    nodes = [
        ServerProc(tmp_path_factory.mktemp(f"ab{i}"), redis_url, LONGHALL_ABANDON_AFTER=LIMIT).start() for i in range(2)
    ]
    yield nodes
    for n in nodes:
        n.stop()


def doc_of(r, room: str) -> dict:
    return msgpack.unpackb(r.hget(keys(room)[0], "doc"), raw=False)


async def wait_status(r, room: str, status: str, timeout: float = 15.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        doc = doc_of(r, room)
        if doc["status"] == status:
            return doc
        await asyncio.sleep(0.2)
    raise AssertionError(f"room {room} is still {doc_of(r, room)['status']}")


async def unlisted(r, room: str, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while r.zscore(PLAYING_ROOMS, room) is not None:
        assert time.monotonic() < deadline, f"room {room} is over but still in {PLAYING_ROOMS}"
        await asyncio.sleep(0.1)


async def test_a_game_everyone_left_ends_as_abandoned_and_expires(quick_nodes, sync_redis) -> None:
    node = quick_nodes[0]
    async with table(node.url, players=2, spectators=0) as t:
        room = t.room
        assert sync_redis.zscore(PLAYING_ROOMS, room) is not None
        await t.players[0].close()
        await asyncio.sleep(float(LIMIT) * 2.5)  # one player still here: the game goes on
        assert doc_of(sync_redis, room)["status"] == "playing"
    doc = await wait_status(sync_redis, room, "over")
    assert doc["result"]["abandoned"] is True and doc["result"]["winners"] == []
    assert doc["result"]["seed_hash"] == doc["seed_hash"]
    await unlisted(sync_redis, room)  # (the index is updated right after the commit, not with it)
    week = Settings().finished_ttl
    assert all(0 < sync_redis.ttl(k) <= week for k in keys(room)[:2])  # expires like a finished game (archived: sooner)
    entries = [msgpack.unpackb(f[b"entry"], raw=False) for _, f in sync_redis.xrange(keys(room)[1])]
    assert entries[-1] == {"k": "abandon"}


async def test_another_node_ends_a_game_whose_node_died(quick_nodes, sync_redis) -> None:
    a, _b = quick_nodes
    clients = [await Client(a.url, reconnect=False).connect() for _ in range(2)]
    room = (await clients[0].create("highcard", seats=2)).room
    await clients[1].join(room)
    await clients[0].start(room)
    a.kill()  # no goodbye: node b alone must notice nobody is there any more
    for c in clients:
        await c.close()
    doc = await wait_status(sync_redis, room, "over")
    assert doc["result"]["abandoned"] is True
    a.start()
