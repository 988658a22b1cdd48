"""The room model in Redis (server.storage.store) on its own, against a real Redis: what
one commit script call does and refuses, the document and its tail, a graceful flush,
the lobby fields and lifetimes. No server and no socket: each test makes its own rooms
under fresh ids."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator
from typing import Any

import msgpack
import pytest
import redis.asyncio as aioredis

from protocol.codec import pack
from server.storage.fanout import payload
from server.storage.keys import OPEN_ROOMS, PLAYING_ROOMS, keys, public_key
from server.storage.store import Commit, Store


@pytest.fixture
async def r(redis_url: str) -> AsyncIterator[aioredis.Redis]:
    client = aioredis.Redis.from_url(redis_url)
    yield client
    await client.aclose()


def room_id() -> str:
    return "t" + secrets.token_hex(5)


def change(room: str, expected: int, doc: dict[str, Any] | None, entry: dict[str, Any], **kw: Any) -> Commit:
    """A commit of `doc` (None: a plain move, its entry to the tail) at `expected` + 1."""
    return Commit(room=room, expected_seq=expected, doc=b"" if doc is None else pack(doc), entry=entry,
                  payload=payload("n1", room, expected + 1, {}, None, ""), **kw)  # fmt: skip


@pytest.mark.parametrize("lean", [True, False], ids=["lean", "redis-py"])
async def test_a_commit_checks_the_seq_and_changes_nothing_when_stale(r: aioredis.Redis, redis_url: str,
                                                                      lean: bool) -> None:  # fmt: skip
    store = Store(r, redis_url if lean else "")
    room = room_id()
    assert (await store.commit(change(room, -1, {"v": 0}, {"k": "create"}, ttl=60))).status == "ok"
    out = await store.commit(change(room, 0, {"v": 1}, {"k": "join"}))
    assert (out.status, out.seq) == ("ok", 1)
    stale = await store.commit(change(room, 0, {"v": 99}, {"k": "join"}))
    assert (stale.status, stale.seq) == ("stale", 1)  # the seq Redis holds
    again = await store.commit(change(room, -1, {"v": 99}, {"k": "create"}))
    assert again.status == "stale"  # a room id is created once
    loaded = await store.load(room)
    assert loaded is not None and (loaded.seq, loaded.doc, loaded.tail) == (1, {"v": 1}, [])
    assert await r.xlen(keys(room)[1]) == 2  # the log holds the two commits only
    store.close()


async def test_a_move_id_is_applied_once_and_answered_with_its_first_seq(r: aioredis.Redis, redis_url: str) -> None:
    store = Store(r, redis_url)
    room = room_id()
    await store.commit(change(room, -1, {"v": 0}, {"k": "create"}, ttl=60))
    first = await store.commit(change(room, 0, {"v": 1}, {"k": "move"}, id_key="p1:a"))
    await store.commit(change(room, 1, {"v": 2}, {"k": "move"}, id_key="p2:b"))
    resent = await store.commit(change(room, 2, {"v": 9}, {"k": "move"}, id_key="p1:a"))
    assert (first.status, first.seq) == ("ok", 1) and (resent.status, resent.seq) == ("dup", 1)
    loaded = await store.load(room)
    assert loaded is not None and loaded.seq == 2 and loaded.doc == {"v": 2}
    assert loaded.ids == {"p1:a": 1, "p2:b": 2}
    store.close()


async def test_plain_moves_go_to_the_tail_until_the_document_is_written_whole(r: aioredis.Redis,
                                                                               redis_url: str) -> None:  # fmt: skip
    store = Store(r, redis_url)
    room = room_id()
    await store.commit(change(room, -1, {"v": 0}, {"k": "create"}, ttl=60))
    for seq in (1, 2, 3):
        assert (await store.commit(change(room, seq - 1, None, {"k": "move", "n": seq}))).status == "ok"
    loaded = await store.load(room)
    assert loaded is not None and loaded.seq == 3 and loaded.base == 0 and loaded.doc == {"v": 0}
    assert [e["n"] for e in loaded.tail] == [1, 2, 3]
    await store.commit(change(room, 3, {"v": 4}, {"k": "start"}))  # written whole: the tail emptied
    loaded = await store.load(room)
    assert loaded is not None and (loaded.seq, loaded.base, loaded.doc, loaded.tail) == (4, 4, {"v": 4}, [])
    store.close()


async def test_a_flush_writes_the_document_whole_only_at_the_seq_it_was_made_for(r: aioredis.Redis,
                                                                                  redis_url: str) -> None:  # fmt: skip
    store = Store(r, redis_url)
    room = room_id()
    await store.commit(change(room, -1, {"v": 0}, {"k": "create"}, ttl=60))
    await store.commit(change(room, 0, None, {"k": "move"}))
    assert not await store.flush(room, 0, pack({"v": "old"}))  # Redis is at seq 1: refused
    assert await store.flush(room, 1, pack({"v": 1}))
    loaded = await store.load(room)
    assert loaded is not None and (loaded.seq, loaded.doc, loaded.tail) == (1, {"v": 1}, [])
    store.close()


async def test_the_lobby_fields_indexes_and_lifetimes_follow_the_commits(r: aioredis.Redis, redis_url: str) -> None:
    store = Store(r, redis_url)
    room, game = room_id(), "g" + secrets.token_hex(3)
    meta = {"game": game, "status": "open", "seats": 2, "taken": 1, "options": ""}
    await store.commit(change(room, -1, {"v": 0}, {"k": "create"}, meta=meta, ttl=60, public="add", created=5))
    assert await r.zscore(public_key(game), room) == 5 and await r.zscore(OPEN_ROOMS, room) == 5
    assert 0 < await r.ttl(keys(room)[0]) <= 60
    assert {k.decode(): v.decode() for k, v in (await r.hgetall(keys(room)[3])).items()}["taken"] == "1"
    # the start: kept until the game ends, in play, out of the open rooms
    await store.commit(change(room, 0, {"v": 1}, {"k": "start"}, meta={**meta, "status": "playing"}, ttl=-1,
                              created=7))  # fmt: skip
    assert await r.ttl(keys(room)[0]) == -1 and await r.zscore(PLAYING_ROOMS, room) == 7
    assert await r.zscore(OPEN_ROOMS, room) is None
    # the end: out of the lobby, kept for the finished room's time
    await store.commit(change(room, 1, {"v": 2}, {"k": "move"}, meta={**meta, "status": "over"}, ttl=30,
                              public="rem"))  # fmt: skip
    assert await r.zscore(public_key(game), room) is None and 0 < await r.ttl(keys(room)[0]) <= 30
    log = [msgpack.unpackb(f[b"entry"], raw=False)["k"] for _, f in await r.xrange(keys(room)[1])]
    assert log == ["create", "start", "move"]
    store.close()
