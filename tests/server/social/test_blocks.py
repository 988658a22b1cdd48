"""Blocking (server.social.blocks): a blocked player may not sit down in the blocker's
room nor chat at their table, and their invitations no longer reach the blocker; an
unblock lifts it all. Blocks are kept per player over HTTP."""

from __future__ import annotations

import httpx
import pytest

from clients.python.client import Client, ServerError
from tests.cluster import ServerProc
from tests.tables import table


def bearer(c: Client) -> dict[str, str]:
    return {"Authorization": f"Bearer {c.token}"}


async def test_a_blocked_player_may_not_sit_down_nor_be_invited_by(server: ServerProc) -> None:
    host = await Client(server.url, name="host").connect()
    pest = await Client(server.url, name="pest").connect()
    try:
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            put = await http.put(f"/api/blocks/{pest.player}", headers=bearer(host), json={"name": "pest"})
            assert put.json() == {"player": pest.player, "name": "pest", "blocked": True}
            listed = (await http.get("/api/blocks", headers=bearer(host))).json()["blocks"]
            assert listed == [{"player": pest.player, "name": "pest"}]
            room = (await host.create("highcard", seats=3)).room
            with pytest.raises(ServerError) as refused:
                await pest.join(room)
            assert refused.value.code == "blocked"
            pest_room = (await pest.create("highcard", seats=2)).room
            with pytest.raises(ServerError) as invited:
                await pest.invite(pest_room, host.player)
            assert invited.value.code == "blocked"
            await http.delete(f"/api/blocks/{pest.player}", headers=bearer(host))
            assert (await http.get("/api/blocks", headers=bearer(host))).json()["blocks"] == []
            assert (await pest.join(room)).seat == 1  # unblocked: welcome again
    finally:
        await host.close()
        await pest.close()


async def test_a_blocked_player_may_not_chat_at_the_blockers_table(server: ServerProc) -> None:
    async with table(server.url, players=2, spectators=0) as t:  # matched before the block
        blocker, pest = t.players
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            await pest.chat(t.room, "hello")
            await http.put(f"/api/blocks/{pest.player}", headers=bearer(blocker), json={"name": "pest"})
            with pytest.raises(ServerError) as refused:
                await pest.chat(t.room, "you again")
            assert refused.value.code == "blocked"
            await blocker.chat(t.room, "quiet now")  # the blocker still speaks
            said = [m["text"] for m in blocker.rooms[t.room].chat["players"]]
            assert said == ["hello", "quiet now"]
            r = await http.put(f"/api/blocks/{blocker.player}", headers=bearer(blocker), json={})
            assert r.status_code == 400
