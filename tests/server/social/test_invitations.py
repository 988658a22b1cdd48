"""Invitations to a room (server.social.invitations): told at once to the invited
player's sockets on another node, kept for a player who is not online and read over
HTTP, taken up by joining (and gone then), declined over HTTP, and limited per minute."""

from __future__ import annotations

import httpx
import pytest

from clients.python.client import Client, ServerError
from server.social.invitations import PER_MINUTE
from tests.cluster import ServerProc


def bearer(c: Client) -> dict[str, str]:
    return {"Authorization": f"Bearer {c.token}"}


async def test_an_online_player_is_told_on_their_node_and_joins(two_nodes: list[ServerProc]) -> None:
    a, b = two_nodes
    host = await Client(a.url, name="host").connect()
    guest = await Client(b.url, name="guest").connect()  # on the other node
    try:
        room = (await host.create("highcard", seats=2)).room
        assert await host.invite(room, guest.player) is True
        await guest.wait_until(lambda: any(i["room"] == room for i in guest.invitations))
        told = next(i for i in guest.invitations if i["room"] == room)
        assert (told["player"], told["name"], told["game"]) == (host.player, "host", "highcard")
        async with httpx.AsyncClient(base_url=b.http, timeout=30) as http:
            listed = (await http.get("/api/invitations", headers=bearer(guest))).json()["invitations"]
            assert [i["room"] for i in listed] == [room]
            mirror = await guest.join(room)  # accepting is joining
            assert mirror.seat == 1
            after = (await http.get("/api/invitations", headers=bearer(guest))).json()["invitations"]
            assert after == []
    finally:
        await host.close()
        await guest.close()


async def test_an_offline_player_finds_it_listed_and_may_decline(server: ServerProc) -> None:
    host = await Client(server.url, name="host").connect()
    away = await Client(server.url, name="away").connect()
    await away.close()  # their token stays good: they come back later
    try:
        room = (await host.create("highcard", seats=3)).room
        assert await host.invite(room, away.player) is False  # nobody to tell now
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            assert (await http.get("/api/invitations")).status_code == 401
            listed = (await http.get("/api/invitations", headers=bearer(away))).json()["invitations"]
            assert [(i["room"], i["player"], i["name"]) for i in listed] == [(room, host.player, "host")]
            assert (await http.delete(f"/api/invitations/{room}", headers=bearer(away))).json()["declined"]
            assert (await http.get("/api/invitations", headers=bearer(away))).json()["invitations"] == []
            assert (await http.delete(f"/api/invitations/{room}", headers=bearer(away))).status_code == 404
    finally:
        await host.close()


async def test_invitations_are_limited_and_only_to_a_room_not_started(server: ServerProc) -> None:
    host = await Client(server.url, name="host").connect()
    host.resends = 0  # see the refusals rather than sending again
    try:
        room = (await host.create("highcard", seats=2)).room
        with pytest.raises(ServerError) as me:
            await host.invite(room, host.player)
        assert me.value.code == "bad_field"
        codes = []
        for i in range(PER_MINUTE + 2):
            try:
                await host.invite(room, f"someone{i}")
            except ServerError as exc:
                codes.append(exc.code)
        assert codes == ["rate_limited", "rate_limited"]
        stranger = await Client(server.url).connect()
        with pytest.raises(ServerError) as outside:
            await stranger.invite(room, host.player)
        assert outside.value.code == "not_in_room"
        await stranger.close()
    finally:
        await host.close()
