"""Signing in with a passkey (WebAuthn, the `webauthn` library): a player adds one on a
device that holds their token, and any device whose authenticator holds it (synced, or a
phone's) becomes that player again, without a password or a token to carry.

POST /api/players/{player}/passkeys/options  the player's token as the bearer's (and
                                             optionally {"name": ...}): creation options
                                             for `navigator.credentials.create`
POST /api/players/{player}/passkeys          the new credential (`toJSON()`): verified and
                                             kept (201 {id}); 400 passkey_refused
POST /api/passkeys/options                   request options for `navigator.credentials.get`
                                             (a discoverable credential: no user named)
POST /api/passkeys                           the assertion (`toJSON()`): 200 {player, name,
                                             token}; 401 passkey_refused
GET  /api/players/{player}/passkeys          the player's passkeys (their token as the
                                             bearer's): id, name, when added and last used
DELETE /api/players/{player}/passkeys/{id}   one of them removed: it signs nobody in again;
                                             404 no_passkey (none such of this player)

A challenge is 64 random bytes kept in Redis (`passkey_challenge_key`) for CHALLENGE_TTL
seconds and taken once (GETDEL) when its answer comes; a credential is kept under
`passkey_key` (its player, name, public key, signature count, when it was added and last
used), its id in the player's set (`player_passkeys_key`) for listing. The relying party
is the page's own origin (its `Origin` must name the host the request was sent to; its
host name is the RP id): a passkey works on the site that made it. A player revoked
(`longhall revoke`) after adding a passkey cannot sign in with it.

What it leaves out: attestation (none is asked), and origins other than the node's own.
"""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import urlsplit

import webauthn
from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import AuthenticatorSelectionCriteria, ResidentKeyRequirement

from server.identity.handover import Signs
from server.identity.ids import clean_name
from server.runtime.bearer import own, part_of
from server.storage.keys import passkey_challenge_key, passkey_key, player_passkeys_key
from server.storage.store import text

CHALLENGE_TTL = 300  # seconds an options answer may be used
RP_NAME = "Longhall"
REFUSED = "passkey_refused"
GONE = "no_passkey"


class Refused(Exception):
    """A credential or an assertion that does not verify."""


def party(request: Request) -> tuple[str, str]:
    """The relying party of a request: (origin, RP id). Its `Origin` must be the host it
    was sent to."""
    origin = request.headers.get("origin", "")
    parts = urlsplit(origin)
    if not parts.hostname or parts.netloc != request.headers.get("host", ""):
        raise Refused("send it from the site's own page (its Origin is not this host)")
    return origin, parts.hostname


class Passkeys:
    def __init__(self, redis: Redis, tokens: Signs) -> None:
        self.redis = redis
        self.tokens = tokens

    async def _challenge(self, challenge: bytes, record: dict[str, Any]) -> None:
        key = passkey_challenge_key(bytes_to_base64url(challenge))
        await self.redis.set(key, json.dumps(record), ex=CHALLENGE_TTL)

    async def _taken(self, credential: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
        """The challenge a credential answers, taken once, and what was kept with it."""
        try:
            said = json.loads(base64url_to_bytes(credential["response"]["clientDataJSON"]))
            challenge = base64url_to_bytes(said["challenge"])
        except (KeyError, TypeError, ValueError) as exc:
            raise Refused("no client data") from exc
        raw = await self.redis.getdel(passkey_challenge_key(bytes_to_base64url(challenge)))
        if raw is None:
            raise Refused("no such challenge (used, or too old)")
        return challenge, json.loads(raw)

    async def creation(self, player: str, name: str, rp_id: str) -> str:
        options = webauthn.generate_registration_options(
            rp_id=rp_id, rp_name=RP_NAME, user_name=name or player, user_id=player.encode(),
            authenticator_selection=AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.REQUIRED),
        )  # fmt: skip
        await self._challenge(options.challenge, {"player": player, "name": name})
        return webauthn.options_to_json(options)

    async def add(self, player: str, credential: dict[str, Any], origin: str, rp_id: str) -> str:
        challenge, kept = await self._taken(credential)
        if kept.get("player") != player:
            raise Refused("the challenge was not this player's")
        try:
            made = webauthn.verify_registration_response(credential=credential, expected_challenge=challenge,
                                                         expected_origin=origin, expected_rp_id=rp_id)  # fmt: skip
        except WebAuthnException as exc:
            raise Refused(str(exc)) from exc
        cid = bytes_to_base64url(made.credential_id)
        record: dict[Any, str | float] = {"player": player, "name": kept.get("name") or "", "made": time.time(),
                  "key": bytes_to_base64url(made.credential_public_key), "count": made.sign_count}  # fmt: skip
        async with self.redis.pipeline(transaction=False) as pipe:  # two hash tags: not one transaction
            pipe.hset(passkey_key(cid), mapping=record)
            pipe.sadd(player_passkeys_key(player), cid)
            await pipe.execute()
        return cid

    async def listed(self, player: str) -> list[dict[str, Any]]:
        """The player's passkeys, oldest first: id, name, when added and last used (ms)."""
        ids = sorted(text(c) for c in await self.redis.smembers(player_passkeys_key(player)))
        async with self.redis.pipeline(transaction=False) as pipe:
            for cid in ids:
                pipe.hmget(passkey_key(cid), "player", "name", "made", "used")
            found = await pipe.execute()
        kept = sorted((float(made), cid, text(name or b""), used) for cid, (owner, name, made, used)
                      in zip(ids, found, strict=True) if owner is not None and text(owner) == player)  # fmt: skip
        stale = set(ids) - {cid for _, cid, _, _ in kept}
        if stale:  # a removal cut short between its two keys (they may live on two shards)
            await self.redis.srem(player_passkeys_key(player), *stale)
        return [{"id": cid, "name": name, "made": round(made * 1000),
                 "used": round(float(used) * 1000) if used is not None else None}
                for made, cid, name, used in kept]  # fmt: skip

    async def remove(self, player: str, cid: str) -> bool:
        """Forget one of the player's passkeys; False if they have none such."""
        owner = await self.redis.hget(passkey_key(cid), "player")
        if owner is None or text(owner) != player:
            return False
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(passkey_key(cid))
            pipe.srem(player_passkeys_key(player), cid)
            await pipe.execute()
        return True

    async def request(self, rp_id: str) -> str:
        options = webauthn.generate_authentication_options(rp_id=rp_id)
        await self._challenge(options.challenge, {"sign_in": True})
        return webauthn.options_to_json(options)

    async def sign_in(self, credential: dict[str, Any], origin: str, rp_id: str) -> dict[str, Any]:
        challenge, kept = await self._taken(credential)
        found = await self.redis.hgetall(passkey_key(str(credential.get("id", ""))))
        if not kept.get("sign_in") or not found:
            raise Refused("no such passkey")
        kept_key = {text(k): text(v) for k, v in found.items()}
        try:
            done = webauthn.verify_authentication_response(
                credential=credential, expected_challenge=challenge, expected_rp_id=rp_id, expected_origin=origin,
                credential_public_key=base64url_to_bytes(kept_key["key"]),
                credential_current_sign_count=int(kept_key["count"]),
            )  # fmt: skip
        except WebAuthnException as exc:
            raise Refused(str(exc)) from exc
        player = kept_key["player"]
        revoked = await self.tokens.revoked_at(player)
        if revoked is not None and float(kept_key["made"]) <= revoked:
            raise Refused("this player's tokens were revoked after the passkey was added")
        await self.redis.hset(passkey_key(str(credential["id"])), mapping={"count": done.new_sign_count,
                                                                            "used": time.time()})  # fmt: skip
        return {"player": player, "name": kept_key["name"], "token": await self.tokens.issue(player)}


