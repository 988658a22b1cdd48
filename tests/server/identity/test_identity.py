"""Identity (#12 item 6, Identity): tokens are JWTs that expire, keys rotate (an old key
verifies until its tokens expire), a player's tokens can be revoked everywhere, a backend
can vouch for its users with its own JWTs (HS256 secret or JWKS); guests stay the default
and tokens of the earlier form still work, refreshed in `welcome`."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import jwt
import pytest
import redis
from cryptography.hazmat.primitives.asymmetric import rsa
from redis.asyncio import Redis

from clients.python.client import Client
from server.identity.ids import Signer
from server.identity.tokens import Tokens
from server.runtime.config import Settings
from server.storage.keys import SECRET
from tests.cluster import ROOT, ServerProc
from tests.server.transport.test_bad_input import Raw

BACKEND_SECRET = "the-backend-and-longhall-share-this"
ISSUER = "https://backend.example"


@pytest.fixture(scope="module")
def rsa_key() -> Any:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture(scope="module")
def node(redis_url: str, tmp_path_factory: pytest.TempPathFactory, rsa_key: Any) -> Any:
    work = tmp_path_factory.mktemp("identity")
    jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(rsa_key.public_key()))
    (work / "jwks.json").write_text(json.dumps({"keys": [{**jwk, "kid": "backend-1", "alg": "RS256", "use": "sig"}]}))
    n = ServerProc(work / "n", redis_url, LONGHALL_KEY_ROTATION="60", LONGHALL_JWT_SECRET=BACKEND_SECRET,
                   LONGHALL_JWKS=str(work / "jwks.json"), LONGHALL_JWT_ISSUER=ISSUER).start()  # fmt: skip
    yield n
    n.stop()


def tokens_at(redis_url: str, seconds_ago: float) -> Tokens:
    """Tokens as the server makes them, issued as if `seconds_ago` (same Redis keyring)."""
    s = Settings(key_rotation=60)  # as the node: tokens of 150 s ago were signed by an earlier key
    return Tokens(Redis.from_url(redis_url), s, None, None, clock=lambda: time.time() - seconds_ago)


async def hello(url: str, token: str) -> dict[str, Any]:
    async with Raw(url) as raw:
        return await raw.hello(token)


async def test_a_welcome_token_is_a_jwt_with_an_expiry(node) -> None:
    c = await Client(node.url, reconnect=False).connect()
    claims = jwt.decode(c.token, options={"verify_signature": False})
    assert claims["sub"] == c.player and claims["exp"] - claims["iat"] == Settings().token_ttl
    assert jwt.get_unverified_header(c.token)["kid"].startswith("lh-")
    again = await Client(node.url, token=c.token, reconnect=False).connect()
    assert again.player == c.player
    await c.close()
    await again.close()


async def test_an_old_key_verifies_until_its_tokens_expire(node, redis_url) -> None:
    old = await tokens_at(redis_url, 150).issue("rotated-player")  # signed two or three keys ago
    assert jwt.get_unverified_header(old)["kid"] != jwt.get_unverified_header(
        await tokens_at(redis_url, 0).issue("x"))["kid"]  # fmt: skip
    assert (await hello(node.url, old))["player"] == "rotated-player"
    expired = await tokens_at(redis_url, Settings().token_ttl + 30).issue("rotated-player")
    assert (await hello(node.url, expired))["code"] == "bad_token"
    now = int(time.time())
    claims = {"sub": "someone", "iat": now, "exp": now + 60, "iss": "longhall"}
    kid = jwt.get_unverified_header(old)["kid"]
    forged = jwt.encode(claims, "guessed-but-long-enough-for-hs256-keys!", algorithm="HS256", headers={"kid": kid})
    assert (await hello(node.url, forged))["code"] == "bad_token"


async def test_revoked_tokens_are_refused_and_sockets_closed_on_every_node(node, server, redis_url) -> None:
    a = await Client(node.url, reconnect=False).connect()
    b = await Client(server.url, token=a.token, reconnect=False).connect()  # the same player on another node
    old_token = a.token
    subprocess.run([sys.executable, "-m", "server.node.cli", "revoke", a.player, "--redis", redis_url],
                   cwd=ROOT, check=True, capture_output=True)  # fmt: skip
    for c in (a, b):
        assert c.ws is not None
        await asyncio.wait_for(c.ws.wait_closed(), 15)
        assert c.ws.close_code == 4003
    assert (await hello(node.url, old_token))["code"] == "bad_token"
    fresh = await Client(node.url, token=old_token, reconnect=False).connect()  # the client goes on as a guest
    assert fresh.player != a.player
    for c in (a, b, fresh):
        await c.close()


async def test_a_backend_vouches_with_an_hs256_jwt(node) -> None:
    now = int(time.time())
    claims = {"sub": "user-42", "name": "Astrid", "iat": now, "exp": now + 600, "iss": ISSUER}
    c = await Client(node.url, token=jwt.encode(claims, BACKEND_SECRET, algorithm="HS256"), reconnect=False).connect()
    assert c.player == "x-user-42"
    room = await c.create("highcard", seats=2)
    assert room.view["seats"][0]["name"] == "Astrid"  # the backend's name for its user
    assert jwt.decode(c.token, options={"verify_signature": False})["sub"] == "x-user-42"  # ours from now on
    await c.close()
    for bad in (jwt.encode({**claims, "iss": "https://other"}, BACKEND_SECRET, algorithm="HS256"),
                jwt.encode(claims, "not-the-secret-but-as-long-as-one-is", algorithm="HS256"),
                jwt.encode({**claims, "exp": now - 10}, BACKEND_SECRET, algorithm="HS256")):  # fmt: skip
        assert (await hello(node.url, bad))["code"] == "bad_token"


async def test_a_backend_vouches_with_a_jwks_key(node, rsa_key) -> None:
    now = int(time.time())
    claims = {"sub": "user-7", "iat": now, "exp": now + 600, "iss": ISSUER}
    token = jwt.encode(claims, rsa_key, algorithm="RS256", headers={"kid": "backend-1"})
    assert (await hello(node.url, token))["player"] == "x-user-7"
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    assert (await hello(node.url, jwt.encode(claims, other, algorithm="RS256", headers={"kid": "backend-1"})))[
        "code"] == "bad_token"  # fmt: skip


async def test_a_token_of_the_earlier_form_still_works_and_is_refreshed(node, redis_url) -> None:
    r = redis.Redis.from_url(redis_url)
    secret = r.get(SECRET)
    r.close()
    assert secret is not None
    legacy = Signer(secret).token("0123456789abcdef")
    welcome = await hello(node.url, legacy)
    assert welcome["player"] == "0123456789abcdef" and welcome["token"].count(".") == 2  # now a JWT


def test_the_revoke_command_needs_a_store(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "server.node.cli", "revoke", "p", "--data", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True)  # fmt: skip
    assert out.returncode != 0 and "no --redis" in out.stderr


async def test_a_guest_needs_no_token(node) -> None:
    async with Raw(node.url) as raw:
        welcome = await raw.hello()
        assert welcome["t"] == "welcome" and len(welcome["player"]) == 16
    assert (await hello(node.url, "a.b.c"))["code"] == "bad_token"  # a token that is no token at all
