"""A push service of the tests' own, on 127.0.0.1: what a browser vendor's push service
does with a push, checked the way the RFCs say.

- RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<key>`; the JWT is ES256-signed
  with the key `k`, which must be the server's published application server key; its
  `aud` is the endpoint's origin, its `exp` in the future and at most 24 hours away,
  its `sub` a contact.
- RFC 8291: the body is aes128gcm (RFC 8188), encrypted to the device's P-256 key and
  authentication secret; it is decrypted here with the device's private key.

Each device (`Device`) has an endpoint `/push/<name>`; one made `gone` answers 410, as a
push service does for a device that unsubscribed; one made `slow` holds each push until
the test lets it go (`go`), as a push service that does not answer."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

import http_ece
import jwt
from aiohttp import web
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from tests.cluster import free_port


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's subscription: its keys (the private one stays here) and what reached it."""

    name: str
    endpoint: str
    gone: bool = False
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))
    received: list[dict[str, Any]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # what the service found wrong with a push
    slow: bool = False
    held: int = 0  # pushes being held (a slow device), not answered yet
    go: asyncio.Event = field(default_factory=asyncio.Event)  # set: a slow device answers

    def subscription(self) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)  # fmt: skip
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}


class PushService:
    def __init__(self, application_key: str) -> None:
        self.application_key = application_key  # GET /api/push/key: the only key it accepts
        self.port = free_port()
        self.origin = f"http://127.0.0.1:{self.port}"
        self.devices: dict[str, Device] = {}
        self.runner: web.AppRunner | None = None

    def device(self, name: str, gone: bool = False, slow: bool = False) -> Device:
        d = self.devices[name] = Device(name, f"{self.origin}/push/{name}", gone, slow=slow)
        return d

    async def start(self) -> PushService:
        app = web.Application()
        app.router.add_post("/push/{name}", self.push)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()
        return self

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    async def push(self, request: web.Request) -> web.Response:
        d = self.devices.get(request.match_info["name"])
        if d is None or d.gone:
            return web.Response(status=410)
        wrong = self.vapid_wrong(request.headers.get("Authorization", ""))
        if wrong:
            d.refused.append(wrong)
            return web.Response(status=401, text=wrong)
        if request.headers.get("Content-Encoding") != "aes128gcm" or "TTL" not in request.headers:
            d.refused.append("not aes128gcm, or no TTL")
            return web.Response(status=400)
        body = await request.read()
        if d.slow:
            d.held += 1
            try:
                await d.go.wait()
            finally:
                d.held -= 1
        plain = http_ece.decrypt(body, private_key=d.key, auth_secret=d.auth, version="aes128gcm")
        d.received.append(json.loads(plain))
        return web.Response(status=201)

    def vapid_wrong(self, header: str) -> str:
        """What is wrong with the request's VAPID authorization (RFC 8292), or ""."""
        scheme, _, params = header.partition(" ")
        if scheme.lower() != "vapid":
            return "no vapid authorization"
        fields = dict(p.strip().split("=", 1) for p in params.split(","))
        if fields.get("k") != self.application_key:
            return "signed with another key than the server's"
        x962 = unb64url(fields["k"])
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), x962)
        try:
            claims = jwt.decode(fields.get("t", ""), key, algorithms=["ES256"], audience=self.origin,
                                options={"require": ["exp", "aud", "sub"]})  # fmt: skip
        except jwt.InvalidTokenError as exc:
            return f"bad JWT: {exc}"
        if claims["exp"] > time.time() + 24 * 3600:
            return "exp more than 24 hours away"
        if not str(claims["sub"]).startswith(("mailto:", "https:")):
            return "sub is not a contact"
        return ""
