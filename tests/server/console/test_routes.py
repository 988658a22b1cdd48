"""The console over HTTP (server.console.routes), on a real node: every route refuses a
request without an operator's token (401) or with a player's (403); with one, an
operator lists every room (private ones too), inspects one, ends a game as abandoned (and
the archive keeps it so), removes a player from a seat, closes a socket, revokes a
player, reads the queues and the figures, and finds each action written down with who
did it."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from clients.python.client import Client
from protocol.errors import CLOSE_REMOVED, CLOSE_REVOKED
from server.console.routes import routes
from tests.server.console.operators import bearer, operator_token

LONG = 30.0  # seconds for what the node does in the background (the archive, revocations)


@pytest.fixture
async def admin(server, redis_url: str) -> AsyncIterator[httpx.AsyncClient]:
    token = await operator_token(redis_url, "alice")
    async with httpx.AsyncClient(base_url=server.http, headers=bearer(token), timeout=30) as http:
        yield http


async def eventually(check: Any, timeout: float = LONG) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        got = await check()
        if got:
            return got
        assert asyncio.get_running_loop().time() < deadline, "never happened"
        await asyncio.sleep(0.2)


def every_route() -> list[tuple[str, str]]:
    """(method, url) of every console route, its path parameters filled in."""
    out = []
    for r in routes():
        url = re.sub(r"\{(\w+)(:\w+)?\}", "x", r.path)
        out += [(m, url) for m in sorted(r.methods or ()) if m != "HEAD"]
    return out


async def test_without_an_operators_token_every_route_is_refused(server, redis_url: str) -> None:
    player = await Client(server.url, reconnect=False).connect()
    revoked = await operator_token(redis_url, "mallory")
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
        assert (await http.post("/api/admin/players/op:mallory/revoke", headers=bearer(revoked))).status_code == 200
        assert len(every_route()) == 12
        for method, url in every_route():
            bare = await http.request(method, url)
            assert bare.status_code == 401 and bare.json()["error"] == "unauthorized", (method, url)
            assert bare.headers["www-authenticate"].startswith("Bearer")
            for token in ("nonsense", revoked):
                assert (await http.request(method, url, headers=bearer(token))).status_code == 401, (method, url)
            wrong = await http.request(method, url, headers={"Authorization": f"Basic {revoked}"})
            assert wrong.status_code == 401
            players = await http.request(method, url, headers=bearer(player.token or ""))
            assert players.status_code == 403 and players.json()["error"] == "forbidden", (method, url)
    await player.close()


async def test_an_operators_token_speaks_for_no_player(server, redis_url: str) -> None:
    token = await operator_token(redis_url, "alice")
    c = await Client(server.url, token=token, reconnect=False).connect()  # refused: it goes on as a guest
    assert c.player is not None and not c.player.startswith("op:")
    await c.close()


async def test_a_private_game_is_listed_inspected_and_ended_as_abandoned(server, admin: httpx.AsyncClient) -> None:
    host = await Client(server.url, name="Ann").connect()
    guest = await Client(server.url, name="Bo").connect()
    room = (await host.create("highcard", seats=2, private=True)).room
    await guest.join(room)
    await host.start(room)
    assert "private" not in str((await admin.get("/api/rooms")).json())  # not in the lobby
    listing = (await admin.get("/api/admin/rooms")).json()
    row = next(r for r in listing["rooms"] if r["room"] == room)
    assert (row["game"], row["status"], row["private"], row["here"]) == ("highcard", "playing", True, 2)
    assert [p["player"] for p in row["players"]] == [host.player, guest.player]
    assert row["seq"] == host.rooms[room].seq and row["host"] == host.player

    seen = (await admin.get(f"/api/admin/rooms/{room}")).json()
    assert seen["view"]["status"] == "playing" and seen["view"]["you"] is None and seen["seq"] == row["seq"]
    assert [e["k"] for e in seen["log"]] == ["create", "join", "start"]
    assert {s["player"] for s in seen["sockets"]} == {host.player, guest.player} and seen["node"] == listing["node"]

    ended = await admin.post(f"/api/admin/rooms/{room}/end")
    assert ended.status_code == 200 and ended.json() == {"room": room, "ended": True, "by": "op:alice"}
    await host.wait_until(lambda: host.rooms[room].view["status"] == "over")
    assert host.rooms[room].view["result"]["abandoned"] is True
    again = await admin.post(f"/api/admin/rooms/{room}/end")
    assert again.status_code == 409 and again.json()["error"] == "game_over"
    missing = await admin.post("/api/admin/rooms/nosuchroom/end")
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_room"
    assert (await admin.get("/api/admin/rooms/nosuchroom")).status_code == 404

    async def archived() -> bool:
        page = (await admin.get(f"/api/players/{guest.player}")).json()
        return any(g["room"] == room and g["status"] == "abandoned" for g in page.get("recent", []))

    await eventually(archived)
    for c in (host, guest):
        await c.close()


async def test_a_player_is_removed_from_a_room_not_started(server, admin: httpx.AsyncClient) -> None:
    host = await Client(server.url, name="Ann").connect()
    guest = await Client(server.url, name="Bo").connect()
    room = (await host.create("highcard", seats=2)).room
    await guest.join(room)
    removed = await admin.post(f"/api/admin/rooms/{room}/players/{guest.player}/remove")
    assert removed.status_code == 200 and removed.json()["seat"] == 1
    await host.wait_until(lambda: host.rooms[room].view["seats"][1] is None)
    assert host.rooms[room].view["banned"] == [{"player": guest.player, "name": "Bo"}]
    twice = await admin.post(f"/api/admin/rooms/{room}/players/{guest.player}/remove")
    assert twice.status_code == 409 and twice.json()["error"] == "not_seated"
    await host.add_bot(room)
    await host.start(room)
    started = await admin.post(f"/api/admin/rooms/{room}/players/{host.player}/remove")
    assert started.status_code == 409 and started.json()["error"] == "already_started"
    for c in (host, guest):
        await c.close()


async def test_a_socket_is_closed(server, admin: httpx.AsyncClient) -> None:
    c = await Client(server.url, reconnect=False).connect()
    listed = (await admin.get("/api/admin/sockets", params={"player": c.player})).json()
    assert [s["player"] for s in listed["sockets"]] == [c.player]
    socket = listed["sockets"][0]["socket"]
    everyone = (await admin.get("/api/admin/sockets")).json()["sockets"]
    assert socket in {s["socket"] for s in everyone}
    closed = await admin.post(f"/api/admin/sockets/{socket}/close")
    assert closed.status_code == 200 and closed.json()["player"] == c.player
    assert c.ws is not None
    await asyncio.wait_for(c.ws.wait_closed(), LONG)
    assert c.ws.close_code == CLOSE_REMOVED
    gone = await admin.post(f"/api/admin/sockets/{socket}/close")
    assert gone.status_code == 409
    await c.close()


async def test_a_socket_of_another_node_is_closed_by_that_node(two_nodes, redis_url: str) -> None:
    a, b = two_nodes
    c = await Client(b.url, reconnect=False).connect()
    token = await operator_token(redis_url, "alice")
    async with (
        httpx.AsyncClient(base_url=a.http, headers=bearer(token), timeout=30) as on_a,
        httpx.AsyncClient(base_url=b.http, headers=bearer(token), timeout=30) as on_b,
    ):
        assert (await on_a.get("/api/admin/sockets", params={"player": c.player})).json()["sockets"] == []
        listed = (await on_b.get("/api/admin/sockets", params={"player": c.player})).json()
        socket = listed["sockets"][0]["socket"]
        assert socket.startswith(f"{listed['node']}.")
        asked = await on_a.post(f"/api/admin/sockets/{socket}/close")
        assert asked.status_code == 202
        assert asked.json() == {"socket": socket, "node": listed["node"], "asked": True, "closed": False,
                                "by": "op:alice"}  # fmt: skip
        assert c.ws is not None
        await asyncio.wait_for(c.ws.wait_closed(), LONG)
        assert c.ws.close_code == CLOSE_REMOVED
        latest = (await on_b.get("/api/admin/actions", params={"limit": 1})).json()["actions"][0]
        node_a = (await on_a.get("/api/admin")).json()["node"]
        assert {k: latest[k] for k in ("action", "target", "outcome", "node")} == {
            "action": "close", "target": socket, "outcome": "asked", "node": node_a
        }  # fmt: skip
    await c.close()


async def test_a_player_is_revoked(server, admin: httpx.AsyncClient) -> None:
    c = await Client(server.url, reconnect=False).connect()
    revoked = await admin.post(f"/api/admin/players/{c.player}/revoke")
    assert revoked.status_code == 200 and revoked.json()["by"] == "op:alice"
    assert c.ws is not None
    await asyncio.wait_for(c.ws.wait_closed(), LONG)
    assert c.ws.close_code == CLOSE_REVOKED
    await c.close()


async def test_queues_figures_and_the_actions_written_down(server, admin: httpx.AsyncClient) -> None:
    waiting = await Client(server.url, name="Queuer").connect()
    await waiting._request({"t": "queue", "game": "highcard", "players": 4}, {"queued"})
    queues = (await admin.get("/api/admin/queues")).json()
    mine = [q for q in queues["queues"] if any(t["player"] == waiting.player for t in q["tickets"])]
    assert len(mine) == 1 and (mine[0]["game"], mine[0]["players"]) == ("highcard", 4)
    assert next(t for t in mine[0]["tickets"] if t["player"] == waiting.player)["name"] == "Queuer"
    await waiting.unqueue("highcard", 4)

    figures = (await admin.get("/api/admin/metrics")).json()
    assert figures["connections"] >= 1 and figures["commits"].get("create", 0) >= 1
    shown = {"rooms_playing", "rooms_correspondence", "rooms_open", "sockets_seated", "commit_seconds_mean", "node"}
    assert shown <= set(figures)

    await admin.post("/api/admin/rooms/nosuchroom/end")
    latest = (await admin.get("/api/admin/actions", params={"limit": 1})).json()["actions"]
    assert len(latest) == 1
    assert {k: latest[0][k] for k in ("by", "action", "target", "outcome")} == {
        "by": "op:alice", "action": "end", "target": "nosuchroom", "outcome": "unknown_room"
    }  # fmt: skip
    assert (await admin.get("/api/admin/actions", params={"limit": "x"})).status_code == 400
    me = (await admin.get("/api/admin")).json()
    assert me == {"operator": "op:alice", "node": figures["node"]}
    await waiting.close()
