"""Graceful shutdown of a node, and the probes that load balancers and orchestrators ask.

On SIGTERM a node first *drains*: `/ready` answers 503 so a load balancer (HAProxy's
health check, a Kubernetes readiness probe) stops sending it new connections, while
everything already connected keeps being served for `LONGHALL_DRAIN_SECONDS`. Then the
signal goes on to uvicorn, which stops listening and asks every connection to shut down:
a websocket finishes the frames it has already received (their commits and answers
included), then closes with 1012 (`CLOSE_RESTART`), and its client reconnects through
the load balancer to another node and resyncs. When the last socket is gone the node
stops its matcher, its pub/sub and its Redis connections, and the process exits.

A second SIGTERM during the drain skips the rest of the wait. SIGKILL skips everything:
no acknowledged move is lost either way (a move is acknowledged only after its commit),
but the clients of a killed node notice only by their socket dropping.

`/live` answers while the event loop turns (a stuck loop fails it: restart the process);
`/ready` also needs Redis to answer within a second and the node not to be draining;
`/health` is kept for existing checks (Redis answers).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.runtime import metrics

log = logging.getLogger("longhall.drain")
PROBE_TIMEOUT = 1.0  # seconds Redis has to answer a readiness probe


class Drain:
    """The draining flag and the SIGTERM handler that sets it."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.draining = False

    def install(self) -> None:
        """Wrap the SIGTERM handler the server installed (uvicorn's, which starts its
        shutdown); without one (an app run in-process by tests) there is nothing to wrap."""
        passed_on = signal.getsignal(signal.SIGTERM)
        if not callable(passed_on):
            return
        loop = asyncio.get_running_loop()

        def on_term(sig: int, frame: FrameType | None) -> None:
            if self.draining or self.delay <= 0:
                self.draining = True
                passed_on(sig, frame)
                return
            self.draining = True
            log.info("draining", extra={"event": "draining", "seconds": self.delay})
            # from a signal handler: wake the loop, then wait out the drain on it
            loop.call_soon_threadsafe(loop.call_later, self.delay, passed_on, sig, None)

        signal.signal(signal.SIGTERM, on_term)


class Stopped(Exception):
    """SIGTERM or SIGINT came while the node was still starting."""


@contextmanager
def stop_signals() -> Iterator[asyncio.Event]:
    """An event set when SIGTERM or SIGINT arrives, for a startup step that may wait long
    (for Redis): uvicorn's own handler only flags its server, which it reads once startup
    is over, so a node waiting for a Redis that never comes would ignore every signal but
    SIGKILL. The handlers found are chained (uvicorn still learns of the signal and raises
    it again when it exits) and put back afterwards."""
    stopped = asyncio.Event()
    if threading.current_thread() is not threading.main_thread():  # an app run in a thread by tests
        yield stopped
        return
    loop = asyncio.get_running_loop()
    found: dict[int, Any] = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}

    def on_signal(sig: int, frame: FrameType | None) -> None:
        passed_on = found[sig]
        if callable(passed_on):
            passed_on(sig, frame)
        loop.call_soon_threadsafe(stopped.set)

    for sig in found:
        signal.signal(sig, on_signal)
    try:
        yield stopped
    finally:
        for sig, handler in found.items():
            signal.signal(sig, handler)


def probe_routes(node: Any) -> list[Route]:
    """`/live`, `/ready` and `/health` for `node` (server.node.app.Node)."""
    drain: Drain = node.drain
    redis: Redis = node.redis

    async def redis_error() -> str | None:
        t0 = time.perf_counter()
        try:
            await asyncio.wait_for(redis.ping(), PROBE_TIMEOUT)
        except Exception as exc:
            return str(exc) or type(exc).__name__
        metrics.redis_ping(time.perf_counter() - t0)
        return None

    async def live(request: Request) -> Response:
        return JSONResponse({"ok": True, "node": node.id})

    async def ready(request: Request) -> Response:
        error = await redis_error()
        body = {"ok": error is None and not drain.draining, "node": node.id, "draining": drain.draining}
        if error is not None:
            body["redis"] = error
        return JSONResponse(body, status_code=200 if body["ok"] else 503)

    async def health(request: Request) -> Response:
        error = await redis_error()
        if error is not None:
            return JSONResponse({"ok": False, "redis": error}, status_code=503)
        return JSONResponse({"ok": True, "node": node.id})

    return [Route("/live", live), Route("/ready", ready), Route("/health", health)]
