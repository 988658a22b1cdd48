"""Player tokens: signed JWTs that expire, keys that rotate, revocation; external JWTs.

A `welcome` carries a fresh token: a JWT (HS256, PyJWT) with `sub` the player id, `iat`,
`exp` (`token_ttl` later) and a key id `kid` naming the period of `key_rotation`
seconds whose key signed it. Each period's key is random and kept in Redis (HSETNX, so
every node of a deployment signs with the same one); a key stays usable for
verification as long as a token it signed can live, then it is dropped. With
`LONGHALL_SECRET` set, each period's key is derived from it (HMAC) instead.

Revocation: `longhall revoke PLAYER` records the time in the sorted set
`longhall:revoked`; a token issued at or before that time is refused everywhere, and
every node closes the player's sockets (4003) within a few seconds.

External JWTs (optional): a backend that already knows its users signs a JWT (HS256 with
`jwt_secret`, or a key of the JWKS file `jwks`), `sub` its user id; the player id is
`x-<sub>` (or a hash of it when it is long or unusual) and `name` or
`preferred_username` is the default name. Guests (hello without a token) stay the
default. Tokens of the earlier form `<player>.<mac>` verify while `legacy_tokens` is on,
and are replaced by a JWT in the `welcome`.

Operators (server.console): `longhall admin-token NAME` mints a token signed the same way
with the claim `adm` and `sub` `op:NAME`, expiring within `token_ttl` (an hour by
default). Minting one needs what signing needs (the deployment's Redis, or
`LONGHALL_SECRET`), so whoever can mint one already holds the store. A player's token is
never an operator's (`verify_admin` wants the claim) and an operator's is never a
player's (`verify` refuses the claim); `longhall revoke op:NAME` revokes one like a
player's.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jwt
from redis.asyncio import Redis

from protocol.errors import CLOSE_REVOKED
from server.identity.ids import Signer
from server.runtime.loops import Loops
from server.runtime.outage import QuietLog
from server.storage.keys import REVOKED
from server.storage.keys import SIGNING_KEYS as KEYS
from server.storage.store import text

ISSUER = "longhall"
KID = "lh-"
KID_FORM = re.compile(r"lh-(0|[1-9][0-9]{0,11})-([1-9][0-9]{0,11})")  # as nodes write them: no sign, no 0 prefix
MIN_ROTATION = 60  # seconds: no node rotates faster
ADMIN = "adm"  # the claim of an operator's token
OPERATOR = "op:"  # an operator's `sub`: op:NAME
OPERATOR_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,40}$")
PLAIN_SUB = re.compile(r"^[A-Za-z0-9_.@-]{1,40}$")
REVOCATION_POLL = 2.0
LOOKBACK = 30.0
log = logging.getLogger("longhall.tokens")
quiet = QuietLog(log)


@dataclass
class Verified:
    player: str
    name: str | None = None


class Tokens:
    def __init__(self, redis: Redis, settings: Any, master: bytes | None, legacy: Signer | None,
                 clock: Callable[[], float] = time.time) -> None:  # fmt: skip
        self.redis = redis
        self.clock = clock
        self.ttl = int(settings.token_ttl)
        self.period = max(MIN_ROTATION, int(settings.key_rotation))
        self.master = master  # LONGHALL_SECRET: keys derived from it, not stored
        self.legacy = legacy if int(settings.legacy_tokens) else None
        self.keys: dict[str, bytes | None] = {}  # kid -> a key a node made (None: its period never had one)
        self.ext_secret = settings.jwt_secret.encode() if settings.jwt_secret else None
        self.jwks = jwt.PyJWKSet.from_dict(json.loads(Path(settings.jwks).read_text())) if settings.jwks else None
        self.issuer = settings.jwt_issuer or None
        self.audience = settings.jwt_audience or None

    # -- keys ------------------------------------------------------------------------
    # A key id is `lh-<start>-<seconds>`: the key signs from unix time <start> for
    # <seconds>, so any node can tell whether a key may still have signed a live token,
    # whatever its own rotation setting. A token names its kid before anything about it
    # is proven (issue 36: a hello naming a fresh kid each time made the node derive and
    # keep a key for it and rescan every key kept, at every bystander's cost). So:
    # - a kid is looked at only in the form nodes make (`_possible`): on its rotation's
    #   grid, at least MIN_ROTATION seconds, live; anything else is refused at once;
    # - a key is kept only when a node surely made it: a period of this node's rotation
    #   (at most token_ttl / key_rotation + 2 are live), a key found in Redis (only
    #   signing nodes write there), or a derived key that a token's signature proved.
    # A flood of fresh kids keeps nothing: derived keys cost one HMAC each, stored keys
    # one HGET (for kids of another rotation; none for this node's own).
    def _current_kid(self) -> str:
        start = int(self.clock() // self.period) * self.period
        return f"{KID}{start}-{self.period}"

    def _possible(self, kid: str) -> bool:
        """A kid some node could have made whose key may still have signed a live token."""
        form = KID_FORM.fullmatch(kid)
        if form is None:
            return False
        start, seconds = int(form[1]), int(form[2])
        return seconds >= MIN_ROTATION and start % seconds == 0 and self._live(kid)

    def _mine(self, kid: str) -> bool:
        """A period of this node's rotation (a `_possible` kid)."""
        return kid.rpartition("-")[2] == str(self.period)

    def _live(self, kid: str) -> bool:
        """The key may still have signed an unexpired token (and is not from the future)."""
        return self._begin(kid) <= self.clock() and not self._dead(kid)

    def _dead(self, kid: str) -> bool:
        """Every token the key signed has expired."""
        start, _, seconds = kid[len(KID) :].partition("-")
        return int(start) + int(seconds) + self.ttl < self.clock()

    def _over(self, kid: str) -> bool:
        """The period signs no more: a key it lacks now, no node will make."""
        start, _, seconds = kid[len(KID) :].partition("-")
        return int(start) + int(seconds) <= self.clock()

    @staticmethod
    def _begin(kid: str) -> int:
        return int(kid[len(KID) :].partition("-")[0])

    async def _key(self, kid: str, create: bool = False) -> bytes | None:
        """The key of a `_possible` kid, or None: it has none."""
        if kid in self.keys:
            return self.keys[kid]
        if self.master is not None:
            key = hmac.new(self.master, kid.encode(), hashlib.sha256).digest()
            if self._mine(kid):  # another rotation's: kept once a signature proves it (`_ours`)
                self._keep(kid, key)
            return key
        if create:  # only a signing node makes a key; a token cannot make one appear
            await self.redis.hsetnx(KEYS, kid, secrets.token_hex(32))
        stored = await self.redis.hget(KEYS, kid)
        if stored is None:
            if self._mine(kid) and self._over(kid):
                self._keep(kid, None)  # asked once: a past period without a key never gets one
            return None
        key = bytes.fromhex(text(stored))
        self._keep(kid, key)
        await self._forget_old()
        return key

    def _keep(self, kid: str, key: bytes | None) -> None:
        self.keys = {k: v for k, v in self.keys.items() if self._live(k)}
        self.keys[kid] = key

    async def _forget_old(self) -> None:
        old = [k for k in await self.redis.hkeys(KEYS) if self._dead(text(k))]
        if old:
            await self.redis.hdel(KEYS, *old)

    # -- issue and verify --------------------------------------------------------------
    async def _signed(self, claims: dict[str, Any]) -> str:
        """`claims` signed with the current period's key."""
        kid = self._current_kid()
        key = await self._key(kid, create=True)
        assert key is not None  # made just now if it was missing
        return jwt.encode(claims, key, algorithm="HS256", headers={"kid": kid})

    async def _proven(self, token: str, kid: str) -> dict[str, Any] | None:
        """The claims of a token a key of ours signed (None: no such key; a bad signature
        or an expired token raises PyJWT's error)."""
        if not self._possible(kid):
            return None
        key = await self._key(kid)
        if key is None:
            return None
        claims: dict[str, Any] = jwt.decode(token, key, algorithms=["HS256"], issuer=ISSUER,
                                            options={"require": ["sub", "iat", "exp"]})  # fmt: skip
        if kid not in self.keys:  # a derived key of another rotation, proven by this signature
            self._keep(kid, key)
        return claims

    async def issue(self, player: str) -> str:
        now = int(self.clock())
        return await self._signed({"sub": player, "iat": now, "exp": now + self.ttl, "iss": ISSUER})

    async def issue_admin(self, name: str, ttl: int) -> str:
        """An operator's token for `name`, valid `ttl` seconds (at most `token_ttl`: the key
        that signs it is kept no longer)."""
        if not OPERATOR_NAME.match(name):
            raise ValueError("an operator's name is 1 to 40 letters, digits or _.@-")
        now = int(self.clock())
        return await self._signed({"sub": OPERATOR + name, "iat": now, "exp": now + max(1, min(ttl, self.ttl)),
                                   "iss": ISSUER, ADMIN: True})  # fmt: skip

    async def verify_admin(self, token: str) -> str | None:
        """The operator an operator's token names (`op:NAME`), or None: not one, or not valid."""
        try:
            kid = str(jwt.get_unverified_header(token).get("kid") or "")
            claims = await self._proven(token, kid) if kid.startswith(KID) else None
        except (jwt.PyJWTError, ValueError, KeyError):
            return None
        if claims is None or claims.get(ADMIN) is not True or not str(claims["sub"]).startswith(OPERATOR):
            return None
        operator = str(claims["sub"])
        revoked = await self._revoked_at(operator)
        return None if revoked is not None and float(claims["iat"]) <= revoked else operator

    async def verify(self, token: str) -> Verified | None:
        """Who the token proves, or None (bad, expired, revoked, or from nobody we trust)."""
        if token.count(".") == 1:
            player = self.legacy.verify(token) if self.legacy else None
            if player is None or await self._revoked_at(player) is not None:
                return None
            return Verified(player)
        found: tuple[str, float, str | None] | None
        try:
            kid = str(jwt.get_unverified_header(token).get("kid") or "")
            if kid.startswith(KID):
                found = await self._ours(token, kid)
            else:
                found = self._external(token, kid)
        except (jwt.PyJWTError, ValueError, KeyError):
            return None
        if found is None:
            return None
        player, iat, name = found
        revoked = await self._revoked_at(player)
        if revoked is not None and iat <= revoked:
            return None
        return Verified(player, name)

    async def _ours(self, token: str, kid: str) -> tuple[str, float, None] | None:
        claims = await self._proven(token, kid)
        if claims is None or ADMIN in claims:  # an operator's token speaks for no player
            return None
        player = str(claims["sub"])
        return (player, float(claims["iat"]), None) if 0 < len(player) <= 64 else None

    def _external(self, token: str, kid: str) -> tuple[str, float, str | None] | None:
        key: Any
        if self.jwks is not None and kid:
            key, algorithms = self.jwks[kid].key, [self.jwks[kid].algorithm_name]
        elif self.ext_secret is not None:
            key, algorithms = self.ext_secret, ["HS256"]
        else:
            return None
        claims = jwt.decode(token, key, algorithms=algorithms, issuer=self.issuer, audience=self.audience,
                            options={"require": ["sub", "exp"], "verify_aud": self.audience is not None})  # fmt: skip
        sub = str(claims["sub"])
        player = f"x-{sub}" if PLAIN_SUB.match(sub) else "x-" + hashlib.sha256(sub.encode()).hexdigest()[:24]
        name = claims.get("name") or claims.get("preferred_username")
        return player, float(claims.get("iat", 0)), (str(name)[:40] if name else None)

    # -- revocation ----------------------------------------------------------------------
    async def revoked_at(self, player: str) -> float | None:
        """When the player's tokens were last revoked (unix time), or None."""
        return await self._revoked_at(player)

    async def _revoked_at(self, player: str) -> float | None:
        at = await self.redis.zscore(REVOKED, player)
        return None if at is None else float(at)

    async def revoked_since(self, since: float) -> dict[str, float]:
        """Players revoked at or after `since` (unix time), with when."""
        found = await self.redis.zrangebyscore(REVOKED, since, "+inf", withscores=True)
        return {text(item[0]): float(item[1]) for item in found}


class Revocations:
    """Close the sockets of players revoked anywhere (4003), within REVOCATION_POLL seconds
    (`register`). Each look goes back LOOKBACK seconds (a revocation stamped just before a
    look may land just after it) and skips what it has already handled."""

    def __init__(self, tokens: Tokens, gateway: Any) -> None:
        self.tokens = tokens
        self.gateway = gateway  # (its sockets by player)
        self.handled: dict[str, float] = {}
        self.since = time.time()

    def register(self, loops: Loops) -> None:
        loops.every("token revocations", REVOCATION_POLL, self.look, log)

    async def look(self) -> None:
        found = await self.tokens.revoked_since(self.since - LOOKBACK)
        for player, at in found.items():
            if self.handled.get(player) == at:
                continue
            self.handled[player] = at
            for sess in list(self.gateway.by_player.get(player, ())):
                sess.close(CLOSE_REVOKED, "this player's tokens were revoked")
        self.since = time.time()
        self.handled = {p: at for p, at in self.handled.items() if at >= self.since - 2 * LOOKBACK}


async def revoke(redis: Redis, player: str) -> float:
    """Refuse every token of `player` issued until now, on every node."""
    at = time.time()
    await redis.zadd(REVOKED, {player: at})
    return at
