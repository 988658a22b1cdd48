"""A socket being attached to a room (server.rooms.service.attach, server.transport.session.Session.hold)
on real nodes, a real Redis and real sockets: a change committed while its snapshot is
being read reaches it after the snapshot.

The node reads the room for the snapshot; a commit made elsewhere in that moment is
published to the node before the answer of the read comes back. Its push used to be
dropped ("held back" until the snapshot, then older than nothing): the socket stayed one
change behind, and when that change made it the socket's turn, its player waited for
ever (seen in the node chaos soaks: two players of a table who rejoined after a node
restart each waited for the other). The relay (tests/relay.py) holds the answer of the
read back while the other node commits.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import redis

from clients.python.bot import my_turn
from clients.python.client import Client
from server.storage.keys import keys
from tests.cluster import ServerProc
from tests.relay import Relay


async def test_a_change_made_while_a_snapshot_is_read_follows_the_snapshot(own_redis: str, tmp_path: Path) -> None:
    direct = redis.Redis.from_url(own_redis)
    relay = await Relay(direct.connection_pool.connection_kwargs["port"]).start()
    here, there = await asyncio.gather(
        asyncio.to_thread(ServerProc(tmp_path / "here", relay.url).start),
        asyncio.to_thread(ServerProc(tmp_path / "there", own_redis).start),
    )
    players = [Client(there.url, name="a"), Client(there.url, name="b")]
    watcher = Client(here.url, name="w")
    try:
        for c in (*players, watcher):
            await c.connect()
        room = (await players[0].create("highcard", seats=2)).room
        await players[1].join(room)
        await players[0].start(room)
        seq = players[0].rooms[room].seq
        # spectating reads the room twice on its node: to refuse an unknown room, then for
        # the snapshot once subscribed; the answer to the second read is held
        relay.hold(keys(room)[0].encode(), reply=True, skip=1)
        spectating = asyncio.get_running_loop().create_task(watcher.spectate(room))
        await asyncio.wait_for(relay.held.wait(), 10)
        mover = next(c for c in players if my_turn(c, room))
        await mover.move(room, (await mover.legal(room))[0])  # seq + 1, published to both nodes
        await asyncio.sleep(1.5)  # its push reaches the watcher's node before the read's answer
        relay.release()
        mirror = await asyncio.wait_for(spectating, 10)
        await watcher.wait_until(lambda: mirror.seq == seq + 1, 10)
    finally:
        relay.release()
        for c in (*players, watcher):
            await c.close()
        await asyncio.gather(asyncio.to_thread(here.stop), asyncio.to_thread(there.stop))
        await relay.stop()
        direct.close()
