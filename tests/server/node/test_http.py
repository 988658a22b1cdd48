"""The HTTP routes: health, games, public rooms with seats and spectators."""

from __future__ import annotations

import asyncio

import httpx

from clients.python.client import Client
from server.node import app as app_module
from tests.tables import table


async def test_health_and_games(server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        health = await http.get("/health")
        assert health.status_code == 200 and health.json()["ok"] is True
        games = {g["name"]: g for g in (await http.get("/api/games")).json()}
        assert games["highcard"]["players"] == [2, 4]
        assert games["highcard"]["options"][0] == {
            "name": "bonus", "choices": [0, 2], "default": 2, "doc": "bid bonus", "label": "", "labels": []
        }  # fmt: skip


async def test_public_rooms_list_seats_status_and_spectators(server, monkeypatch) -> None:
    async with (
        table(server.url, players=2, spectators=2, start=False) as t,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        hidden = await Client(server.url).connect()
        private = (await hidden.create("highcard", seats=3, private=True)).room
        deadline = asyncio.get_running_loop().time() + app_module.SWEEP_SECONDS * 3
        while True:
            rooms = {r["room"]: r for r in (await http.get("/api/rooms")).json()}
            if rooms.get(t.room, {}).get("spectators") == 2 or asyncio.get_running_loop().time() > deadline:
                break
            await asyncio.sleep(0.2)
        listed = rooms[t.room]
        assert (listed["game"], listed["status"], listed["seats"], listed["taken"]) == ("highcard", "open", 2, 2)
        assert listed["spectators"] == 2
        assert private not in rooms
        await t.players[0].start(t.room)
        rooms = {r["room"]: r for r in (await http.get("/api/rooms")).json()}
        assert rooms[t.room]["status"] == "playing"
        await hidden.close()


async def test_health_fails_when_redis_is_gone(tmp_path) -> None:
    from server.runtime.config import Settings
    from server.storage.embedded import free_port

    app = app_module.create_app(Settings(redis_url=f"redis://127.0.0.1:{free_port()}/0"))
    node = app.state.node
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
        # the lifespan is not run: the route answers from the unreachable redis alone
        assert (await http.get("/health")).status_code == 503
    await node.redis.aclose()
