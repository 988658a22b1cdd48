"""Seating clients at a table of a real server, for the tests."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from clients.python.client import Client


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
) -> AsyncIterator[Table]:
    """Players (round-robin over `urls`) seated in a new room, spectators watching."""
    urls = [urls] if isinstance(urls, str) else urls
    clients: list[Client] = []
    try:
        for i in range(players + spectators):
            clients.append(await Client(urls[i % len(urls)], name=f"c{i}", record=record).connect())
        host, *rest = clients[:players]
        room = (await host.create(game, options, seats=players)).room
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
