"""A room's document in Redis with its tail: the plain moves a node commits append their
log entries instead of writing the whole document, at most `doc_every` (8) commits in a
row (server.storage.store). Whatever reads the room — a load in another process, another node's
snapshot — must see exactly the document the committing node holds."""

from __future__ import annotations

import asyncio
import random

import msgpack
import pytest
import redis.asyncio as aioredis

from clients.python.client import Client
from protocol.diff import strict_equal
from server.games import registry
from server.play.replay import documents
from server.rooms.document import Doc, replayed
from server.storage.keys import keys
from server.storage.store import Loaded, Store
from tests.cluster import ServerProc
from tests.server.test_play import next_move
from tests.tables import table


def current(loaded: Loaded) -> Doc:
    """The document at the loaded seq: the one written whole with its tail made again, as
    the room service reads it (server.rooms.service.Rooms.entry)."""
    game = registry.get(loaded.doc["game"])
    assert game is not None
    return replayed(loaded.doc, game, loaded.tail, loaded.base)


GAMES = [("vikings", {"variant": "advanced"}, 4), ("hunters", None, 3), ("feast", {"length": "short"}, 2)]


@pytest.mark.parametrize(("game", "options", "players"), GAMES, ids=[g for g, _, _ in GAMES])
async def test_a_room_read_with_its_tail_is_the_document_committed(two_nodes, redis_url, game, options,
                                                                   players) -> None:  # fmt: skip
    a, b = two_nodes
    r = aioredis.Redis.from_url(redis_url)
    store = Store(r)  # redis-py's path: the load script, as every node reads a room
    rng = random.Random(5)
    try:
        async with table(a.url, players=players, spectators=1, game=game, options=options) as t:
            elsewhere = await Client(b.url, name="b").connect()  # watches from the other node
            await elsewhere.spectate(t.room)
            tails, moves = [], 0
            while await next_move(t, rng):
                moves += 1
                loaded = await store.load(t.room)
                assert loaded is not None
                log = [msgpack.unpackb(f[b"entry"], raw=False) for _, f in await r.xrange(keys(t.room)[1])]
                assert len(log) == loaded.seq + 1
                # the document every commit made, rebuilt from the log alone (server.play.replay; the
                # room's clock setting is not in the log: an untimed room's is null)
                doc = current(loaded)
                rebuilt = {**documents(doc, log)[loaded.seq], "clock_setting": None}
                assert strict_equal(doc, rebuilt)
                assert len(loaded.tail) == await r.llen(keys(t.room)[5]) < 8
                tails.append(len(loaded.tail))
                # the other node reads the room afresh (its tail applied) for a snapshot
                seq = loaded.seq
                await elsewhere.wait_until(lambda seq=seq: elsewhere.rooms[t.room].seq == seq)
                await elsewhere.resync(t.room)
                assert strict_equal(elsewhere.rooms[t.room].view, t.spectators[0].rooms[t.room].view)
            assert max(tails) == 7 and tails.count(0) < len(tails) / 2, tails  # the tail was in use
            assert await r.llen(keys(t.room)[5]) == 0  # the end wrote the final document whole
            final = msgpack.unpackb(await r.hget(keys(t.room)[0], "doc"), raw=False)
            last = await store.load(t.room)
            assert last is not None and not last.tail
            assert final["status"] == "over" and strict_equal(final, last.doc)
            await elsewhere.close()
    finally:
        await r.aclose()


async def test_a_node_going_down_writes_its_rooms_documents_whole(redis_url, tmp_path) -> None:
    """A node stopped gracefully (SIGTERM) leaves no tail it made: the next node to read
    the room (perhaps of a newer release, its engine changed) replays nothing."""
    node = ServerProc(tmp_path / "n", redis_url).start()
    r = aioredis.Redis.from_url(redis_url)
    rng = random.Random(3)
    try:
        async with table(node.url, players=4, spectators=1, game="vikings", options={"variant": "advanced"}) as t:
            while await r.llen(keys(t.room)[5]) < 3:
                assert await next_move(t, rng)
            before = await Store(r).load(t.room)
            assert before is not None and len(before.tail) >= 3
            await asyncio.to_thread(node.stop)
        assert await r.llen(keys(t.room)[5]) == 0
        after = await Store(r).load(t.room)
        assert after is not None and not after.tail and after.seq == before.seq
        assert strict_equal(after.doc, current(before))  # the document at that seq, now whole
        assert strict_equal(msgpack.unpackb(await r.hget(keys(t.room)[0], "doc"), raw=False), after.doc)
    finally:
        node.stop()
        await r.aclose()
