"""How long a room's keys live in Redis: an open room expires a day after its last
change, a started game never; a finished one is archived (server/archive) and then
kept `archived_ttl` seconds; unarchived, it would keep its log for a week."""

from __future__ import annotations

import asyncio
import random

from clients.python.bot import play
from server.runtime.config import Settings
from server.storage.keys import keys
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
