"""A dropped client gets its seat back with its token; a re-sent move id is applied once."""

from __future__ import annotations

import asyncio
import random

import msgpack

from clients.python.bot import play
from clients.python.client import Client
from tests.tables import table


async def test_drop_and_reconnect_resumes_the_seat(server) -> None:
    async with table(server.url, players=2, spectators=1) as t:
        a, b = t.players
        player = a.player
        await a.move(t.room, {"type": "bid", "n": 1})
        await a.drop()  # the socket dies under the client
        await a.wait_until(lambda: a.reconnects == 1, timeout=20)
        assert a.player == player and a.token  # the same player (each welcome brings a fresh token)
        assert a.rooms[t.room].seat == 0
        finals = await asyncio.gather(play(a, t.room, random.Random(1)), play(b, t.room, random.Random(2)))
        assert finals[0] == finals[1]


async def test_a_fresh_connection_with_the_token_is_the_same_player(server) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        a = t.players[0]
        again = await Client(server.url, token=a.token).connect()
        try:
            assert again.player == a.player
            mirror = await again.join(t.room)
            assert mirror.seat == 0
        finally:
            await again.close()


async def test_resent_move_id_is_applied_once(server, sync_redis) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        a, b = t.players
        seq = a.rooms[t.room].seq
        first = await a.move(t.room, {"type": "bid", "n": 2}, move_id="bid-1", seq=seq)
        again = await a.move(t.room, {"type": "bid", "n": 2}, move_id="bid-1", seq=seq)  # stale seq, same id
        assert first == again == seq + 1
        await b.move(t.room, {"type": "bid", "n": 0}, seq=seq + 1)
        third = await a.move(t.room, {"type": "bid", "n": 3}, move_id="bid-1", seq=seq)
        assert third == first  # still the first outcome, not a new bid
        entries = sync_redis.xrange(f"room:{{{t.room}}}:log")
        ids = [msgpack.unpackb(e[b"entry"]).get("id") for _, e in entries]
        assert ids.count("bid-1") == 1
        assert a.rooms[t.room].view["table"]["my_bid"] == 2


async def test_move_in_flight_during_a_drop_is_resent_and_applied_once(server, sync_redis) -> None:
    async with table(server.url, players=2, spectators=0) as t:
        a = t.players[0]
        seq = a.rooms[t.room].seq
        sending = asyncio.create_task(a.move(t.room, {"type": "bid", "n": 1}, move_id="flying", seq=seq))
        await asyncio.sleep(0)  # the frame leaves, then the socket dies before or after the ok
        await a.drop()
        assert await asyncio.wait_for(sending, 30) == seq + 1
        entries = sync_redis.xrange(f"room:{{{t.room}}}:log")
        assert [msgpack.unpackb(e[b"entry"]).get("id") for _, e in entries].count("flying") == 1
