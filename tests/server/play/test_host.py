"""The room's host (its creator) starts it and may remove a player before the start."""

from __future__ import annotations

import pytest

from clients.python.client import Client, ServerError
from tests.tables import table


async def code_of(coro) -> str:
    with pytest.raises(ServerError) as err:
        await coro
    return err.value.code


async def test_only_the_host_starts_the_room(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        assert guest.rooms[t.room].view["host"] == host.player
        assert await code_of(guest.start(t.room)) == "not_host"
        assert guest.rooms[t.room].view["status"] == "open"
        await host.start(t.room)
        assert host.rooms[t.room].view["status"] == "playing"


async def test_host_removes_a_player_whose_sockets_all_leave(server) -> None:
    async with table(server.url, players=3, spectators=0, start=False) as t:
        host, b, c = t.players
        b2 = await Client(server.url, token=b.token).connect()  # b's second socket
        try:
            await b2.join(t.room)
            assert await code_of(c.kick(t.room, 1)) == "not_host"
            assert await code_of(host.kick(t.room, 0)) == "bad_field"  # leave instead
            await host.kick(t.room, 1)
            assert host.rooms[t.room].view["seats"][1] is None
            for sock in (b, b2):
                await sock.wait_until(lambda sock=sock: t.room not in sock.rooms)
            assert await code_of(b._request({"t": "resync", "room": t.room, "seq": 0}, {"snapshot"})) == "not_in_room"
            await b.join(t.room, seat=1)  # a removed player is not banned
            await host.start(t.room)
            assert await code_of(host.kick(t.room, 1)) == "already_started"
        finally:
            await b2.close()


async def test_a_host_who_leaves_hands_the_room_on(server) -> None:
    async with table(server.url, players=2, spectators=0, start=False) as t:
        host, guest = t.players
        await host.leave(t.room)
        await guest.wait_until(lambda: guest.rooms[t.room].view["host"] == guest.player)
        await host.join(t.room)
        await guest.start(t.room)
