"""How long a room's keys live in Redis: an open room expires a day after its last
change, a started game never; a finished one is archived (server/archive) and then
kept `archived_ttl` seconds; unarchived, it would keep its log for a week."""

from __future__ import annotations

import asyncio
import random

import pytest
from redis import Redis

from clients.python.bot import play
from clients.python.client import Client, ServerError
from server.runtime.config import Settings
from server.storage.keys import keys
from tests.cluster import ServerProc
from tests.tables import table


def ttls(r, room: str) -> set[int]:
    return {r.ttl(k) for k in keys(room)[:4]}  # doc, log, ids, meta (ids appear with the first move)


async def test_room_keys_expire_by_status(server, sync_redis) -> None:
    day, week = Settings().open_ttl, Settings().finished_ttl
    async with table(server.url, players=2, spectators=0, start=False) as t:
        open_ttls = ttls(sync_redis, t.room) - {-2}
        assert open_ttls and all(day - 60 < x <= day for x in open_ttls)
        await t.players[0].start(t.room)
        assert ttls(sync_redis, t.room) - {-2} == {-1}  # a game in play never expires
        a, b = t.players
        await asyncio.gather(play(a, t.room, random.Random(1)), play(b, t.room, random.Random(2)))
        meta = keys(t.room)[3]
        for _ in range(200):  # the archiver marks the room once the archive holds it
            if sync_redis.hget(meta, "archived"):
                break
            await asyncio.sleep(0.05)
        done = ttls(sync_redis, t.room)
        assert all(0 < x <= Settings().archived_ttl < week for x in done)


async def test_an_open_room_takes_a_bounded_number_of_changes_before_its_start(own_redis, tmp_path) -> None:
    """Issue #36, hole 4: joins and leaves in a loop grew an open room's log without end.
    Past `LONGHALL_OPEN_CHANGES` changes an open room refuses any change but its start
    (`log_full`), so its log stops growing; the start is still taken, and a game in play
    is never stopped by it."""
    node = ServerProc(tmp_path / "n", own_redis, LONGHALL_OPEN_CHANGES="11").start()
    r = Redis.from_url(own_redis)
    host, guest = [await Client(node.url, name=n).connect() for n in ("h", "g")]
    try:
        room = (await host.create("highcard", seats=2)).room
        refused = None
        for _ in range(20):
            try:
                await guest.join(room)
                await guest.leave(room)
            except ServerError as exc:
                refused = exc.code
                break
        assert refused == "log_full"  # the sixth leave: the room has changed 11 times
        assert r.xlen(keys(room)[1]) == 12  # its creation and the 11 changes
        with pytest.raises(ServerError) as err:
            await host.kick(room, 1)
        assert err.value.code == "log_full"
        await guest.join(room)  # the guest kept the seat (taking it back changes nothing)
        await host.start(room)  # the game starts and plays on
        await asyncio.gather(play(host, room, random.Random(1)), play(guest, room, random.Random(2)))
    finally:
        await host.close()
        await guest.close()
        r.close()
        node.stop()
