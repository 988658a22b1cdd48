"""Cost-weighted rate limits: per connection, per player and per IP address.

Every request costs units by what it makes the server do (COSTS: a `ping` 1, a `legal`
or `resync` 10, a `create` 20). Each connection, each player (on this node) and each IP
address has a token bucket of units; a request is served only when all three hold its
cost, and is then charged to all three. A request answered from a cache (a `legal` at
the seq its answer was computed for) is refunded down to CACHED_COST. A refused request
is answered `rate_limited` with `retry_after` (ms until every bucket can pay it) and its
move id, if any, and changes nothing. A request sent before the previous refusal's
`retry_after` was over is a strike; a connection whose strikes outrun their decay
(`strikes`) is closed with CLOSE_POLICY. A client that waits as told is never closed.

A new websocket is let in only while its address's bucket holds CONNECT_FLOOR units
(`welcome`; it charges nothing): an address that has spent its allowance (a flooder's,
in debt for its forged tokens) is turned away with 429 and Retry-After before a session
exists or a frame of it is read, so a flood that reconnects after every close costs the
node a short HTTP answer a try, not a socket's worth of refusals.

Per-player buckets live in this node's memory: a player spread over several nodes gets
each node's allowance (storage quotas, which must hold across nodes, are in
server/identity/quotas.py). Buckets of connections are dropped when they close; per-player and
per-IP buckets once they are full again (`sweep`).

Deliberately left out: addresses behind a proxy. Limits key on the TCP peer; behind a
load balancer, raise the per-IP figures or terminate on the nodes themselves.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from protocol.codec import encode
from protocol.errors import CLOSE_POLICY, ErrorCode
from server.runtime import metrics
from server.runtime.buckets import Bucket

COSTS: dict[str, int] = {
    "ping": 1,
    "hello": 2,
    "move": 2,
    "leave": 2,
    "unqueue": 2,
    "join": 4,
    "spectate": 4,
    "start": 4,
    "kick": 4,
    "add_bot": 4,
    "unban": 4,
    "claim": 4,
    "undo": 4,
    "chat": 4,
    "queue": 4,
    "rematch": 4,
    "invite": 4,
    "legal": 10,
    "resync": 10,
    "create": 20,
}
CACHED_COST = 1
# a `hello` whose token does not verify costs this much more: a flood of forged tokens
# (each a signature check, and a key derived for its kid) is throttled to a few a second
# per connection and per address, while a client that resends without the token pays once
REFUSED_TOKEN_COST = 20
STRIKE_DECAY = 1.0  # refusals forgiven per second
CONNECT_FLOOR = 10  # units an address must hold for a new websocket of it to be let in


@dataclass
class Conn:
    """What the limits know of one connection."""

    ip: str
    bucket: Bucket
    opened: float = field(default_factory=time.monotonic)
    seen: float = field(default_factory=time.monotonic)  # last frame from the peer (pongs too)
    active: float = field(default_factory=time.monotonic)  # last request from the peer
    pinged: float = 0.0  # when the unanswered server ping went out (0: none outstanding)
    strikes: float = 0.0
    struck: float = field(default_factory=time.monotonic)
    calm_until: float = 0.0  # a refusal told the peer to wait until then (retry_after)


class Limiter:
    """The three buckets of every request, and the strikes that close a flooder."""

    def __init__(self, settings: Any) -> None:
        self.s = settings
        self.conns: dict[Any, Conn] = {}  # session -> Conn
        self.players: dict[str, Bucket] = {}
        self.ips: dict[str, Bucket] = {}

    def opened(self, sess: Any, ip: str) -> Conn:
        conn = self.conns[sess] = Conn(ip, Bucket(self.s.conn_rate, self.s.conn_burst))
        return conn

    def welcome(self, ip: str) -> float:
        """A websocket upgrade from `ip`: 0.0 to let it in, else the seconds until the
        address's bucket holds CONNECT_FLOOR again."""
        b = self.ips.get(ip) if self.s.ip_rate > 0 else None
        if b is None or b.level(time.monotonic()) >= CONNECT_FLOOR:
            return 0.0
        return (CONNECT_FLOOR - b.tokens) / b.rate

    def closed(self, sess: Any) -> None:
        self.conns.pop(sess, None)

    def _buckets(self, sess: Any, conn: Conn) -> list[Bucket]:
        out = [conn.bucket]
        if sess.player is not None and self.s.player_rate > 0:
            b = self.players.get(sess.player)
            if b is None:
                b = self.players[sess.player] = Bucket(self.s.player_rate, self.s.player_burst)
            out.append(b)
        if self.s.ip_rate > 0:
            b = self.ips.get(conn.ip)
            if b is None:
                b = self.ips[conn.ip] = Bucket(self.s.ip_rate, self.s.ip_burst)
            out.append(b)
        return out

    def charge(self, sess: Any, msg: dict[str, Any]) -> bool:
        """Charge a decoded request to its buckets; False (and the peer told, or closed)
        when one of them cannot pay."""
        conn = self.conns.get(sess)
        if conn is None:
            return True
        now = time.monotonic()
        conn.active = now
        cost = COSTS.get(msg["t"], 1)
        buckets = self._buckets(sess, conn)
        if all(b.level(now) >= cost for b in buckets):
            for b in buckets:
                b.tokens -= cost
            return True
        wait = max((cost - b.tokens) / b.rate for b in buckets if b.tokens < cost)
        self._strike(sess, conn, now, msg, wait)
        return False

    def heard(self, sess: Any) -> None:
        """Any frame from the peer, a pong included: it is alive."""
        conn = self.conns.get(sess)
        if conn is not None:
            conn.seen = time.monotonic()
            conn.pinged = 0.0

    def penalise(self, sess: Any, units: int) -> None:
        """The request turned out dearer than its price (a forged token): charge the rest,
        as a debt its buckets pay off before they serve again."""
        conn = self.conns.get(sess)
        if conn is None:
            return
        for b in self._buckets(sess, conn):
            b.tokens -= units

    def refund(self, sess: Any, t: str) -> None:
        """The request was answered from a cache: it costs CACHED_COST only."""
        conn = self.conns.get(sess)
        if conn is None:
            return
        back = COSTS.get(t, 1) - CACHED_COST
        for b in self._buckets(sess, conn):
            b.tokens = min(b.burst, b.tokens + back)

    def _strike(self, sess: Any, conn: Conn, now: float, msg: dict[str, Any], wait: float) -> None:
        """Refuse the request, saying how long to wait. Only a request sent before the
        previous refusal's wait was over is a strike: a client that waits as told is
        never closed, however busy it is; one that keeps sending while refused is."""
        conn.strikes = max(0.0, conn.strikes - (now - conn.struck) * STRIKE_DECAY)
        if now < conn.calm_until:  # a polite resend arrives later: the answer's trip and the wait
            conn.strikes += 1
        conn.struck = now
        conn.calm_until = now + wait
        if conn.strikes > self.s.strikes:
            sess.close(CLOSE_POLICY, "rate limit exceeded again and again")
            metrics.rate_limit_closed("strikes")
            return
        err: dict[str, Any] = {
            "t": "error",
            "code": ErrorCode.RATE_LIMITED.value,
            "detail": f"over the rate limit: this {msg['t']} was not served; slow down and send it again",
            "retry_after": max(1, math.ceil(wait * 1000)),
        }
        if msg["t"] == "move":
            err["id"] = msg["id"]
        sess.send_frame(encode(err))

    def sweep(self) -> None:
        """Forget per-player and per-IP buckets that are full again."""
        now = time.monotonic()
        for table in (self.players, self.ips):
            for key in [k for k, b in table.items() if b.full(now)]:
                del table[key]
