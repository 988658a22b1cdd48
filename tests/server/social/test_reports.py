"""Reporting (server.social.reports): a report is recorded with who sent it and listed
in the operators' console (/api/admin/reports), with the room's last chat messages kept
as they were said (the reporter is not answered with the spectators' ones); a player may
send only so many an hour."""

from __future__ import annotations

import httpx

from clients.python.client import Client
from server.social.reports import PER_HOUR
from tests.cluster import ServerProc
from tests.server.console.operators import bearer as operator
from tests.server.console.operators import operator_token


def bearer(c: Client) -> dict[str, str]:
    return {"Authorization": f"Bearer {c.token}"}


async def test_a_report_is_recorded_for_the_console(server: ServerProc, redis_url: str) -> None:
    me = await Client(server.url, name="reporter").connect()
    await me.close()
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        body = {"player": "rude01", "name": "Rude", "room": "abc123", "reason": "insults in chat"}
        made = await http.post("/api/reports", headers=bearer(me), json=body)
        assert made.status_code == 201
        assert (await http.post("/api/reports", json=body)).status_code == 401
        bad = await http.post("/api/reports", headers=bearer(me), json={"player": "rude01"})
        assert bad.status_code == 400
        token = await operator_token(redis_url, "carol")
        listed = (await http.get("/api/admin/reports", headers=operator(token))).json()["reports"]
        mine = [r for r in listed if r["by"] == me.player]
        assert [(r["player"], r["name"], r["room"], r["reason"]) for r in mine] == [
            ("rude01", "Rude", "abc123", "insults in chat")
        ]
        assert (await http.get("/api/admin/reports", headers=bearer(me))).status_code == 403


async def test_reports_are_limited_per_player(server: ServerProc) -> None:
    me = await Client(server.url, name="eager").connect()
    await me.close()
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        codes = []
        for i in range(PER_HOUR + 1):
            r = await http.post("/api/reports", headers=bearer(me), json={"player": f"p{i}", "reason": "spam"})
            codes.append(r.status_code)
        assert codes == [201] * PER_HOUR + [429]


async def test_a_report_keeps_the_rooms_chat_for_the_operators(server: ServerProc, redis_url: str) -> None:
    rude, me = await Client(server.url, name="Rude").connect(), await Client(server.url, name="Me").connect()
    watcher = await Client(server.url, name="Watcher").connect()
    try:
        room = (await rude.create("highcard", seats=2)).room
        await me.join(room)
        await watcher.spectate(room)
        await rude.chat(room, "you play like a goat")
        await watcher.chat(room, "spectators only")
        await me.chat(room, "please stop")
        body = {"player": rude.player, "name": "Rude", "room": room, "reason": "insults"}
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            made = (await http.post("/api/reports", headers=bearer(me), json=body)).json()
            assert "chat" not in made  # a seated reporter never reads the spectators' channel
            token = await operator_token(redis_url, "carol")
            listed = (await http.get("/api/admin/reports", headers=operator(token))).json()["reports"]
        kept = next(r for r in listed if r["by"] == me.player and r["room"] == room)["chat"]
        assert [(m["player"], m["channel"], m["seat"], m["text"]) for m in kept] == [
            (rude.player, "players", 0, "you play like a goat"),
            (watcher.player, "spectators", None, "spectators only"),
            (me.player, "players", 1, "please stop"),
        ]
    finally:
        for c in (rude, me, watcher):
            await c.close()
