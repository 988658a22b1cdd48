"""The websocket endpoint, lean: uvicorn's websocket protocol slot, without ASGI.

uvicorn parses HTTP and hands an upgrade request to its websocket protocol class; this
class takes that slot (`ws="server.transport.websocket:LeanWebSocket"`). It speaks websockets with
the sans-I/O `websockets.ServerProtocol`, accepts only `/ws`, and hands whole messages
to the gateway. Client frames in the common case (final, masked, binary, no extension,
no fragmented message under way) are read here too, at a sixth of the protocol object's
cost; every other frame is handed whole to the protocol object, whose parser so stays at
a frame boundary (control frames: pings answered, closes acknowledged; anything unusual:
its own errors and close codes). An idle connection holds no task, no queue and no
event: the transport, this object, the protocol's parser and a Session, about half of
what an ASGI socket costs. Messages are handled one at a time per socket by a worker
task that exists only while messages wait; reading pauses while too many wait. Frames go
out at once, in order, through `write`; a peer that stops reading until `max_buffer`
bytes wait is closed (1013) rather than allowed to hold the node's memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections import deque
from typing import Any

from websockets.frames import Frame, Opcode, apply_mask  # type: ignore[attr-defined]  # apply_mask: websockets' C speedup where built
from websockets.http11 import Request
from websockets.protocol import State
from websockets.server import ServerProtocol

from protocol.errors import CLOSE_FAULT, CLOSE_RESTART, CLOSE_TRY_AGAIN
from server.runtime import metrics
from server.transport import proxies
from server.transport.handshake import ADMISSION, peer_ip
from server.transport.origins import origin_allowed

log = logging.getLogger("longhall.ws")
PAUSE_AT = 64  # waiting messages before reading pauses
CLOSE_TIMEOUT = 3.0  # seconds a closing peer has to answer our close frame


def binary_header(n: int) -> bytes:
    """The header of a server's final binary frame of `n` bytes: no mask, no extension."""
    if n < 126:
        return bytes((0x82, n))
    if n < 1 << 16:
        return b"\x82\x7e" + n.to_bytes(2, "big")
    return b"\x82\x7f" + n.to_bytes(8, "big")


