"""A rematch after a game (server.social.rematch): every seat says yes and the new room
starts with the same game, options and clock and the seats rotated by one; a no cancels
it; the deadline passing (the node's clock moved by a file) cancels it too. Spectators
hear every step on the finished room's channel, over two nodes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest
import redis

from clients.python.bot import play
from clients.python.client import Client, ServerError
from server.social.rematch import WAIT
from server.storage.keys import keys
from tests.cluster import ServerProc
from tests.server.play.test_correspondence import Time
from tests.tables import Table, table


async def finish(t: Table) -> None:
    rng = random.Random(7)
    for p in t.players:
        await p.wait_until(lambda p=p: p.rooms[t.room].view.get("status") == "playing" or p.rooms[t.room].result)
    await asyncio.gather(*(play(p, t.room, rng) for p in t.players))
    for c in t.everyone:
        await c.wait_until(lambda c=c: c.rooms[t.room].result is not None)


@pytest.fixture
def moved(tmp_path: Path) -> Time:
    return Time(tmp_path / "clock-offset")


@pytest.fixture
def nodes(own_redis: str, tmp_path: Path, moved: Time) -> Iterator[list[ServerProc]]:
    made = [ServerProc(tmp_path / f"n{i}", own_redis, LONGHALL_CLOCK_FILE=str(moved.path)).start() for i in range(2)]
    yield made
    for n in made:
        n.stop()


def document(url: str, room: str) -> dict:
    return msgpack.unpackb(redis.Redis.from_url(url).hget(keys(room)[0], "doc"), raw=False)


async def test_every_yes_starts_the_same_game_with_the_seats_rotated(nodes: list[ServerProc], own_redis: str) -> None:
    options = {"bonus": 0}
    async with table([n.url for n in nodes], players=3, spectators=1, options=options,
                     clock={"per_move": 60}) as t:  # fmt: skip
        await finish(t)
        before = [(s["player"], s["name"]) for s in t.players[0].rooms[t.room].view["seats"]]
        first = await t.players[1].rematch(t.room)  # offers it
        assert first["state"] == "open" and first["accepted"] == [t.players[1].player]
        assert [(s["player"], s["name"]) for s in first["seats"]] == before[1:] + before[:1]
        await t.players[2].rematch(t.room)
        await t.players[0].rematch(t.room)  # the last yes
        for c in t.everyone:  # spectators too, on both nodes
            await c.wait_until(lambda c=c: c.rematches.get(t.room, {}).get("state") == "started")
        new = t.spectators[0].rematches[t.room]["new"]
        assert {c.rematches[t.room]["new"] for c in t.everyone} == {new}
        again = await t.players[1].rematch(t.room)  # a yes after the start: told the same room
        assert (again["state"], again["new"]) == ("started", new)
        seats = []
        for p in t.players:
            mirror = await p.join(new)  # the seat held for them
            seats.append(mirror.seat)
            assert mirror.view["status"] == "playing"
        assert seats == [2, 0, 1]  # seat 1 opens the new game, seat 0 sits last
        old, doc = document(own_redis, t.room), document(own_redis, new)
        assert [s["player"] for s in doc["seats"]] == [p for p, _ in before[1:] + before[:1]]
        assert (doc["game"], doc["options"], doc["clock_setting"]) == (
            old["game"],
            old["options"],
            old["clock_setting"],
        )
        assert doc["options"]["bonus"] == 0


async def test_a_no_cancels_it_and_later_answers_are_refused(nodes: list[ServerProc]) -> None:
    async with table([n.url for n in nodes], players=2, spectators=1) as t:
        await finish(t)
        await t.players[0].rematch(t.room)
        with pytest.raises(ServerError) as early:
            await t.spectators[0].rematch(t.room)
        assert early.value.code == "not_seated"
        await t.players[1].rematch(t.room, accept=False)
        for c in t.everyone:
            await c.wait_until(lambda c=c: c.rematches.get(t.room, {}).get("state") == "declined")
            assert c.rematches[t.room]["by"] == t.players[1].player
        with pytest.raises(ServerError) as late:
            await t.players[0].rematch(t.room)
        assert late.value.code == "rematch_closed"


async def test_not_before_the_end_and_not_past_the_deadline(nodes: list[ServerProc], moved: Time) -> None:
    async with table(nodes[0].url, players=2, spectators=1) as t:
        with pytest.raises(ServerError) as early:
            await t.players[0].rematch(t.room)
        assert early.value.code == "not_over"
        await finish(t)
        await t.players[0].rematch(t.room)
        moved.advance((WAIT + 1) * 1000)
        for c in t.everyone:  # a node's sweep settles it as expired and tells the room
            await c.wait_until(lambda c=c: c.rematches.get(t.room, {}).get("state") == "expired")
        with pytest.raises(ServerError) as late:
            await t.players[1].rematch(t.room)
        assert late.value.code == "rematch_closed"


async def test_bots_say_yes_at_once(nodes: list[ServerProc]) -> None:
    host = await Client(nodes[0].url, name="solo").connect()
    try:
        room = (await host.create("highcard", {"bonus": 2}, seats=2)).room
        await host.add_bot(room, 1)
        await host.start(room)
        await play(host, room, random.Random(3))
        said = await host.rematch(room)
        assert said["state"] == "started"  # the only human said yes
        mirror = await host.join(said["new"])
        assert mirror.seat == 1
        assert mirror.view["seats"][0].get("bot")
    finally:
        await host.close()
