"""End to end: four bot clients play a whole advanced game through a real server while a
spectator watches; the spectator's diff-built mirror equals a fresh snapshot, and the
`over` message carries the engine's result."""

from __future__ import annotations

import asyncio
import copy
import random

import msgpack

from clients.python.bot import play
from protocol.diff import strict_equal
from tests.tables import table


async def test_four_bots_play_an_advanced_game_with_a_spectator(server) -> None:
    # V-30 / V-98 / VA-21 through the server: the whole game, the result to everyone.
    options = {"variant": "advanced"}
    async with table(server.url, players=4, spectators=1, game="vikings", options=options, record=True) as t:
        results = await asyncio.gather(
            *(play(c, t.room, random.Random(7 + i)) for i, c in enumerate(t.players))
        )
        watcher = t.spectators[0]
        mirror = watcher.rooms[t.room]
        await watcher.wait_until(lambda: mirror.result is not None, timeout=60)
        await watcher.wait_until(lambda: mirror.view["status"] == "over", timeout=60)
        rebuilt, seq = copy.deepcopy(mirror.view), mirror.seq
        await watcher.resync(t.room)
        assert mirror.seq == seq and strict_equal(mirror.view, rebuilt)
        over = [f for f in mirror.frames if f["t"] == "over"]
        assert len(over) == 1 and all(r == over[0]["result"] for r in results)
        result = over[0]["result"]
        assert result["scores"] == [sum(b.values()) for b in result["breakdown"]]
        assert mirror.view["table"]["round"] == 6 and mirror.view["table"]["over"]
        assert result["winners"] and set(result["winners"]) <= {0, 1, 2, 3}
        for client in t.everyone:  # VA-21: the bag, stacks, pile and rng never leave the server
            frames = msgpack.packb(client.rooms[t.room].frames)
            assert all(word not in frames for word in (b"bag", b"stacks", b"pile", b"rng", b"hidden"))
