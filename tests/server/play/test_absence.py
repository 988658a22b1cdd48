"""Absent players (server.play.absence): marked in the view while gone, back when they return;
before the start their seat is freed."""

from __future__ import annotations

import asyncio
import random

import pytest
from redis.asyncio import Redis

from clients.python.bot import play
from clients.python.client import Client
from server.play.absence import REFRESH
from server.storage.keys import PLAYING_ROOMS, here_key
from tests.cluster import ServerProc
from tests.tables import table


@pytest.fixture
def node(own_redis, tmp_path):
    n = ServerProc(tmp_path / "n", own_redis, LONGHALL_ABSENT_AFTER="1").start()
    yield n
    n.stop()


async def test_a_player_gone_is_marked_absent_and_returns_to_the_seat(node) -> None:
    async with table(node.url, players=2, spectators=1) as t:
        a, b = t.players
        watcher = t.spectators[0].rooms[t.room]
        token = b.token
        await b.close()
        await a.wait_until(lambda: a.rooms[t.room].view["absent"] == [1], timeout=60)
        await t.spectators[0].wait_until(lambda: watcher.view["absent"] == [1])  # spectators see it too
        back = await Client(node.url, token=token).connect()
        try:
            mirror = await back.join(t.room)
            assert mirror.seat == 1  # the seat is still theirs
            await a.wait_until(lambda: a.rooms[t.room].view["absent"] == [], timeout=60)
            await a.move(t.room, {"type": "bid", "n": 1})
            await back.move(t.room, {"type": "bid", "n": 2})  # and they play on
        finally:
            await back.close()


async def test_before_the_start_an_absent_players_seat_is_freed(node) -> None:
    async with table(node.url, players=3, spectators=0, start=False) as t:
        host, b, c = t.players
        await c.close()
        await host.wait_until(lambda: host.rooms[t.room].view["seats"][2] is None, timeout=60)
        assert host.rooms[t.room].view["seats"][1] is not None  # the ones present keep theirs
        late = await Client(node.url).connect()
        try:
            await late.join(t.room)
            await host.start(t.room)
        finally:
            await late.close()


async def test_a_game_that_ended_meanwhile_gets_no_presence_written(node, own_redis) -> None:
    """The judge reads the index of games in play, then each room: one that ended (and
    may be archived, its keys gone) between the two is left alone — a presence written
    for it would outlive the room's keys."""
    r = Redis.from_url(own_redis)
    try:
        async with table(node.url, players=2, spectators=0) as t:
            results = await asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
            assert results[0] == results[1]
            here = here_key(t.room)
            await r.delete(here)  # as the archiver releases a finished room
            await r.zadd(PLAYING_ROOMS, {t.room: 0})  # as the index read before the end had it
            await asyncio.sleep(3 * REFRESH)  # the judge looks every REFRESH seconds
            assert await r.exists(here) == 0
    finally:
        await r.aclose()
