"""Two server processes on one Redis serve one room together."""

from __future__ import annotations

import asyncio
import random

from clients.python.bot import play
from protocol.diff import strict_equal
from tests.cluster import ServerProc
from tests.tables import table


async def test_players_on_different_nodes_play_together(two_nodes: list[ServerProc]) -> None:
    urls = [n.url for n in two_nodes]
    for game in range(3):
        # players alternate between the nodes; spectators too (players + spectators = 6)
        async with table(urls, players=4, spectators=2) as t:
            assert {c.url for c in t.players} == set(urls)
            finals = await asyncio.gather(
                *(play(c, t.room, random.Random(game * 10 + i)) for i, c in enumerate(t.players))
            )
            assert all(f == finals[0] for f in finals)
            for c in t.spectators:
                await c.wait_until(lambda c=c: c.rooms[t.room].result is not None)
            for c in t.everyone:
                mirror = c.rooms[t.room]
                await c.wait_until(lambda m=mirror: m.seq == t.players[0].rooms[t.room].seq)
                rebuilt = mirror.view
                await c.resync(t.room)
                assert strict_equal(mirror.view, rebuilt)
