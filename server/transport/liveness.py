"""Connections that must not linger: no `hello` in time, idle in no room, or deaf to pings.

One task per node looks over every connection once a second (cheaper than a timer per
socket, and a node holds thousands): a connection that has not said `hello` within
`hello_timeout` is closed with 4000; one that is in no room and has sent no request for
`idle_timeout` with 4001; every `ping_interval` of silence the server sends a websocket
ping, and a ping unanswered (no frame at all) for `ping_timeout` closes with 4002.
A connection in a room may stay silent as long as it answers pings: a spectator of a
long game sends nothing.

Connections that never finish the HTTP upgrade are server/transport/handshake.py's business.
"""

from __future__ import annotations

import time
from typing import Any

from protocol.errors import CLOSE_HELLO_TIMEOUT, CLOSE_IDLE, CLOSE_NO_PONG
from server.runtime import metrics
from server.runtime.loops import Loops
from server.transport.limits import Conn

TICK = 1.0


def due(sess: Any, conn: Conn, s: Any, now: float) -> tuple[int, str] | None:
    """The close a connection has earned now, if any; sends a ping when one is due."""
    if sess.player is None and now - conn.opened > s.hello_timeout:
        return CLOSE_HELLO_TIMEOUT, "no hello in time"
    if not sess.rooms and now - conn.active > s.idle_timeout:
        return CLOSE_IDLE, "idle"
    if s.ping_interval <= 0:
        return None
    if conn.pinged and now - conn.pinged > s.ping_timeout:
        return CLOSE_NO_PONG, "no pong"
    if not conn.pinged and now - conn.seen > s.ping_interval:
        conn.pinged = now
        ping = getattr(sess.out, "ping", None)
        if ping is not None:
            ping()
    return None


class Liveness:
    def __init__(self, limits: Any, settings: Any) -> None:
        self.limits = limits
        self.settings = settings

    def register(self, loops: Loops) -> None:
        """Its loop: a look at every socket, TICK seconds apart (less when hellos are due sooner)."""
        loops.every("liveness", min(TICK, max(0.05, self.settings.hello_timeout / 4)), self.look)

    async def look(self) -> None:
        self.tick()
        self.limits.sweep()

    def tick(self) -> None:
        now = time.monotonic()
        for sess, conn in list(self.limits.conns.items()):
            if sess.closed:
                continue
            close = due(sess, conn, self.settings, now)
            if close is not None:
                sess.close(*close)
                metrics.rate_limit_closed(close[1])
