"""The key ids a token may name (issue 36, hole 1).

A `hello` is unauthenticated: its token names whatever key id (`kid`) the sender likes.
An id in no form a node makes is refused before any key is derived or fetched; a key is
kept only when a node surely made it (a period of this node's rotation, a key found in
Redis, or a derived key a signature proved). So a flood of fresh ids grows no cache and
no Redis hash, and costs Redis nothing but one HGET per id of another rotation (when keys
live there): a bystander's requests do not wait behind it. Tokens of earlier periods and
of nodes with another rotation setting still verify."""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import jwt
from redis.asyncio import Redis

from server.identity.tokens import Tokens
from server.runtime.config import Settings
from server.storage.keys import SIGNING_KEYS

ROTATION = 7 * 24 * 3600  # the default: a token of 30 days was signed by one of 6 keys
NOW = float(int(time.time()) // ROTATION * ROTATION + 30)  # mid-period: nothing rotates during a test
SETTINGS = Settings(key_rotation=ROTATION)
BOUND = SETTINGS.token_ttl // ROTATION + 2  # the periods whose keys may have signed a live token


class Counting:
    """A Redis client that counts the commands sent through it."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.redis, name)
        if not callable(attr):
            return attr

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return attr(*args, **kwargs)

        return counted


def forged(kid: str) -> str:
    """A token that names `kid`, signed with a key of the sender's own."""
    claims = {"sub": "intruder", "iat": int(NOW), "exp": int(NOW) + 600, "iss": "longhall"}
    return jwt.encode(claims, secrets.token_bytes(32), algorithm="HS256", headers={"kid": kid})


def on_grid(seconds: int, back: int = 0) -> str:
    """The kid of a rotation of `seconds` whose period began `back` periods before NOW's."""
    return f"lh-{(int(NOW) // seconds - back) * seconds}-{seconds}"


def fresh_kids(n: int) -> list[str]:
    """Ids a flood would send, each one new and naming a period that has not expired: in
    no form a node makes (off the grid, too short, a 0 prefix), or of another rotation."""
    kinds: list[Callable[[int], str]] = [
        lambda i: f"lh-{int(NOW) - i}-{10**9}",
        lambda i: f"lh-{int(NOW) - i * 7 - 7}-7",
        lambda i: f"lh-{int(NOW) // ROTATION * ROTATION - i - 1}-{ROTATION}",
        lambda i: f"lh-{'0' * (1 + i)}{on_grid(ROTATION)[3:]}",
        lambda i: on_grid(3601 + i),
    ]
    return [kinds[i % len(kinds)](i) for i in range(n)]


def another_rotation(kid: str) -> bool:
    return kid.rpartition("-")[2] not in (str(ROTATION), "7", str(10**9))


def tokens(redis: Any, master: bytes | None, at: float = NOW) -> Tokens:
    return Tokens(redis, SETTINGS, master, None, clock=lambda: at)


async def test_a_flood_of_fresh_key_ids_grows_no_cache_with_a_secret(redis_url: str) -> None:
    """With LONGHALL_SECRET the node derives keys instead of reading them: an id a token
    names is derived and remembered only when it is one of the rotation's live periods."""
    signer = tokens(Redis.from_url(redis_url), b"the deployment's secret")
    genuine = await signer.issue("player")
    for kid in fresh_kids(2000):
        assert await signer.verify(forged(kid)) is None
    assert len(signer.keys) == 1, f"{len(signer.keys)} keys kept"
    assert (await signer.verify(genuine)) is not None
    assert (await signer.verify(forged(jwt.get_unverified_header(genuine)["kid"]))) is None


async def test_a_flood_of_fresh_key_ids_keeps_nothing_in_redis_nor_in_memory(redis_url: str) -> None:
    """Without a secret, keys live in Redis: an id in no form a node makes is refused
    without asking it; one of another rotation costs one HGET and keeps nothing."""
    plain = Redis.from_url(redis_url)
    await tokens(plain, None).issue("player")  # the current period's key exists
    held = await plain.hlen(SIGNING_KEYS)
    counting = Counting(plain)
    signer = tokens(counting, None)
    kids = fresh_kids(500)
    for kid in kids:
        assert await signer.verify(forged(kid)) is None
    assert counting.calls == Counter({"hget": sum(map(another_rotation, kids))}), counting.calls
    assert len(signer.keys) == 0
    assert await plain.hlen(SIGNING_KEYS) == held


async def test_tokens_of_earlier_periods_and_other_rotations_still_verify(redis_url: str) -> None:
    for master in (None, b"the deployment's secret"):
        redis = Redis.from_url(redis_url)
        old = await tokens(redis, master, at=NOW - 3 * ROTATION).issue("returning-player")
        hourly = Tokens(redis, Settings(key_rotation=3600), master, None, clock=lambda: NOW)
        elsewhere = await hourly.issue("player-of-another-node")
        signer = tokens(redis, master)
        for token, player in ((old, "returning-player"), (elsewhere, "player-of-another-node")):
            found = await signer.verify(token)
            assert found is not None and found.player == player
        assert len(signer.keys) == 2  # each proven key kept: the next hello with it derives nothing
        expired = await tokens(redis, master, at=NOW - SETTINGS.token_ttl - 2 * ROTATION).issue("gone")
        assert await signer.verify(expired) is None


async def test_a_past_period_without_a_key_is_asked_of_redis_once(redis_url: str) -> None:
    """A live period of the rotation that no node signed in never gets a key later: a
    flood of tokens naming it asks Redis once."""
    counting = Counting(Redis.from_url(redis_url))
    signer = tokens(counting, None)
    unsigned = on_grid(ROTATION, back=2)
    for _ in range(100):
        assert await signer.verify(forged(unsigned)) is None
    assert counting.calls["hget"] == 1, counting.calls
