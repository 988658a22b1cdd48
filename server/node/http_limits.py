"""Cost-weighted limits on HTTP requests, per client address (issue 36, hole 2).

Every HTTP request is priced in units by what it makes the node do (PRICES: a replay
check replays a whole game through the engine, its steps replay it up to a page, a
room's log or the archive is read; anything else — a file of the web app, the list of
games — costs DEFAULT_PRICE) and paid from a token bucket of its client address
(`server.runtime.buckets.Bucket`: `http_rate` units a second, `http_burst` at once). A
request its address cannot pay is answered 429 with Retry-After (whole seconds until it
can) before it reaches its route, so it costs the node no more than that answer. The
probes and /metrics are free: a load balancer or Prometheus polling them is never
refused.

The table of addresses is bounded (MAX_ADDRESSES): buckets full again are forgotten
every SWEEP_SECONDS (a full bucket is what a new one would be), and when the table is
full anyway the address seen least recently goes. Traffic from that many addresses may
thus reset some buckets; it never grows the table.

Behind a load balancer, a node told its proxies (`trusted_proxies`) keys these limits on
the client's address from X-Forwarded-For (server.transport.proxies), as the websocket's
own limits do; otherwise on the TCP peer. The websocket (/ws) is served in uvicorn's
websocket slot and never passes here.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict

from starlette.responses import JSONResponse
from starlette.routing import compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

from server.runtime.buckets import Bucket
from server.transport import proxies

# route path -> units; the first that matches prices a request
PRICES: dict[str, int] = {
    "/api/rooms/{room}/replay/check": 20,  # the whole game through the engine (once per finished room)
    "/api/rooms/{room}/steps": 10,  # the game through the engine up to the page asked
    "/api/rooms/{room}/replay": 5,  # a room's log, or a game from the archive
    "/api/rooms/{room}/said": 5,  # a room's log
    "/api/players/{player}/handover": 5,  # a token checked, a code written (or revoked)
    "/api/handover/{code}": 50,  # a code tried (and a token signed): guessing is paid dearly
    "/api/players/{player}/passkeys/options": 5,  # a token checked, a challenge written
    "/api/players/{player}/passkeys": 10,  # a credential verified and kept (or the player's listed)
    "/api/players/{player}/passkeys/{credential}": 5,  # one removed
    "/api/passkeys/options": 5,  # a challenge written
    "/api/passkeys": 20,  # a signature verified (and a token signed)
    "/api/players/{player}/games": 5,  # the documents of every room the player sits in
    "/api/players/{player}/vacation": 5,  # a commit in each of the player's correspondence rooms
    "/api/players/{player}/push": 5,  # a token checked, the archive's database written
    "/api/players/{player}/notifications": 5,
    "/api/players/{player}": 5,  # the archive
    "/api/leaderboard/{game}": 2,
    "/api/tv": 5,  # the best players' rooms looked at (bounded; kept 5 s a node)
    "/api/rooms": 2,
    "/api/games/{game:str}/schema": 2,  # a game's schema document, built and encoded
    "/api/openapi.yaml": 2,  # the API descriptions, read from docs/
    "/api/asyncapi.yaml": 2,
    "/api/push/key": 1,  # the public key, kept in memory
    "/api/admin/rooms": 10,  # the operators' console (server.console): every room's document
    "/api/admin/rooms/{room}": 5,  # a room's view and log
    "/api/admin/rooms/{room}/end": 5,  # a commit
    "/api/admin/rooms/{room}/players/{player}/remove": 5,
    "/api/admin/queues": 5,  # every queue's tickets
    "/api/admin/players/{player}/revoke": 2,
    "/api/admin/sockets/{socket}/close": 2,
    "/api/admin/sockets": 2,
    "/api/admin/actions": 2,
    "/api/admin/metrics": 2,
    "/api/admin": 2,  # who the token names
    "/api/admin/reports": 2,  # the latest reports of players
    "/api/friends": 5,  # each friend's marks and latest rooms read
    "/api/friends/{player}": 2,  # a follow written
    "/api/blocks/{player}": 2,  # a block written both ways
    "/api/blocks": 2,
    "/api/invitations/{room}": 2,
    "/api/invitations": 2,
    "/api/reports": 5,  # a report recorded (and counted against the reporter)
    "/api/tournaments/past": 5,  # a page of the archive's tournaments over
    "/api/tournaments/{tid}/result": 5,  # a tournament's result read from the archive
    "/api/tournaments/{tid}/players": 5,  # a token checked, the entry written
    "/api/tournaments/{tid}": 5,  # a tournament whole, its standings computed
    "/api/tournaments": 5,  # every tournament listed (an operator's POST: checked and written)
    "/live": 0,
    "/ready": 0,
    "/health": 0,
    "/metrics": 0,
}
DEFAULT_PRICE = 1
MAX_ADDRESSES = 10_000
SWEEP_SECONDS = 10.0


class HttpLimits:
    """ASGI middleware: charge each HTTP request to its address's bucket, or answer 429."""

    def __init__(self, app: ASGIApp, rate: float, burst: float, proxies: str = "") -> None:
        self.app = app
        self.rate, self.burst = rate, burst
        self.proxies = proxies
        self.prices = [(compile_path(path)[0], price) for path, price in PRICES.items()]
        self.addresses: OrderedDict[str, Bucket] = OrderedDict()  # least recently seen first
        self.swept = time.monotonic()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.rate <= 0:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        peer = client[0] if client else ""
        if self.proxies:
            forwarded = next((v for k, v in scope["headers"] if k == b"x-forwarded-for"), None)
            peer = proxies.client_address(peer, forwarded.decode("latin-1") if forwarded else None, self.proxies)
        wait = self.charge(peer, self.price(scope["path"]))
        if wait is None:
            await self.app(scope, receive, send)
            return
        refusal = JSONResponse(
            {"error": "rate_limited", "detail": "over this address's HTTP rate limit: wait, then ask again",
             "retry_after": max(1, math.ceil(wait * 1000))},
            status_code=429,
            headers={"Retry-After": str(max(1, math.ceil(wait)))},
        )  # fmt: skip
        await refusal(scope, receive, send)

    def price(self, path: str) -> int:
        for pattern, price in self.prices:
            if pattern.match(path):
                return price
        return DEFAULT_PRICE

    def charge(self, address: str, price: int) -> float | None:
        """Pay `price` from the address's bucket: None when paid, else the seconds until
        it could be (nothing paid)."""
        if price <= 0:
            return None
        cost = min(float(price), self.burst)  # a price above the burst would never be paid
        bucket = self.addresses.get(address)
        if bucket is None:
            self._make_room(time.monotonic())
            bucket = self.addresses[address] = Bucket(self.rate, self.burst)
        else:
            self.addresses.move_to_end(address)
        now = time.monotonic()  # not before the bucket's own stamp
        if bucket.take(cost, now):
            return None
        return (cost - bucket.tokens) / self.rate

    def _make_room(self, now: float) -> None:
        if now - self.swept >= SWEEP_SECONDS:
            self.swept = now
            for address in [a for a, b in self.addresses.items() if b.full(now)]:
                del self.addresses[address]
        while len(self.addresses) >= MAX_ADDRESSES:
            self.addresses.popitem(last=False)
