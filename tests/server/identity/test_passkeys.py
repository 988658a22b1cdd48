"""Passkeys (server.identity.passkeys), against a software authenticator
(tests/server/identity/authenticator.py): one added by the player signs in as them on
another device; an assertion answers its challenge once; a passkey is only the site's
own (another origin is refused); only the player adds theirs; a player revoked after
adding one cannot sign in with it; the player lists theirs (when added, when last used)
and removes one, which then signs nobody in (a removal cut short between its two keys
is tidied by the next list)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from redis.asyncio import Redis

from clients.python.client import Client
from server.identity.tokens import revoke
from server.storage.keys import passkey_key, player_passkeys_key
from tests.cluster import ServerProc
from tests.server.identity.authenticator import Authenticator


@pytest.fixture
def node(own_redis: str, tmp_path: Path) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path / "node", own_redis, LONGHALL_HTTP_RATE="0").start()
    yield s
    s.stop()


@pytest.fixture
async def site(node: ServerProc) -> AsyncIterator[httpx.AsyncClient]:
    """Requests as the site's own page sends them (its Origin)."""
    async with httpx.AsyncClient(base_url=node.http, timeout=30, headers={"Origin": node.http}) as http:
        yield http


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


async def added(http: httpx.AsyncClient, c: Client, key: Authenticator) -> dict[str, Any]:
    options = await http.post(
        f"/api/players/{c.player}/passkeys/options", headers=auth(c.token), json={"name": "Astrid"}
    )
    assert options.status_code == 200, options.text
    assert options.json()["authenticatorSelection"]["residentKey"] == "required"
    kept = await http.post(f"/api/players/{c.player}/passkeys", headers=auth(c.token), json=key.create(options.json()))
    assert kept.status_code == 201, kept.text
    return dict(kept.json())


async def signed_in(http: httpx.AsyncClient, key: Authenticator) -> httpx.Response:
    options = (await http.post("/api/passkeys/options")).json()
    return await http.post("/api/passkeys", json=key.get(options))


async def test_a_passkey_signs_another_device_in_as_the_player(node: ServerProc, site: httpx.AsyncClient) -> None:
    c = await Client(node.url, name="Astrid").connect()
    key = Authenticator(node.http, "127.0.0.1")
    await added(site, c, key)
    res = await signed_in(site, key)
    assert res.status_code == 200, res.text
    body = res.json()
    assert (body["player"], body["name"]) == (c.player, "Astrid")
    other = await Client(node.url, token=body["token"]).connect()
    assert other.player == c.player
    assert (await signed_in(site, key)).status_code == 200  # again, with its count moved on
    await other.close()
    await c.close()


async def test_an_assertion_answers_its_challenge_once(node: ServerProc, site: httpx.AsyncClient) -> None:
    c = await Client(node.url).connect()
    key = Authenticator(node.http, "127.0.0.1")
    await added(site, c, key)
    proof = key.get((await site.post("/api/passkeys/options")).json())
    assert (await site.post("/api/passkeys", json=proof)).status_code == 200
    again = await site.post("/api/passkeys", json=proof)
    assert again.status_code == 401 and again.json()["error"] == "passkey_refused"
    stranger = Authenticator(node.http, "127.0.0.1")  # a key the site never kept
    assert (await signed_in(site, stranger)).status_code == 401
    await c.close()


async def test_a_passkey_is_the_sites_own(node: ServerProc, site: httpx.AsyncClient) -> None:
    c = await Client(node.url).connect()
    await added(site, c, Authenticator(node.http, "127.0.0.1"))
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as bare:
        for origin in ({}, {"Origin": "https://elsewhere.example"}):
            assert (await bare.post("/api/passkeys/options", headers=origin)).status_code == 400
    phished = Authenticator("https://elsewhere.example", "127.0.0.1")  # a page elsewhere relaying the challenge
    options = await site.post(f"/api/players/{c.player}/passkeys/options", headers=auth(c.token))
    refused = await site.post(
        f"/api/players/{c.player}/passkeys", headers=auth(c.token), json=phished.create(options.json())
    )
    assert refused.status_code == 400 and refused.json()["error"] == "passkey_refused"
    await c.close()


async def test_only_the_player_adds_theirs(node: ServerProc, site: httpx.AsyncClient) -> None:
    a, b = await Client(node.url).connect(), await Client(node.url).connect()
    where = f"/api/players/{a.player}/passkeys/options"
    assert (await site.post(where)).status_code == 401
    assert (await site.post(where, headers=auth(b.token))).status_code == 403
    options = (await site.post(f"/api/players/{b.player}/passkeys/options", headers=auth(b.token))).json()
    mine = Authenticator(node.http, "127.0.0.1").create(options)  # b's challenge, sent as a's
    assert (await site.post(f"/api/players/{a.player}/passkeys", headers=auth(a.token), json=mine)).status_code == 400
    await a.close()
    await b.close()


async def test_a_player_revoked_after_adding_a_passkey_cannot_sign_in(
    node: ServerProc, site: httpx.AsyncClient, own_redis: str
) -> None:
    c = await Client(node.url).connect()
    key = Authenticator(node.http, "127.0.0.1")
    await added(site, c, key)
    redis = Redis.from_url(own_redis)
    await revoke(redis, c.player)
    await redis.aclose()
    assert (await signed_in(site, key)).status_code == 401
    await c.close()


async def test_the_player_lists_theirs_and_a_removed_one_signs_nobody_in(
    node: ServerProc, site: httpx.AsyncClient
) -> None:
    c, other = await Client(node.url).connect(), await Client(node.url).connect()
    phone, laptop = Authenticator(node.http, "127.0.0.1"), Authenticator(node.http, "127.0.0.1")
    first, second = (await added(site, c, phone))["id"], (await added(site, c, laptop))["id"]
    mine = f"/api/players/{c.player}/passkeys"
    assert (await site.get(mine)).status_code == 401
    assert (await site.get(mine, headers=auth(other.token))).status_code == 403
    assert (await signed_in(site, phone)).status_code == 200
    listed = (await site.get(mine, headers=auth(c.token))).json()["passkeys"]
    assert [k["id"] for k in listed] == [first, second] and {k["name"] for k in listed} == {"Astrid"}
    assert listed[0]["used"] >= listed[0]["made"] and listed[1]["used"] is None  # the phone signed in once
    assert (await site.delete(f"{mine}/{first}", headers=auth(other.token))).status_code == 403
    theirs = f"/api/players/{other.player}/passkeys/{first}"  # another player cannot name it as theirs
    assert (await site.delete(theirs, headers=auth(other.token))).json()["error"] == "no_passkey"
    assert (await site.delete(f"{mine}/{first}", headers=auth(c.token))).json() == {"removed": True}
    assert (await site.delete(f"{mine}/{first}", headers=auth(c.token))).status_code == 404
    assert [k["id"] for k in (await site.get(mine, headers=auth(c.token))).json()["passkeys"]] == [second]
    assert (await signed_in(site, phone)).status_code == 401  # the lost phone signs nobody in
    assert (await signed_in(site, laptop)).status_code == 200
    async with Redis.from_url(node.redis_url) as r:  # a removal cut short after its first key
        await r.delete(passkey_key(second))
        assert (await site.get(mine, headers=auth(c.token))).json()["passkeys"] == []
        assert await r.smembers(player_passkeys_key(c.player)) == set()  # the list let the stale id go
    await c.close()
    await other.close()
