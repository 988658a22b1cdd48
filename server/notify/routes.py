"""The notification routes:

GET    /api/push/key                        the application server's public key (VAPID), base64url:
                                            what PushManager.subscribe takes as applicationServerKey
POST   /api/players/{player}/push           {"endpoint", "keys": {"p256dh", "auth"}, "device"?}: a device subscribes
DELETE /api/players/{player}/push           {"endpoint"}: it unsubscribes
GET    /api/players/{player}/notifications  their settings: {"push", "email", "events", "devices", "email_sent"}
PUT    /api/players/{player}/notifications  {"push"?, "email"?, "events"?}: change them

The player's routes answer only the player themselves (`Authorization: Bearer <token>`:
401 without a good one, 403 for another player's), as their games list does. An
endpoint must be an https URL (plain http too where `LONGHALL_PUSH_HTTP` allows it: a
push service of one's own on a private network, the tests')."""

from __future__ import annotations

import base64
import binascii
import re
from typing import TYPE_CHECKING, Any, Protocol, cast
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.notify.outbox import KINDS
from server.notify.wishes import Device, Wishes
from server.runtime.bearer import STARTING, own

if TYPE_CHECKING:  # (SQLAlchemy is loaded with the archive, in the background)
    from server.notify.book import Book

EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]{1,190}\.[^@\s]{2,}$")


class Parts(Protocol):
    """What the routes need of the node's notifications (server.notify.service)."""

    public_key: str | None
    http_endpoints: bool
    mail: bool

    def book(self) -> Book | None: ...


def _key(text: Any, size: int) -> bool:
    if not isinstance(text, str) or len(text) > 128:
        return False
    try:
        return len(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))) == size
    except (binascii.Error, ValueError):
        return False


def device_of(body: Any, http: bool) -> Device | str:
    """The subscription a device sent, or what is wrong with it."""
    if not isinstance(body, dict):
        return "send the PushSubscription as JSON"
    endpoint, keys = body.get("endpoint"), body.get("keys")
    if not isinstance(endpoint, str) or len(endpoint) > 2048:
        return "endpoint: a URL"
    u = urlsplit(endpoint)
    if not u.hostname or u.scheme not in (("https", "http") if http else ("https",)):
        return "endpoint: an https URL"
    if not isinstance(keys, dict) or not _key(keys.get("p256dh"), 65) or not _key(keys.get("auth"), 16):
        return "keys: p256dh (65 bytes) and auth (16 bytes), base64url"
    return Device(endpoint, keys["p256dh"], keys["auth"])


def wishes_of(body: Any, was: Wishes) -> Wishes | str:
    """The settings after a PUT's changes, or what is wrong with them."""
    if not isinstance(body, dict):
        return "send the settings as a JSON object"
    push, email, events = body.get("push", was.push), body.get("email", was.email), body.get("events", was.events)
    if not isinstance(push, bool):
        return "push: true or false"
    if email == "":
        email = None
    if email is not None and (not isinstance(email, str) or not EMAIL.match(email)):
        return "email: an address, or null"
    if not isinstance(events, list) or any(e not in KINDS for e in events):
        return f"events: a list of {', '.join(KINDS)}"
    return Wishes(push, email, [k for k in KINDS if k in events])


def routes() -> list[Route]:
    """The routes, reading the node's `notifications` and `signer` (set when it starts)."""

    def parts_of(request: Request) -> Parts | None:
        return getattr(request.app.state.node, "notifications", None)

    async def who(request: Request) -> tuple[Book, str] | Response:
        got = await own(request, "notifications")
        if isinstance(got, Response):
            return got
        parts, verified = got
        book = cast(Parts, parts).book()
        return JSONResponse(STARTING, 503) if book is None else (book, str(verified.player))

    async def body(request: Request) -> Any:
        try:
            return await request.json()
        except ValueError:
            return None

    async def key(request: Request) -> Response:
        parts = parts_of(request)
        if parts is None or parts.public_key is None:
            return JSONResponse({"error": "unavailable", "detail": "the node is starting"}, 503)
        return JSONResponse({"key": parts.public_key}, headers={"Cache-Control": "public, max-age=3600"})

    async def push(request: Request) -> Response:
        got = await who(request)
        if isinstance(got, Response):
            return got
        book, player = got
        asked = await body(request)
        parts = parts_of(request)
        device = device_of(asked, parts is not None and parts.http_endpoints)
        if isinstance(device, str):
            return JSONResponse({"error": "bad_field", "detail": device}, 400)
        if request.method == "DELETE":
            gone = await book.unsubscribe(player, device.endpoint)
            return JSONResponse({"unsubscribed": gone})
        name = asked.get("device")
        await book.subscribe(player, device, name[:64] if isinstance(name, str) else "")
        return JSONResponse({"subscribed": True, "devices": len(await book.devices(player))}, 201)

    async def settings(request: Request) -> Response:
        got = await who(request)
        if isinstance(got, Response):
            return got
        book, player = got
        wishes = await book.wishes(player)
        if request.method == "PUT":
            changed = wishes_of(await body(request), wishes)
            if isinstance(changed, str):
                return JSONResponse({"error": "bad_field", "detail": changed}, 400)
            await book.wish(player, changed)
            wishes = changed
        parts = parts_of(request)
        out = {**wishes.as_json(), "devices": len(await book.devices(player)), "email_sent": bool(parts and parts.mail)}
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    return [
        Route("/api/push/key", key),
        Route("/api/players/{player}/push", push, methods=["POST", "DELETE"]),
        Route("/api/players/{player}/notifications", settings, methods=["GET", "PUT"]),
    ]
