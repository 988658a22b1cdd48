"""Storage cannot be exhausted by one player (#12 item 3): open rooms and games in play per
player, rooms created per minute per player and per IP, counted in Redis across nodes.

The findings reproduced: one connection created 698 started rooms in 10 s (solo games,
started at once, never expiring) and another about 2,400 open rooms in 15 s."""

from __future__ import annotations

from typing import Any

import pytest

from clients.python.client import Client, ServerError
from tests.cluster import ServerProc
from tests.wire import Tap


@pytest.fixture(scope="module")
def node(redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Any:
    n = ServerProc(tmp_path_factory.mktemp("quotas"), redis_url, LONGHALL_PLAYING_ROOMS="2").start()
    yield n
    n.stop()


async def refused(coro: Any, code: str) -> None:
    with pytest.raises(ServerError) as err:
        await coro
    assert err.value.code == code, err.value


async def test_open_rooms_per_player_hold_across_nodes(server, node) -> None:
    a = await Client(server.url, reconnect=False).connect()
    b = await Client(node.url, token=a.token, reconnect=False).connect()  # the same player, another node
    try:
        rooms = [(await (a, b)[i % 2].create("highcard", seats=2)).room for i in range(5)]
        await refused(a.create("highcard", seats=2), "too_many_rooms")
        await refused(b.create("highcard", seats=2), "too_many_rooms")
        other = await Client(node.url, reconnect=False).connect()  # someone else may create
        await other.create("highcard", seats=2)
        await other.close()
        await a.leave(rooms[0])  # an open room its host left (and nobody sits in) counts no more
        await a.create("highcard", seats=2)
    finally:
        await a.close()
        await b.close()


async def test_started_solo_games_per_player_are_capped(node) -> None:
    c = await Client(node.url, reconnect=False).connect()
    try:
        for _ in range(2):
            room = (await c.create("feast", seats=1)).room
            await c.start(room)
        await refused(c.create("feast", seats=1), "too_many_rooms")  # 2 games in play already
    finally:
        await c.close()


async def test_a_started_game_cannot_be_added_over_the_cap(node) -> None:
    c = await Client(node.url, reconnect=False).connect()
    try:
        rooms = [(await c.create("feast", seats=1)).room for _ in range(3)]
        await c.start(rooms[0])
        await c.start(rooms[1])
        await refused(c.start(rooms[2]), "too_many_rooms")
    finally:
        await c.close()


async def test_rooms_created_per_minute_per_player(node) -> None:
    c = await Client(node.url, reconnect=False).connect()
    try:
        for _ in range(10):  # each left at once: the open-room cap never binds
            await c.leave((await c.create("highcard", seats=2)).room)
        await refused(c.create("highcard", seats=2), "creating_too_fast")
    finally:
        await c.close()


async def test_rooms_created_per_minute_per_address(redis_url, tmp_path) -> None:
    n = ServerProc(tmp_path / "ip", redis_url, LONGHALL_IP_ROOMS_PER_MINUTE="3").start()
    clients = []
    try:
        for _ in range(3):  # three players of one address
            clients.append(await Client(n.url, reconnect=False).connect())
            await clients[-1].create("highcard", seats=2)
        clients.append(await Client(n.url, reconnect=False).connect())
        await refused(clients[-1].create("highcard", seats=2), "creating_too_fast")
    finally:
        for c in clients:
            await c.close()
        n.stop()


async def test_behind_a_trusted_proxy_each_client_address_has_its_own_count(redis_url, tmp_path) -> None:
    """A node told its proxies (LONGHALL_TRUSTED_PROXIES) counts the client's address from
    X-Forwarded-For, not the proxy's (server.transport.proxies)."""
    n = ServerProc(tmp_path / "proxied", redis_url, LONGHALL_IP_ROOMS_PER_MINUTE="2",
                   LONGHALL_TRUSTED_PROXIES="127.0.0.0/8").start()  # fmt: skip
    taps: list[Tap] = []

    async def create(client: str) -> dict[str, Any]:
        taps.append(Tap(n.url, headers={"X-Forwarded-For": client}))
        await taps[-1].open()
        return await taps[-1].ask({"t": "create", "game": "highcard", "seats": 2}, "joined")

    try:
        assert [(await create("198.51.100.7"))["t"] for _ in range(2)] == ["joined", "joined"]
        assert (await create("198.51.100.7"))["code"] == "creating_too_fast"  # that client's cap
        assert (await create("203.0.113.9"))["t"] == "joined"  # another client behind the same proxy
    finally:
        for tap in taps:
            await tap.close()
        n.stop()
