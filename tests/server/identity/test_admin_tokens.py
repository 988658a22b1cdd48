"""Operators' tokens (server.identity.tokens, server.console): signed with the deployment's
keys like a player's, told apart by the claim `adm`. An operator's token speaks for no
player and a player's is no operator's; it expires within `token_ttl`; `revoke op:NAME`
refuses it like a player's; forged or foreign ones name nobody."""

from __future__ import annotations

import time

import jwt
import pytest
from redis.asyncio import Redis

from server.identity.tokens import Tokens, revoke
from server.runtime.config import Settings


@pytest.fixture
async def redis(redis_url: str):
    r = Redis.from_url(redis_url)
    yield r
    await r.aclose()


@pytest.mark.parametrize("master", [None, b"a master secret of this deployment"])
async def test_an_operators_token_names_the_operator_and_no_player(redis: Redis, master: bytes | None) -> None:
    tokens = Tokens(redis, Settings(), master, None)
    admin = await tokens.issue_admin("alice", 600)
    assert await tokens.verify_admin(admin) == "op:alice"
    assert await tokens.verify(admin) is None  # a hello with it is refused
    player = await tokens.issue("p-123")
    assert (await tokens.verify(player)).player == "p-123"  # type: ignore[union-attr]
    assert await tokens.verify_admin(player) is None
    assert await tokens.verify_admin("not a token") is None


async def test_a_forged_or_foreign_operators_token_names_nobody(redis: Redis) -> None:
    tokens = Tokens(redis, Settings(), b"this deployment's secret", None)
    foreign = await Tokens(redis, Settings(), b"another deployment's secret", None).issue_admin("eve", 600)
    assert await tokens.verify_admin(foreign) is None
    kid = jwt.get_unverified_header(foreign)["kid"]
    now = int(time.time())
    claims = {"sub": "op:eve", "iat": now, "exp": now + 600, "iss": "longhall", "adm": True}
    forged = jwt.encode(claims, "a key of the forger's own, long enough!", algorithm="HS256", headers={"kid": kid})
    assert await tokens.verify_admin(forged) is None


async def test_it_expires_within_the_token_lifetime(redis: Redis) -> None:
    settings = Settings(token_ttl=120)
    now = time.time()
    tokens = Tokens(redis, settings, None, None, clock=lambda: now)
    claims = jwt.decode(await tokens.issue_admin("bob", 10**6), options={"verify_signature": False})
    assert claims["exp"] - claims["iat"] == 120 and claims["adm"] is True and claims["sub"] == "op:bob"
    assert await tokens.verify_admin(await tokens.issue_admin("bob", 60)) == "op:bob"
    earlier = Tokens(redis, settings, None, None, clock=lambda: now - 30)
    assert await tokens.verify_admin(await earlier.issue_admin("bob", 20)) is None  # expired 10 s ago
    for name in ("", "a b", "x" * 41, "op:nested"):
        with pytest.raises(ValueError):
            await tokens.issue_admin(name, 60)


async def test_a_revoked_operator_is_refused(redis: Redis) -> None:
    tokens = Tokens(redis, Settings(), None, None)
    admin = await tokens.issue_admin("carol", 600)
    await revoke(redis, "op:carol")
    assert await tokens.verify_admin(admin) is None
