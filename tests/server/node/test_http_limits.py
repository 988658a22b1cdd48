"""HTTP requests priced and paid per client address (issue 36, hole 2).

`/api/rooms/{id}/replay/check` replays a whole game through the engine, and any client
could ask it without end: four clients made 89 checks a second and a bystander's pings
slowed twentyfold. Now each request is paid from its address's bucket at its price
(server.node.http_limits: a check 20 units, a page of the web app 1), a request its
address cannot pay is answered 429 with Retry-After before its route runs, and a
finished room's check is made once and kept (server.play.replay.Checks). Another
address pays nothing for it; the probes are free."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from server.games import registry
from server.node import app as app_module
from server.node import http_limits
from server.node.http_limits import HttpLimits
from server.play import replay as replay_module
from server.runtime.config import Settings
from tests.cluster import hosted_engines
from tests.tables import play_to_the_end, table

ATTACKER, BYSTANDER = "198.51.100.7", "203.0.113.9"
ENGINES = hosted_engines()
HOSTED = registry.current(ENGINES)


async def finished_rooms(server: Any, n: int) -> list[str]:
    rooms = []
    for i in range(n):
        async with table(server.url, players=2, record=True) as t:
            await play_to_the_end(t, seed=300 + i)
            rooms.append(t.room)
    return rooms


@pytest.fixture
def engine_replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """How many games the engine replays in this process (server.play.replay.replay)."""
    count: Counter[str] = Counter()
    real = replay_module.replay

    def counted(*args: Any, **kwargs: Any) -> Any:
        count["replays"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(replay_module, "replay", counted)
    yield count


@pytest.fixture
async def node_app(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Any]:
    """Make a node's HTTP app on the session's Redis with given limits (its routes read
    Redis alone; the lifespan is not run), reached in-process from any address. It hosts
    what the test servers host (the toy game among them)."""
    monkeypatch.setattr(registry, "games", lambda: HOSTED)
    monkeypatch.setattr(registry, "engines", lambda: ENGINES)
    apps = []

    def make(**limits: float) -> Any:
        app = app_module.create_app(Settings(redis_url=redis_url, **limits))
        apps.append(app)

        def client(address: str) -> httpx.AsyncClient:
            transport = httpx.ASGITransport(app=app, client=(address, 40000))
            return httpx.AsyncClient(transport=transport, base_url="http://node")

        return client

    yield make
    for app in apps:
        await app.state.node.redis.aclose()


async def test_a_flood_of_checks_is_refused_before_it_costs_the_engine_anything(
    server, node_app, engine_replays
) -> None:
    rooms = await finished_rooms(server, 4)
    at = node_app(http_rate=0.1, http_burst=60)  # three checks at once, then one per 200 s
    async with at(ATTACKER) as attacker, at(BYSTANDER) as bystander:
        answers = [await attacker.get(f"/api/rooms/{rooms[i % 4]}/replay/check") for i in range(89)]
        assert [a.status_code for a in answers[:3]] == [200] * 3 and all(a.json()["ok"] for a in answers[:3])
        assert {a.status_code for a in answers[3:]} == {429}
        assert engine_replays["replays"] == 3  # 86 checks refused at no engine cost
        refused = answers[3]
        assert int(refused.headers["Retry-After"]) >= 1 and refused.json()["error"] == "rate_limited"
        assert (await attacker.get("/live")).status_code == 200  # the probes are free
        # another address is served as if nothing happened: its check, the cheap routes
        assert (await bystander.get(f"/api/rooms/{rooms[3]}/replay/check")).json()["ok"]
        assert engine_replays["replays"] == 4
        assert (await bystander.get("/api/games")).status_code == 200


async def test_a_finished_room_is_replayed_once_however_often_it_is_checked(server, node_app, engine_replays) -> None:
    (room,) = await finished_rooms(server, 1)
    at = node_app()  # the default limits
    async with at(ATTACKER) as attacker:
        answers = await asyncio.gather(*(attacker.get(f"/api/rooms/{room}/replay/check") for _ in range(89)))
    served = [a for a in answers if a.status_code == 200]
    at_once = Settings().http_burst // http_limits.PRICES["/api/rooms/{room}/replay/check"]  # 50
    assert len(served) >= at_once and len(answers) - len(served) >= 20  # a few more as the bucket refills
    assert {a.status_code for a in answers} == {200, 429}
    assert engine_replays["replays"] == 1
    assert all(a.json() == served[0].json() for a in served) and served[0].json()["ok"]


async def test_cheap_routes_cost_little(node_app) -> None:
    at = node_app(http_rate=0.1, http_burst=60)
    async with at(ATTACKER) as client:
        assert {(await client.get("/api/games")).status_code for _ in range(60)} == {200}  # 60 where 3 checks
        assert (await client.get("/api/games")).status_code == 429
        assert {(await client.get("/health")).status_code for _ in range(20)} == {200}


async def test_over_real_sockets_another_address_is_not_refused(server) -> None:
    """Addresses of the loopback network stand for clients of their own."""
    (room,) = await finished_rooms(server, 1)
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.2")
    async with httpx.AsyncClient(base_url=server.http, transport=transport, timeout=60) as attacker:
        answers = await asyncio.gather(*(attacker.get(f"/api/rooms/{room}/replay/check") for _ in range(89)))
    codes = Counter(a.status_code for a in answers)
    assert set(codes) == {200, 429} and codes[200] >= 50 and codes[429] >= 20, codes
    assert all(int(a.headers["Retry-After"]) >= 1 for a in answers if a.status_code == 429)
    transport = httpx.AsyncHTTPTransport(local_address="127.0.0.3")
    async with httpx.AsyncClient(base_url=server.http, transport=transport, timeout=60) as bystander:
        assert (await bystander.get(f"/api/rooms/{room}/replay/check")).json()["ok"]


def test_the_table_of_addresses_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_limits, "MAX_ADDRESSES", 100)

    async def app(scope: Any, receive: Any, send: Any) -> None:
        pass

    limits = HttpLimits(app, rate=0.01, burst=10.0)
    for i in range(1000):
        assert limits.charge(f"10.0.{i // 256}.{i % 256}", 1) is None
    assert len(limits.addresses) == 100  # the most recent ones
    assert limits.charge("10.1.0.1", 20) is None  # a price above the burst costs the burst
    assert limits.charge("10.1.0.1", 1) is not None
    assert len(limits.addresses) == 100
    limits.swept -= http_limits.SWEEP_SECONDS
    for address in limits.addresses.values():
        address.tokens = address.burst  # full again: what a new bucket would be
    limits.charge("10.9.9.9", 1)
    assert list(limits.addresses) == ["10.9.9.9"]


async def test_every_priced_route_is_a_route_of_the_node(redis_url: str) -> None:
    """A route renamed must not fall back to the default price unnoticed."""
    app = app_module.create_app(Settings(redis_url=redis_url))
    paths = {getattr(r, "path", "") for r in app.routes}
    await app.state.node.redis.aclose()
    assert set(http_limits.PRICES) - paths == set()
    unpriced = {p for p in paths if p.startswith("/api/")} - set(http_limits.PRICES)
    assert unpriced == {"/api/games", "/api/rules/{game:str}"}  # served from memory: the default price


async def test_behind_trusted_proxies_each_client_pays_for_itself(node_app) -> None:
    """A node told its proxies keys the limits on the client's address from
    X-Forwarded-For (server.transport.proxies); from any other peer the header is ignored,
    so a client cannot dodge its limit by writing one."""
    proxy = "10.0.0.5"
    behind = node_app(http_rate=0.1, http_burst=3, trusted_proxies="10.0.0.0/24")
    async with behind(proxy) as balancer:
        for client in (ATTACKER, BYSTANDER):
            asked = [await balancer.get("/api/games", headers={"X-Forwarded-For": client}) for _ in range(4)]
            assert [a.status_code for a in asked] == [200, 200, 200, 429]  # each client its own bucket
        forged = await balancer.get("/api/games", headers={"X-Forwarded-For": f"1.2.3.4, {ATTACKER}"})
        assert forged.status_code == 429  # the hop the proxy saw counts, not what the client wrote before it
    async with behind("192.0.2.200") as direct:  # not a proxy of ours: its header means nothing
        asked = [await direct.get("/api/games", headers={"X-Forwarded-For": f"192.0.2.{i}"}) for i in range(4)]
        assert [a.status_code for a in asked] == [200, 200, 200, 429]
    untold = node_app(http_rate=0.1, http_burst=3)  # no proxies named: the TCP peer, always
    async with untold(proxy) as balancer:
        asked = [await balancer.get("/api/games", headers={"X-Forwarded-For": f"192.0.2.{i}"}) for i in range(4)]
        assert [a.status_code for a in asked] == [200, 200, 200, 429]
