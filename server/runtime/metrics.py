"""Prometheus metrics of one node, served at /metrics (the official `prometheus_client`).

  longhall_connections                   open websockets (read when scraped)
  longhall_rooms_cached                  rooms in this node's cache (read when scraped)
  longhall_rooms_subscribed              rooms whose fan-out channel this node listens to
  longhall_commits_total{kind}           committed changes: move, join, leave, start, create
                                         (moves committed: kind="move")
  longhall_commit_conflicts_total{status} commits refused by the script: stale seq, duplicate id
  longhall_commit_seconds                one commit's round trip to Redis (store.commit)
  longhall_fanout_lag_seconds            commit on one node → its diffs handed to this node's sockets
  longhall_errors_total{code}            error frames sent, by code (game rule codes included)
  longhall_redis_ping_seconds            PING round trip, every sweep of the node (5 s)
  longhall_rate_limit_closes_total{reason} sockets closed by a limit (flooding, slow reader, ...)
  longhall_event_loop_info{loop}         the event loop the node runs on (LONGHALL_LOOP): uvloop, asyncio
plus prometheus_client's process metrics (CPU seconds, resident memory, open files).

`headline()` reads the same figures back as totals and means for the operator console
(server.console.survey).

Each update on the move path is one call here (a counter or a histogram, about a
microsecond); gauges cost nothing until scraped. `python -m bench.metrics_cost` measures
committed moves per second with and without a scrape every second.

`LONGHALL_METRICS_PORT` moves /metrics off the players' port onto one of its own
(`serve_apart`), for production: the public port then answers no metrics.

Left out: prometheus_client's multi-process mode. With `LONGHALL_WORKERS` > 1 a scrape
reaches one worker; in a deployment run one worker per container and scale containers.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    Counter,
    Gauge,
    Histogram,
    Info,
    generate_latest,
    start_http_server,  # fmt: skip
)
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

log = logging.getLogger("longhall.metrics")
LATENCY = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
KINDS = ("move", "join", "leave", "start", "create")

CONNECTIONS = Gauge("longhall_connections", "Open websocket connections on this node")
ROOMS_CACHED = Gauge("longhall_rooms_cached", "Rooms held in this node's cache")
ROOMS_SUBSCRIBED = Gauge("longhall_rooms_subscribed", "Rooms whose fan-out channel this node listens to")
COMMITS = Counter("longhall_commits", "Committed changes of rooms, by kind", ["kind"])
CONFLICTS = Counter("longhall_commit_conflicts", "Commits the script refused (stale seq, duplicate id)", ["status"])
COMMIT_SECONDS = Histogram("longhall_commit_seconds", "Round trip of one commit to Redis", buckets=LATENCY)
FANOUT_LAG = Histogram(
    "longhall_fanout_lag_seconds", "From the commit on another node to delivery to this node's sockets",
    buckets=LATENCY,
)  # fmt: skip
ERRORS = Counter("longhall_errors", "Error frames sent to clients, by code", ["code"])
REDIS_PING = Histogram("longhall_redis_ping_seconds", "PING round trip to Redis", buckets=LATENCY)
LIMIT_CLOSES = Counter("longhall_rate_limit_closes", "Sockets closed by a limit, by reason", ["reason"])
EVENT_LOOP = Info("longhall_event_loop", "The event loop the node runs on")

_commits = {kind: COMMITS.labels(kind) for kind in KINDS}  # bound once: no label lookup per move


def watch(node: Any) -> None:
    """Gauges read from the node when scraped, so the path pays nothing for them."""
    CONNECTIONS.set_function(lambda: len(node.gateway.sessions) if node.gateway else 0)
    ROOMS_CACHED.set_function(lambda: len(node.rooms.cache) if node.rooms else 0)
    ROOMS_SUBSCRIBED.set_function(lambda: len(node.rooms.hub.local) if node.rooms else 0)


def loop_started() -> None:
    """Name the running event loop (called once the node's loop runs)."""
    loop = type(asyncio.get_running_loop()).__module__.partition(".")[0]  # "uvloop" or "asyncio"
    EVENT_LOOP.info({"loop": loop})


def commit_done(kind: str, status: str, seconds: float) -> None:
    """One commit script answered (server.storage.store)."""
    COMMIT_SECONDS.observe(seconds)
    if status == "ok":
        counter = _commits.get(kind)
        (counter or COMMITS.labels(kind)).inc()
    else:
        CONFLICTS.labels(status).inc()


def fanout_lag(seconds: float) -> None:
    """A commit published by another node reached this node's sockets (server.storage.fanout)."""
    FANOUT_LAG.observe(max(seconds, 0.0))


def error_sent(code: str) -> None:
    """An error frame went to a client (server.transport.gateway)."""
    ERRORS.labels(code).inc()


def redis_ping(seconds: float) -> None:
    REDIS_PING.observe(seconds)


def rate_limit_closed(reason: str) -> None:
    """A socket was closed by a limit: "flooding" (rate limit), "slow_reader" (send
    buffer), "frame_too_large", or whatever reason a new limit (server.transport.limits) gives."""
    LIMIT_CLOSES.labels(reason).inc()


async def _scrape(request: Request) -> Response:
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)


def route() -> Route:
    return Route("/metrics", _scrape)


def serve_apart(port: int, host: str) -> bool:
    """/metrics on a port of its own (LONGHALL_METRICS_PORT), off the players' port:
    prometheus_client's server in a thread of its own. False when the port is taken (a
    second worker of one node: one worker per container when the port is set)."""
    try:
        start_http_server(port, addr=host)
    except OSError as exc:
        log.warning("metrics not served on %s:%d: %s", host, port, exc)
        return False
    log.info("metrics served on http://%s:%d/metrics", host, port)
    return True


def _sum(metric: Any, suffix: str) -> float:
    return float(sum(s.value for m in metric.collect() for s in m.samples if s.name.endswith(suffix)))


def _mean(histogram: Histogram) -> float | None:
    count = _sum(histogram, "_count")
    return round(_sum(histogram, "_sum") / count, 6) if count else None


def headline() -> dict[str, Any]:
    """The figures an operator looks at first (server.console), from this node's metrics:
    totals since the node started, and the mean of each round trip."""
    commits = {s.labels["kind"]: int(s.value) for m in COMMITS.collect() for s in m.samples
               if s.name.endswith("_total")}  # fmt: skip
    return {
        "connections": int(_sum(CONNECTIONS, "connections")),
        "rooms_cached": int(_sum(ROOMS_CACHED, "cached")),
        "rooms_subscribed": int(_sum(ROOMS_SUBSCRIBED, "subscribed")),
        "commits": commits,
        "commit_conflicts": int(_sum(CONFLICTS, "_total")),
        "errors_sent": int(_sum(ERRORS, "_total")),
        "rate_limit_closes": int(_sum(LIMIT_CLOSES, "_total")),
        "commit_seconds_mean": _mean(COMMIT_SECONDS),
        "fanout_lag_seconds_mean": _mean(FANOUT_LAG),
        "redis_ping_seconds_mean": _mean(REDIS_PING),
    }
