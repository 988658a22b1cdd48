"""Before the websocket: a cap on connections per IP and a deadline for the HTTP upgrade.

uvicorn's HTTP protocol starts no timer until a first response is complete, so a TCP
connection that sends nothing, or half a request, is held forever. `GuardedHTTP` (given
to uvicorn as its `http` protocol) arms a deadline when the connection is accepted and
again after each response: when it passes with no request being answered, and the
connection was not handed to the websocket protocol, it is closed. It also counts the
connections of each IP address (until they close, the websocket's life included) and
answers a connection over `ip_connections` with 429 at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

TOO_MANY = (
    b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain\r\ncontent-length: 40\r\n"
    b"connection: close\r\n\r\ntoo many connections from this address\r\n"
)


def peer_ip(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else ""


class Admission:
    """Open connections per IP address, in this process."""

    def __init__(self) -> None:
        self.cap = 0
        self.timeout = 10.0
        self.by_ip: Counter[str] = Counter()
        self.held: dict[int, str] = {}

    def configure(self, settings: Any) -> None:
        self.cap = int(settings.ip_connections)
        self.timeout = float(settings.handshake_timeout)

    def enter(self, transport: asyncio.BaseTransport) -> bool:
        ip = peer_ip(transport)
        if self.cap and self.by_ip[ip] >= self.cap:
            return False
        self.by_ip[ip] += 1
        self.held[id(transport)] = ip
        return True

    def leave(self, transport: asyncio.BaseTransport) -> None:
        ip = self.held.pop(id(transport), None)
        if ip is not None:
            self.by_ip[ip] -= 1
            if self.by_ip[ip] <= 0:
                del self.by_ip[ip]


ADMISSION = Admission()


class GuardedHTTP(AutoHTTPProtocol):  # type: ignore[misc, valid-type]
    """uvicorn's HTTP protocol with the per-IP cap and the upgrade deadline."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        if not ADMISSION.enter(transport):
            with contextlib.suppress(Exception):
                transport.write(TOO_MANY)  # type: ignore[attr-defined]
            transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        if ADMISSION.timeout > 0:
            self._deadline = asyncio.get_running_loop().call_later(ADMISSION.timeout, self._expired)

    def _expired(self) -> None:
        t = self.transport
        if t is None or t.is_closing() or t.get_protocol() is not self:
            return  # closed, or now the websocket's
        if self.cycle is not None and not self.cycle.response_complete:
            self._arm()  # a request is being answered: give it another period
            return
        t.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._deadline is not None:
            self._deadline.cancel()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        ADMISSION.leave(self.transport)
        super().connection_lost(exc)
