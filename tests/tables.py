"""Seating clients at a table of a real server, for the tests."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from clients.python.bot import play
from clients.python.client import Client
from protocol.diff import strict_equal


@dataclass
class Table:
    room: str
    players: list[Client]
    spectators: list[Client] = field(default_factory=list)

    @property
    def everyone(self) -> list[Client]:
        return [*self.players, *self.spectators]


@contextlib.asynccontextmanager
async def table(
    urls: str | list[str],
    players: int,
    spectators: int = 1,
    game: str = "highcard",
    options: dict[str, Any] | None = None,
    record: bool = False,
    start: bool = True,
    clock: dict[str, Any] | None = None,
    spectator_delay: dict[str, Any] | None = None,
) -> AsyncIterator[Table]:
    """Players (round-robin over `urls`) seated in a new room, spectators watching."""
    urls = [urls] if isinstance(urls, str) else urls
    clients: list[Client] = []
    try:
        for i in range(players + spectators):
            clients.append(await Client(urls[i % len(urls)], name=f"c{i}", record=record).connect())
        host, *rest = clients[:players]
        room = (await host.create(game, options, seats=players, clock=clock, spectator_delay=spectator_delay)).room
        for c in rest:
            await c.join(room)
        for c in clients[players:]:
            await c.spectate(room)
        if start:
            await host.start(room)
        seq = host.rooms[room].seq
        for c in clients:
            await c.wait_until(lambda c=c: c.rooms[room].seq >= seq)
        yield Table(room, clients[:players], clients[players:])
    finally:
        for c in clients:
            await c.close()


async def play_to_the_end(t: Table, seed: int, timeout: float = 120.0) -> tuple[Any, dict[str, Any]]:
    """Bots play every seat to the end; checks what holds for every game through the
    server: the first spectator's diff-built mirror equals a fresh snapshot, exactly one
    `over` reaches it carrying the result every player saw, and each score is the sum of
    its breakdown. Returns the spectator's mirror and the result."""
    results = await asyncio.gather(*(play(c, t.room, random.Random(seed + i)) for i, c in enumerate(t.players)))
    watcher = t.spectators[0]
    mirror = watcher.rooms[t.room]
    await watcher.wait_until(lambda: mirror.result is not None and mirror.view["status"] == "over", timeout)
    rebuilt, seq = copy.deepcopy(mirror.view), mirror.seq
    await watcher.resync(t.room)
    assert mirror.seq == seq and strict_equal(mirror.view, rebuilt)
    over = [f for f in mirror.frames if f["t"] == "over"]
    assert len(over) == 1 and all(r == over[0]["result"] for r in results)
    result = over[0]["result"]
    assert result["scores"] == [sum(b.values()) for b in result["breakdown"]]
    return mirror, result