class LeanWebSocket(asyncio.Protocol):
    def __init__(self, config: Any, server_state: Any, app_state: Any = None, _loop: Any = None) -> None:
        # the gateway the node's lifespan put in its state (server.node.app); none in a bare app
        self.gateway: Any = (app_state or {}).get("gateway")
        self.connections = server_state.connections
        self.conn = ServerProtocol(max_size=config.ws_max_size)
        self.transport: asyncio.Transport | None = None
        self.sess: Any = None
        self.inbox: deque[bytes | str] | None = None
        self.worker: asyncio.Task[None] | None = None
        self.parts: list[bytes] | None = None  # a fragmented message being assembled
        self.held: list[bytes] | None = None  # frames kept for one write (hold, release)
        self.paused = False
        self.closing = False
        self.draining = False
        self.peer = ""

    # -- transport events --------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.connections.add(self)
        self.transport = transport  # type: ignore[assignment]
        self.peer = peer_ip(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.connections.discard(self)
        if self.transport is not None:
            ADMISSION.leave(self.transport)  # counted since the HTTP protocol accepted it
        if self.sess is not None:
            sess, self.sess = self.sess, None
            sess.closed = True
            asyncio.get_running_loop().create_task(self.gateway.gone(sess))

    def data_received(self, data: bytes) -> None:
        if self._at_boundary():
            try:
                data = self._fast(data)
            except Exception:  # a fault of ours: close this socket (1011), keep serving the rest
                log.exception("websocket frame failed")
                self.close(CLOSE_FAULT, "server fault")
                return
        if data:
            self._feed(data)

    def _at_boundary(self) -> bool:
        """Whether client frames may be read here: the connection is open without an
        extension and the protocol object's parser holds no part of a frame."""
        buffer = getattr(self.conn.reader, "buffer", None)
        return (buffer is not None and not buffer and self.conn.state is State.OPEN and not self.conn.extensions
                and not self.closing)  # fmt: skip

    def _fast(self, data: bytes) -> bytes:
        """Read the whole frames at the start of `data` (RFC 6455 5.2): a final, masked
        binary frame within the size limit, outside a fragmented message, is unmasked
        here; any other frame goes whole to the protocol object. Returns what is left
        for the protocol object from the first frame it must parse itself on, or that has
        not fully come yet (its buffer grows in place; one kept here would be copied again
        at every segment of a frame sent a byte at a time)."""
        i, n = 0, len(data)
        limit = self.conn.max_message_size
        while n - i >= 2:
            b0, b1 = data[i], data[i + 1]
            size, head = b1 & 0x7F, i + 2
            if size == 126:
                size, head = int.from_bytes(data[i + 2 : i + 4], "big"), i + 4
            elif size == 127:
                size, head = int.from_bytes(data[i + 2 : i + 10], "big"), i + 10
            if head > n:
                break  # the header itself is still on its way
            if not b1 & 0x80 or (limit is not None and size > limit) or b0 & 0x70 or not b0 & 0x80:
                return data[i:]  # unmasked, too large, reserved bits, or fragmented: not ours to read
            end = head + 4 + size
            if end > n:
                break  # the rest of this frame is still on its way
            if b0 == 0x82 and self.parts is None:
                if self.sess is not None:
                    self.gateway.limits.heard(self.sess)
                self._received(apply_mask(data[head + 4 : end], data[head : head + 4]))
            else:  # a control or text frame, whole
                self._feed(data[i:end])
                if not self._at_boundary():
                    return data[end:]
            i = end
        return data[i:]

    def _feed(self, data: bytes) -> None:
        """Hand bytes to the protocol object (the handshake, and frames not read here)."""
        self.conn.receive_data(data)
        try:
            for event in self.conn.events_received():
                if isinstance(event, Request):
                    self._handshake(event)
                elif isinstance(event, Frame):
                    self._frame(event)
        except Exception:  # a fault of ours: close this socket (1011), keep serving the rest
            log.exception("websocket event failed")
            self.close(CLOSE_FAULT, "server fault")
        self._flush()
        if self.conn.close_sent is not None and self.conn.close_rcvd is None and not self.closing:
            self._closing()  # the protocol object failed the connection (a frame it forbids): as our own close
        # a failed handshake, or the peer's close: end TCP now; when we started the
        # close, once the peer has answered it (close() explains why)
        answered = not self.closing or self.conn.close_rcvd is not None
        done = self.conn.state is State.CLOSED or (self.conn.close_expected() and answered)
        if done and self.transport is not None:
            self.transport.close()

    def shutdown(self) -> None:
        """Node shutdown (uvicorn calls it once it stops listening): read nothing more,
        let the frames already received finish (their commits and answers), then close
        with 1012 so the client reconnects, through the load balancer, to another node."""
        t = self.transport
        if t is None or self.draining:
            return
        self.draining = True
        if self.conn.state is not State.OPEN:
            t.close()
        elif self.worker is None:
            self.close(CLOSE_RESTART, "node shutting down; reconnect")
        elif not self.paused:
            self.paused = True
            t.pause_reading()  # the worker closes the socket when its inbox is done

    # -- websocket events ----------------------------------------------------------------
    def _handshake(self, request: Request) -> None:
        if request.path.partition("?")[0] != "/ws":
            self.conn.send_response(self.conn.reject(404, "Longhall speaks websockets at /ws\n"))
            return
        settings = self.gateway.settings if self.gateway is not None else None
        if settings is not None and not origin_allowed(request.headers, settings.origins):
            self.conn.send_response(self.conn.reject(403, "this origin may not connect\n"))
            return
        if settings is not None and settings.trusted_proxies:
            forwarded = request.headers.get("X-Forwarded-For")
            self.peer = proxies.client_address(self.peer, forwarded, settings.trusted_proxies)
        wait = self.gateway.limits.welcome(self.peer) if self.gateway is not None else 0.0
        if wait > 0:  # an address in debt: turned away before any session exists
            refused = self.conn.reject(429, "too many requests from this address; wait and reconnect\n")
            refused.headers["Retry-After"] = str(max(1, math.ceil(wait)))
            self.conn.send_response(refused)
            metrics.rate_limit_closed("address")
            return
        response = self.conn.accept(request)
        self.conn.send_response(response)
        if response.status_code == 101 and self.gateway is not None:
            self.sess = self.gateway.open(self)

    def _frame(self, frame: Frame) -> None:
        if self.sess is not None:
            self.gateway.limits.heard(self.sess)  # any frame, a pong too: the peer is alive
        if frame.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
            if frame.opcode is not Opcode.CONT:
                self.parts = []
            if self.parts is None:
                return
            self.parts.append(bytes(frame.data))
            if frame.fin:
                data = b"".join(self.parts)
                self.parts = None
                self._received(data if frame.opcode is not Opcode.TEXT else data.decode(errors="replace"))
        # PING is answered and CLOSE acknowledged by the protocol object itself

    def _received(self, data: bytes | str) -> None:
        sess = self.sess
        if sess is None or sess.closed or self.closing or not self.gateway.admit(sess):
            return
        if self.inbox is None:
            self.inbox = deque()
        self.inbox.append(data)
        if len(self.inbox) >= PAUSE_AT and self.transport is not None and not self.paused:
            self.paused = True
            self.transport.pause_reading()
        if self.worker is None:
            self.worker = asyncio.get_running_loop().create_task(self._work())

    async def _work(self) -> None:
        try:
            while self.inbox and self.sess is not None:
                if self.paused and not self.draining and len(self.inbox) < PAUSE_AT // 2 and self.transport:
                    self.paused = False
                    self.transport.resume_reading()
                if not await self.gateway.frame(self.sess, self.inbox.popleft()):
                    break
        finally:
            self.worker = None
            if not self.inbox:
                self.inbox = None  # an idle socket keeps no buffer
            if self.draining:
                self.close(CLOSE_RESTART, "node shutting down; reconnect")

    # -- output (Session's writer) -------------------------------------------------------
    def write(self, frame: bytes) -> None:
        t = self.transport
        if t is None or t.is_closing():
            return
        if self.conn.state is State.OPEN and not self.conn.extensions:
            # the common case framed here: one unmasked, final binary frame (RFC 6455 5.2)
            # costs a header; the protocol object's framing costs more than the commit's diff
            if self.held is not None:
                self.held += (binary_header(len(frame)), frame)
                return
            t.write(binary_header(len(frame)) + frame)
        else:
            self.release()
            self.conn.send_binary(frame)
            self._flush()
        if t.get_write_buffer_size() > self.gateway.settings.max_buffer:
            self.close(CLOSE_TRY_AGAIN, "too slow; reconnect and resync")
            metrics.rate_limit_closed("slow_reader")

    def hold(self) -> bool:
        """Keep what is written until `release`, then send it in one write: a mover's diff
        and the `ok` after it leave in one segment (a send costs more than the framing).
        True when this call started holding (its caller releases)."""
        if self.held is None:
            self.held = []
            return True
        return False

    def release(self) -> None:
        held, self.held = self.held, None
        t = self.transport
        if held and t is not None and not t.is_closing():
            t.write(b"".join(held))
            if t.get_write_buffer_size() > self.gateway.settings.max_buffer:
                self.close(CLOSE_TRY_AGAIN, "too slow; reconnect and resync")
                metrics.rate_limit_closed("slow_reader")

    def ping(self) -> None:
        """A websocket ping (server/transport/liveness.py); any frame back proves the peer alive."""
        t = self.transport
        if t is None or t.is_closing() or self.closing:
            return
        with contextlib.suppress(Exception):
            self.conn.send_ping(b"")
            self._flush()

    def close(self, code: int, reason: str) -> None:
        """Start the closing handshake. The TCP connection closes when the peer answers
        (or after CLOSE_TIMEOUT): closing it with unread input would reset it, and the
        peer could lose the frames sent just before, the reason for the close among them."""
        t = self.transport
        if t is None or t.is_closing() or self.closing:
            return
        self.release()  # what was written before the close goes before it
        with contextlib.suppress(Exception):
            self.conn.send_close(code, reason)
            self._flush()
        self._closing()

    def _closing(self) -> None:
        """Our close frame is out: read (and drop) until the peer's answers it, at most
        CLOSE_TIMEOUT, then end TCP."""
        t = self.transport
        assert t is not None
        self.closing = True
        if self.sess is not None:
            self.sess.closed = True
        if self.paused:
            self.paused = False
            t.resume_reading()
        asyncio.get_running_loop().call_later(CLOSE_TIMEOUT, t.close)

    def _flush(self) -> None:
        out = self.conn.data_to_send()
        if out and self.transport is not None and not self.transport.is_closing():
            self.transport.write(b"".join(w for w in out if w))
