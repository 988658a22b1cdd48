"""Matchmaking: queued players of one (game, count, options) are seated together in a
started room, across nodes; other options wait; unqueue and a closed socket withdraw."""

from __future__ import annotations

import asyncio
import random

import pytest

from clients.python.bot import play
from clients.python.client import Client, ServerError
from server.storage.keys import ticket_key
from tests.cluster import ServerProc


async def connect(url: str, n: int) -> list[Client]:
    return [await Client(url, name=f"q{i}").connect() for i in range(n)]


async def test_queued_players_on_two_nodes_are_matched_and_play(two_nodes: list[ServerProc]) -> None:
    clients = [c for node in two_nodes for c in await connect(node.url, 2)]
    try:
        mirrors = await asyncio.gather(*(c.queue("highcard", 2, {"bonus": 0}) for c in clients))
        rooms: dict[str, list[int]] = {}
        for m in mirrors:
            rooms.setdefault(m.room, []).append(m.seat)
            assert m.view["status"] == "playing"
        assert sorted(map(sorted, rooms.values())) == [[0, 1], [0, 1]]  # two full tables
        finals = await asyncio.gather(
            *(play(c, m.room, random.Random(i)) for i, (c, m) in enumerate(zip(clients, mirrors, strict=True)))
        )
        for room in rooms:
            results = [f for f, m in zip(finals, mirrors, strict=True) if m.room == room]
            assert results[0] == results[1] and results[0]["winners"]
    finally:
        for c in clients:
            await c.close()


async def test_other_options_and_counts_wait_and_unqueue_withdraws(server: ServerProc, sync_redis) -> None:
    a, b, c = await connect(server.url, 3)
    try:
        waiting = asyncio.create_task(a.queue("highcard", 2, {"bonus": 2}))
        await asyncio.sleep(0.3)
        with pytest.raises(TimeoutError):  # b wants other options: no match
            await b.queue("highcard", 2, {"bonus": 0}, timeout=0.8)
        await b.unqueue("highcard", 2)
        with pytest.raises(TimeoutError):  # c wants three players
            await c.queue("highcard", 3, {"bonus": 2}, timeout=0.8)
        await c.unqueue("highcard", 3)
        assert not waiting.done()
        await asyncio.sleep(0.2)
        assert not sync_redis.exists(ticket_key(b.player)) and not sync_redis.exists(ticket_key(c.player))
        d = (await connect(server.url, 1))[0]
        try:
            mine = await d.queue("highcard", 2, {"bonus": 2})
            theirs = await waiting
            assert mine.room == theirs.room and {mine.seat, theirs.seat} == {0, 1}
        finally:
            await d.close()
    finally:
        for x in (a, b, c):
            await x.close()


async def test_a_closed_socket_leaves_the_queue(server: ServerProc, sync_redis) -> None:
    a = (await connect(server.url, 1))[0]
    task = asyncio.create_task(a.queue("highcard", 4))
    await asyncio.sleep(0.3)
    assert sync_redis.exists(ticket_key(a.player))
    task.cancel()
    await a.close()
    for _ in range(50):
        if not sync_redis.exists(ticket_key(a.player)):
            break
        await asyncio.sleep(0.05)
    assert not sync_redis.exists(ticket_key(a.player))


async def test_queue_refuses_what_create_refuses(server: ServerProc) -> None:
    a = (await connect(server.url, 1))[0]
    try:
        for args, code in [(("chess", 2), "unknown_game"), (("highcard", 9), "bad_option"),
                           (("highcard", 2, {"bonus": 7}), "bad_option")]:  # fmt: skip
            with pytest.raises(ServerError) as err:
                await a.queue(*args, timeout=5)
            assert err.value.code == code
    finally:
        await a.close()


async def test_a_matchmade_game_is_always_timed(server: ServerProc) -> None:
    """A rated game has a clock (issue #36): nobody can stall a matchmade game for ever."""
    a, b = await connect(server.url, 2)
    try:
        ma, _ = await asyncio.gather(a.queue("highcard", 2, {"bonus": 0}), b.queue("highcard", 2, {"bonus": 0}))
        setting = ma.view["clock"]["setting"]
        assert setting["total"] > 0 and setting["increment"] > 0 and setting["timeout"] == "bot"
        assert all(d is not None for d in ma.view["clock"]["deadline"])  # both seats bid: both are timed
    finally:
        await a.close()
        await b.close()
