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
            await host.add_bot(t.room, 1)
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


async def test_a_removed_player_stays_out_until_the_host_lets_them_back(server) -> None:
    """Issue #36: a kicked player could sit down again at once. The host's removal bans
    them from the room's seats (`banned`, shown in the view) until the host says `unban`."""
    async with table(server.url, players=3, spectators=0, start=False) as t:
        host, b, c = t.players
        await host.kick(t.room, 1)
        assert host.rooms[t.room].view["banned"] == [{"player": b.player, "name": "c1"}]
        await b.wait_until(lambda: t.room not in b.rooms)
        assert await code_of(b.join(t.room)) == "banned"
        assert await code_of(b.join(t.room, seat=1)) == "banned"
        await b.spectate(t.room)  # out of the seats, not out of sight
        assert await code_of(c.unban(t.room, b.player)) == "not_host"
        assert await code_of(host.unban(t.room, c.player)) == "bad_field"  # c is not banned
        await host.unban(t.room, b.player)
        assert host.rooms[t.room].view["banned"] == []
        await b.leave(t.room)
        await b.join(t.room, seat=1)
        await host.start(t.room)


async def test_a_removed_bot_is_not_banned(server) -> None:
    host = await Client(server.url, name="h").connect()
    try:
        room = (await host.create("highcard", seats=2)).room
        await host.add_bot(room, 1)
        await host.kick(room, 1)
        assert host.rooms[room].view["banned"] == [] and host.rooms[room].view["seats"][1] is None
    finally:
        await host.close()
