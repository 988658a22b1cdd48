"""Grouping tickets by rating (server.matchmaking.grouping) and the matcher's no-ticket-lost steps."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter

import pytest
import redis

from clients.python.bot import play
from clients.python.client import Client
from server.matchmaking.grouping import Group, Ticket, groups
from server.storage.keys import MATCHES as PENDING
from server.storage.keys import MM, match_key, ticket_key
from tests.cluster import ServerProc

QUEUE = MM + "q:highcard:2:x"  # a queue key as the matchmaker names them


def test_players_near_in_rating_are_grouped_and_far_ones_wait() -> None:
    t = [Ticket("a", 0, 0), Ticket("b", 2, 1), Ticket("c", 40, 2), Ticket("d", 4, 3), Ticket("e", 41, 4)]
    assert groups(t, 2, now=5, window=5, widen=0) == [Group(("a", "b")), Group(("c", "e"))]
    assert groups(t, 3, now=5, window=5, widen=0) == [Group(("a", "b", "d"))]  # c and e wait for a third


def test_the_window_widens_with_waiting_until_everyone_plays() -> None:
    t = [Ticket("a", 0, 0), Ticket("b", 30, 0)]
    assert groups(t, 2, now=10, window=5, widen=1) == []  # 15 points apart after 10 s
    assert groups(t, 2, now=25, window=5, widen=1) == [Group(("a", "b"))]


def test_bots_fill_a_table_after_the_wait() -> None:
    t = [Ticket("a", 0, 0), Ticket("b", 1, 8), Ticket("c", 90, 9)]
    assert groups(t, 4, now=9, window=5, widen=0, bot_fill=10) == []
    assert groups(t, 4, now=10, window=5, widen=0, bot_fill=10) == [Group(("a", "b"), bots=2)]


async def test_200_players_with_mixed_ratings_make_exactly_50_tables_across_a_matcher_kill(own_redis, tmp_path) -> None:
    redis_url = own_redis
    r = redis.Redis.from_url(redis_url)
    lead = ServerProc(tmp_path / "lead", redis_url, LONGHALL_MATCH_WIDEN="20").start()  # takes the lease
    time.sleep(0.5)
    assert r.get("mm:lease") is not None  # the lead node holds the lease: it is the one killed
    other = ServerProc(tmp_path / "other", redis_url, LONGHALL_MATCH_WIDEN="20").start()
    clients: list[Client] = []
    try:
        clients = [await Client(other.url, name=f"p{i}").connect() for i in range(200)]
        rng = random.Random(7)
        board = {c.player: rng.choice([-10.0, 0.0, 12.0, 30.0, 55.0]) + rng.random() for c in clients}
        r.zadd("lb:{vikings}", board)
        rooms: list = []

        async def queue(c: Client, i: int) -> None:
            await asyncio.sleep(i * 0.01)  # arriving over two seconds
            rooms.append((c.player, await c.queue("vikings", 4, timeout=120)))

        waiting = asyncio.gather(*(queue(c, i) for i, c in enumerate(clients)))
        for _ in range(12000):  # the first table placed (however loaded the machine), then the kill
            if rooms:
                break
            await asyncio.sleep(0.01)
        lead.kill()  # SIGKILL of the matcher halfway: the other node takes the lease over
        before = len(rooms)
        await asyncio.wait_for(waiting, 180)
        assert 0 < before < 200, before
        tables = Counter(m.room for _, m in rooms)
        assert len(rooms) == 200 and len({p for p, _ in rooms}) == 200  # everyone placed once
        assert len(tables) == 50 and set(tables.values()) == {4}
        for room in tables:
            seats = [m.seat for _, m in rooms if m.room == room]
            assert sorted(seats) == [0, 1, 2, 3]
        assert all(len({m["room"] for m in c.matches}) == 1 for c in clients)  # nobody offered two rooms
        assert not r.keys(ticket_key("*")) and not r.smembers(PENDING)  # no ticket left behind
    finally:
        for c in clients:
            await c.close()
        other.stop()
        lead.stop() if lead.proc and lead.proc.poll() is None else None
        r.delete("lb:{vikings}")
        r.close()


@pytest.mark.parametrize("withdrawn", [True, False])
async def test_an_intent_left_by_a_dead_matcher_is_finished_or_dropped(server, sync_redis, withdrawn) -> None:
    a, b = [await Client(server.url, name=n).connect() for n in ("a", "b")]
    try:
        # a matcher wrote its intent and marked the tickets, then died before the room
        for c in (a, b):
            sync_redis.hset(ticket_key(c.player), mapping={
                "queue": QUEUE, "node": "gone", "name": "n", "game": "highcard", "players": "2",
                "options": '{"bonus": 2}', "rating": "0", "since": "1", "match": "feedc0ffee"})  # fmt: skip
        sync_redis.hset(match_key("feedc0ffee"), mapping={"players": f'["{a.player}", "{b.player}"]', "bots": 0,
                                                        "queue": QUEUE})  # fmt: skip
        if withdrawn:
            sync_redis.delete(ticket_key(b.player))
        sync_redis.sadd(PENDING, "feedc0ffee")
        for _ in range(100):
            if not sync_redis.sismember(PENDING, "feedc0ffee"):
                break
            await asyncio.sleep(0.05)
        assert not sync_redis.sismember(PENDING, "feedc0ffee")
        made = sync_redis.exists("room:{feedc0ffee}:doc")
        if withdrawn:  # the room never existed: a goes back to its queue
            assert not made and sync_redis.zscore(QUEUE, a.player) == 1.0
            assert sync_redis.hget(ticket_key(a.player), "match") is None
        else:
            assert made and not sync_redis.exists(ticket_key(a.player))
    finally:
        await a.close()
        await b.close()
        sync_redis.delete(QUEUE)


async def test_bot_fill_seats_a_lone_player_with_bots_who_play(own_redis, tmp_path) -> None:
    node = ServerProc(tmp_path / "n", own_redis, LONGHALL_BOT_FILL="0.5").start()
    c = await Client(node.url, name="lone").connect()
    try:
        t0 = time.monotonic()
        mirror = await c.queue("highcard", 3, {"bonus": 0}, timeout=20)
        assert time.monotonic() - t0 >= 0.4
        seats = mirror.view["seats"]
        assert mirror.seat == 0 and [bool(s.get("bot")) for s in seats] == [False, True, True]
        # (the bots bid beside the player: a bid sent on a seq they moved past is refused stale_seq and sent
        # again after a resync, as a client does)
        result = await play(c, mirror.room, random.Random(1))
        assert len(result["scores"]) == 3 and mirror.view["status"] == "over"
    finally:
        await c.close()
        node.stop()
