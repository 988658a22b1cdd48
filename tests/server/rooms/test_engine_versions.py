"""Engine versions pinned per room (server.games.registry.engine): a room records the
engine version it was created with and is played, replayed and checked on that version
for good, on any node that still has it; a node without it refuses the room clearly.

The test game's version 2 changes a rule (T-2: a bid is 0 to 2 tricks, no longer 0 to 3).
A game in play and a game archived before the change are both unaffected by it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from clients.python.client import Client, ServerError
from tests.cluster import ServerProc
from tests.tables import play_to_the_end, table

V1, BOTH, V2 = "tests.toygame:GAME", "tests.toygame:GAME,tests.toygame:GAME_V2", "tests.toygame:GAME_V2"


@contextmanager
def node(data: Path, redis_url: str, games: str) -> Iterator[ServerProc]:
    proc = ServerProc(data, redis_url, args=("--local-archive",), LONGHALL_EXTRA_GAMES=games,
                      LONGHALL_ARCHIVED_TTL="1").start()  # fmt: skip
    try:
        yield proc
    finally:
        proc.stop()


async def read(http: httpx.AsyncClient, path: str, **params: int) -> httpx.Response:
    """A read of the archive, once the node has opened it (503 until then)."""
    for _ in range(600):
        got = await http.get(path, params=params)
        if got.status_code != 503:
            return got
        await asyncio.sleep(0.1)
    raise AssertionError(f"the archive never opened: {got.text}")


async def archived(http: httpx.AsyncClient, room: str) -> dict:
    for _ in range(600):  # the node archives a finished game at once; it leaves Redis a second later
        got = (await http.get(f"/api/rooms/{room}/replay")).json()
        if got.get("source") == "archive":
            return got
        await asyncio.sleep(0.1)
    raise AssertionError(f"{room} was not archived")


async def started(url: str, names: tuple[str, str]) -> tuple[Client, Client, str]:
    """Two players at a started table of the test game: the host, the guest, the room."""
    host, guest = Client(url, name=names[0]), Client(url, name=names[1])
    await host.connect()
    await guest.connect()
    room = (await host.create("highcard", seats=2)).room
    await guest.join(room)
    await host.start(room)
    await host.wait_until(lambda: host.rooms[room].seq >= 1)
    await guest.wait_until(lambda: guest.rooms[room].seq >= 1)
    return host, guest, room


async def test_a_game_in_play_and_an_archived_game_keep_the_rules_they_began_with(own_redis, tmp_path) -> None:
    data = tmp_path / "node"
    data.mkdir()
    with node(data, own_redis, V1) as n1:
        async with table(n1.url, players=2, spectators=1, record=True) as done:
            _, result = await play_to_the_end(done, seed=3)
        async with httpx.AsyncClient(base_url=n1.http, timeout=30) as http:
            assert (await http.get("/api/games")).json()[0]["version"] == 1
            first = await archived(http, done.room)
        assert first["engine"] == 1 and first["result"] == result
        a, b, room = await started(n1.url, ("a", "b"))
        await a.move(room, {"type": "bid", "n": 3})  # T-2 of version 1: 0 to 3 tricks
        tokens = [a.token, b.token]
        await a.close()
        await b.close()

    with node(data, own_redis, BOTH) as n2:
        async with httpx.AsyncClient(base_url=n2.http, timeout=30) as http:
            assert [g["version"] for g in (await http.get("/api/games")).json() if g["name"] == "highcard"] == [2]
            steps = (await read(http, f"/api/rooms/{done.room}/steps", count=100)).json()
            assert steps["total"] == len(first["moves"])  # every archived decision replays on version 1
            check = (await read(http, f"/api/rooms/{done.room}/replay/check")).json()
            assert check["ok"] and check["source"] == "archive" and check["engine"] == 1, check
        b = Client(n2.url, name="b", token=tokens[1])
        await b.connect()
        await b.join(room)
        await b.move(room, {"type": "bid", "n": 3})  # the room in play keeps version 1's T-2
        assert b.rooms[room].view["table"]["bids"] == [3, 3]
        fresh_host, guest, fresh = await started(n2.url, ("c", "d"))
        with pytest.raises(ServerError) as refused:  # a new room is on version 2
            await fresh_host.move(fresh, {"type": "bid", "n": 3})
        assert refused.value.code == "illegal_move" and refused.value.rule == "T-2"  # T-2 of version 2
        await fresh_host.move(fresh, {"type": "bid", "n": random.choice([0, 1, 2])})
        for c in (b, fresh_host, guest):
            await c.close()

    with node(data, own_redis, V2) as n3:  # a node without version 1
        a = Client(n3.url, name="a", token=tokens[0])
        await a.connect()
        with pytest.raises(ServerError) as missing:
            await a.join(room)
        assert missing.value.code == "engine_missing" and "version 1" in missing.value.detail
        await a.close()
        async with httpx.AsyncClient(base_url=n3.http, timeout=30) as http:
            check = await read(http, f"/api/rooms/{done.room}/replay/check")
            assert check.status_code == 409 and "version 1" in check.json()["error"]
