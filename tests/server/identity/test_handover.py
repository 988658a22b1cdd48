"""A player carried to another device by a one-time code (server.identity.handover): the
code redeems once for a token of the same player, who takes their seat; two redemptions
at once give it to one; a revoked or replaced code is gone; it expires by the node's
clock (moved by a file, server.runtime.wallclock: never slept through); only the player
makes or revokes theirs; a player revoked after making one cannot redeem it; tries are
paid per address.

Each test has a Redis and a node of its own (its HTTP limits off unless the test is about
them: the tests and their players share 127.0.0.1)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from clients.python.client import Client
from server.identity.tokens import revoke
from server.node.http_limits import DEFAULT_PRICE, HttpLimits
from tests.cluster import ServerProc
from tests.moved_clock import Time

TTL = 60  # the node's LONGHALL_HANDOVER_TTL, seconds


@pytest.fixture
def moved(tmp_path: Path) -> Time:
    return Time(tmp_path / "clock-offset")


@pytest.fixture
def node(own_redis: str, tmp_path: Path, moved: Time) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "node", own_redis, LONGHALL_CLOCK_FILE=str(moved.path), LONGHALL_HTTP_RATE="0",
                   LONGHALL_HANDOVER_TTL=str(TTL)).start()  # fmt: skip
    yield s
    s.stop()


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


async def make(http: httpx.AsyncClient, c: Client, name: str | None = None) -> dict[str, Any]:
    res = await http.post(f"/api/players/{c.player}/handover", headers=auth(c.token),
                          json={"name": name} if name else None)  # fmt: skip
    assert res.status_code == 201, res.text
    return dict(res.json())


async def test_a_code_carries_the_player_to_another_device_and_its_seat(node: ServerProc) -> None:
    host = await Client(node.url, name="Astrid").connect()
    guest = await Client(node.url, name="Bjorn").connect()
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        room = (await host.create("vikings", seats=2)).room
        await guest.join(room)
        await host.start(room)
        seat = host.rooms[room].seat
        made = await make(http, host, "Astrid")
        assert made["ttl"] == TTL and len(made["code"]) == 22
        used = await http.post(f"/api/handover/{made['code']}")
        assert used.status_code == 200, used.text
        body = used.json()
        assert (body["player"], body["name"]) == (host.player, "Astrid")
        again = await http.post(f"/api/handover/{made['code']}")
        assert again.status_code == 404 and again.json()["error"] == "handover_gone"  # single use
        phone = await Client(node.url, name="Astrid", token=body["token"]).connect()
        try:
            assert phone.player == host.player  # the same player on the second device
            mirror = await phone.join(room)
            assert mirror.seat == seat  # their seat, taken back
            listed = await http.get(f"/api/players/{phone.player}/games", headers=auth(phone.token))
            assert [g["room"] for g in listed.json()["games"]] == [room]
        finally:
            await phone.close()
    await host.close()
    await guest.close()


async def test_two_redemptions_at_once_give_the_code_to_one(node: ServerProc) -> None:
    c = await Client(node.url, name="Astrid").connect()
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        for _ in range(5):
            code = (await make(http, c))["code"]
            both = await asyncio.gather(*(http.post(f"/api/handover/{code}") for _ in range(2)))
            assert sorted(r.status_code for r in both) == [200, 404]
    await c.close()


async def test_a_revoked_or_replaced_code_redeems_no_more(node: ServerProc) -> None:
    c = await Client(node.url, name="Astrid").connect()
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        first = (await make(http, c))["code"]
        second = (await make(http, c))["code"]
        assert first != second
        assert (await http.post(f"/api/handover/{first}")).status_code == 404  # replaced by the second
        revoked = await http.delete(f"/api/players/{c.player}/handover", headers=auth(c.token))
        assert revoked.status_code == 200 and revoked.json() == {"revoked": True}
        assert (await http.post(f"/api/handover/{second}")).status_code == 404
        nothing = await http.delete(f"/api/players/{c.player}/handover", headers=auth(c.token))
        assert nothing.json() == {"revoked": False}
        used = (await make(http, c))["code"]
        assert (await http.post(f"/api/handover/{used}")).status_code == 200
        late = await http.delete(f"/api/players/{c.player}/handover", headers=auth(c.token))
        assert late.json() == {"revoked": False}  # already used: nothing left to revoke
    await c.close()


async def test_a_code_expires_by_the_nodes_clock(node: ServerProc, moved: Time) -> None:
    a = await Client(node.url, name="Astrid").connect()
    b = await Client(node.url, name="Bjorn").connect()
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        early, late = (await make(http, a))["code"], (await make(http, b))["code"]
        moved.advance(TTL * 1000 - 2000)  # two seconds before the end: still good
        assert (await http.post(f"/api/handover/{early}")).status_code == 200
        moved.advance(4000)  # two seconds past it
        gone = await http.post(f"/api/handover/{late}")
        assert gone.status_code == 404 and gone.json()["error"] == "handover_gone"
    await a.close()
    await b.close()


async def test_only_the_player_makes_or_revokes_their_code(node: ServerProc) -> None:
    a = await Client(node.url, name="Astrid").connect()
    b = await Client(node.url, name="Bjorn").connect()
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        where = f"/api/players/{a.player}/handover"
        for method in ("POST", "DELETE"):
            nobody = await http.request(method, where)
            assert nobody.status_code == 401 and nobody.headers["www-authenticate"].startswith("Bearer")
            assert (await http.request(method, where, headers=auth("not.a.token"))).status_code == 401
            assert (await http.request(method, where, headers=auth(b.token))).status_code == 403
        for bad in ("x", "a" * 21, "a" * 23, "%2e%2e"):
            assert (await http.post(f"/api/handover/{bad}")).status_code == 404
    await a.close()
    await b.close()


async def test_a_player_revoked_after_making_a_code_cannot_redeem_it(node: ServerProc, own_redis: str) -> None:
    c = await Client(node.url, name="Astrid").connect()
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        code = (await make(http, c))["code"]
        redis = Redis.from_url(own_redis)
        await revoke(redis, c.player)  # `longhall revoke PLAYER`
        await redis.aclose()
        assert (await http.post(f"/api/handover/{code}")).status_code == 404
    await c.close()


async def test_redeeming_is_paid_dearly_per_address(own_redis: str, tmp_path: Path) -> None:
    assert HttpLimits(None, 1, 1).price("/api/handover/abc") == 50 > DEFAULT_PRICE  # type: ignore[arg-type]
    # a bucket of 100 units refilled at a unit a minute: two tries, then 429
    s = ServerProc(tmp_path / "node", own_redis, LONGHALL_HTTP_RATE="0.0166", LONGHALL_HTTP_BURST="100").start()
    try:
        async with httpx.AsyncClient(base_url=s.http, timeout=30) as http:
            tries = [(await http.post(f"/api/handover/{'a' * 22}")).status_code for _ in range(3)]
            assert tries == [404, 404, 429]
    finally:
        s.stop()