def _json(options: str) -> Response:
    return Response(options, media_type="application/json", headers={"Cache-Control": "no-store"})


def _refused(exc: Refused, status: int) -> Response:
    return JSONResponse({"error": REFUSED, "detail": str(exc)}, status)


async def _body(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        body = None
    return body if isinstance(body, dict) else {}


def routes() -> list[Route]:
    """The routes, reading the node's `passkeys` and `signer` (set when it starts)."""

    async def add_options(request: Request) -> Response:
        got = await own(request, "passkeys")
        if isinstance(got, Response):
            return got
        parts, found = got
        try:
            _, rp_id = party(request)
        except Refused as exc:
            return _refused(exc, 400)
        name = clean_name((await _body(request)).get("name")) or found.name or ""
        return _json(await parts.creation(found.player, name, rp_id))

    async def kept(request: Request) -> Response:
        """GET: the player's passkeys; POST: a new one kept."""
        got = await own(request, "passkeys")
        if isinstance(got, Response):
            return got
        parts, found = got
        if request.method == "GET":
            return JSONResponse({"passkeys": await parts.listed(found.player)}, headers={"Cache-Control": "no-store"})
        try:
            origin, rp_id = party(request)
            cid = await parts.add(found.player, await _body(request), origin, rp_id)
        except Refused as exc:
            return _refused(exc, 400)
        return JSONResponse({"id": cid}, 201)

    async def remove(request: Request) -> Response:
        got = await own(request, "passkeys")
        if isinstance(got, Response):
            return got
        parts, found = got
        if not await parts.remove(found.player, request.path_params["credential"]):
            return JSONResponse({"error": GONE, "detail": "you have no passkey of that id"}, 404)
        return JSONResponse({"removed": True})

    async def sign_in_options(request: Request) -> Response:
        parts = part_of(request, "passkeys")
        if isinstance(parts, Response):
            return parts
        try:
            _, rp_id = party(request)
        except Refused as exc:
            return _refused(exc, 400)
        return _json(await parts.request(rp_id))

    async def sign_in(request: Request) -> Response:
        parts = part_of(request, "passkeys")
        if isinstance(parts, Response):
            return parts
        try:
            origin, rp_id = party(request)
            return JSONResponse(await parts.sign_in(await _body(request), origin, rp_id),
                                headers={"Cache-Control": "no-store"})  # fmt: skip
        except Refused as exc:
            return _refused(exc, 401)

    return [
        Route("/api/players/{player}/passkeys/options", add_options, methods=["POST"]),
        Route("/api/players/{player}/passkeys", kept, methods=["GET", "POST"]),
        Route("/api/players/{player}/passkeys/{credential}", remove, methods=["DELETE"]),
        Route("/api/passkeys/options", sign_in_options, methods=["POST"]),
        Route("/api/passkeys", sign_in, methods=["POST"]),
    ]
