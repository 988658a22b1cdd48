"""Server settings: from the command line, passed to workers through the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from protocol.codec import DEFAULT_FRAME_LIMIT


def limit(default: Any, doc: str) -> Any:
    """A setting `longhall serve` takes as a flag, listed in the README's table of limits."""
    return field(default=default, metadata={"limit": doc})


@dataclass
class Settings:
    redis_url: str = ""
    data: str = ".longhall"
    frame_limit: int = DEFAULT_FRAME_LIMIT
    rate: float = 1000.0  # frames per second per connection, sustained (a request-answer bot stays under)
    burst: float = 2000.0
    flood_close: int = 2000  # frames dropped by the rate limit before the socket is closed
    max_buffer: int = 4 * 1024 * 1024  # unsent bytes before a slow reader is closed
    finished_ttl: int = 7 * 24 * 3600  # a finished room's log and result stay this long
    open_ttl: int = 24 * 3600  # a room nobody starts is dropped after this long without a change
    absent_after: float = 60.0  # seconds a seated player may have no socket before marked absent (open: seat freed)
    abandon_after: float = 1800.0  # seconds a started game may have no player connected before it ends
    spectator_linger: float = 60.0  # seconds a delayed room's line outlives its last spectator (server.rooms.delay)
    # rated results and bounded logs (server/play/absence.py, server/play/undo.py, server/rooms/service.py)
    claim_after: float = 120.0  # seconds a seated player may be gone before the others may claim the win
    undo_budget: int = 100  # decisions a seat may take back in one game (0: no budget)
    open_changes: int = 500  # changes an open room may take before its start (joins, leaves, kicks; 0: no cap)
    redis_timeout: float = 5.0  # seconds a commit may wait for Redis before the move is "unavailable"
    commit_replicas: int = 0  # replicas that must acknowledge a commit before a move is answered `ok`
    replica_wait: float = 1.0  # seconds a commit waits for them before the move is "unavailable"
    doc_every: int = 8  # a room's document is written whole at least every this many commits (server.storage.store)
    web: str = ""  # folder of the built web client, served at /
    docs: str = ""  # folder of openapi.yaml and asyncapi.yaml, served at /api/...; empty: the checkout's docs/
    drain_seconds: float = 0.0  # after SIGTERM, /ready fails this long before sockets are closed (1012)
    log_level: str = "info"  # debug, info, warning, error
    log_format: str = "text"  # "json": one JSON object per line (server.runtime.logs)
    metrics_port: int = 0  # 0: /metrics on the players' port; else served only on this port (server.runtime.metrics)
    metrics_host: str = "127.0.0.1"  # the address the metrics port listens on
    # cost-weighted request limits (server/transport/limits.py): units per second and burst
    conn_rate: float = limit(200.0, "request units per second per connection (ping 1, legal 10, create 20)")
    conn_burst: float = limit(400.0, "request units a connection may spend at once")
    player_rate: float = limit(400.0, "request units per second per player on one node (0: off)")
    player_burst: float = limit(800.0, "request units a player may spend at once")
    ip_rate: float = limit(2000.0, "request units per second per IP address (0: off)")
    ip_burst: float = limit(4000.0, "request units an IP address may spend at once")
    strikes: int = limit(50, "refused requests (forgiven at 1/s) before the socket is closed with 1008")
    # HTTP requests per IP address (server/node/http_limits.py): units per second and burst
    http_rate: float = limit(
        100.0,
        "HTTP request units per second per IP address (replay check 20, steps 10, "
        "a room's log or the archive 5, files 1; over it: 429 with Retry-After; 0: off)",
    )
    http_burst: float = limit(1000.0, "HTTP request units an IP address may spend at once")
    # storage (server/identity/quotas.py), counted in Redis across nodes
    open_rooms: int = limit(5, "open rooms a player may host at once (0: no cap)")
    playing_rooms: int = limit(20, "games in play a player may host at once (0: no cap)")
    rooms_per_minute: int = limit(10, "rooms a player may create per minute (0: no cap)")
    ip_rooms_per_minute: int = limit(60, "rooms an IP address may create per minute (0: no cap)")
    # identity (server/identity/tokens.py)
    token_ttl: int = limit(30 * 24 * 3600, "seconds a token stays valid (each welcome brings a fresh one)")
    key_rotation: int = limit(7 * 24 * 3600, "seconds each signing key signs before the next takes over")
    legacy_tokens: int = limit(1, "1: tokens of the earlier `player.mac` form still verify (0: refused)")
    jwt_secret: str = limit("", "HS256 secret of a backend whose JWTs vouch for players (sub: user id)")
    jwks: str = limit("", "JWKS file of a backend whose JWTs (RS256, ES256...) vouch for players")
    jwt_issuer: str = limit("", "required `iss` of external JWTs")
    jwt_audience: str = limit("", "required `aud` of external JWTs")
    handover_ttl: int = limit(300, "seconds a code carrying a player to another device may be redeemed (once)")
    # connections and liveness (server/transport/handshake.py, server/transport/liveness.py)
    ip_connections: int = limit(256, "open connections per IP address (0: no cap)")
    handshake_timeout: float = limit(10.0, "seconds from TCP accept to a complete websocket upgrade")
    hello_timeout: float = limit(10.0, "seconds from the upgrade to `hello` (then 4000)")
    idle_timeout: float = limit(300.0, "seconds a connection in no room may send nothing (then 4001)")
    ping_interval: float = limit(20.0, "seconds of silence before the server pings (0: never)")
    ping_timeout: float = limit(20.0, "seconds a ping may go unanswered (then 4002)")
    origins: str = limit("", "browser origins allowed besides the server's own, comma-separated (*: any)")
    trusted_proxies: str = limit(
        "",
        "addresses or networks of this node's proxies, comma-separated (*: any peer): from them the "
        "client's address is read from X-Forwarded-For for every per-address limit (empty: the TCP peer)",
    )
    # matchmaking (server/matchmaking/matchmaker.py, server/matchmaking/grouping.py)
    match_window: float = limit(5.0, "rating points apart two players may be matched at first")
    match_widen: float = limit(1.0, "rating points the window widens per second a ticket waits")
    bot_fill: float = limit(0.0, "seconds a ticket waits before bots fill the rest of its table (0: never)")
    bot_delay: float = limit(0.6, "seconds a bot seat waits before its decision")
    bot_workers: int = limit(1, "worker processes the searching bots (easy, medium, strong) think in (0: a thread)")
    bot_level: str = limit("greedy", "level of the bots filling matched tables and deciding for timed-out players")
    fanout: str = "diff"  # "snapshot": send whole views instead of diffs (a benchmark baseline)
    database_url: str = ""  # the archive (DATABASE_URL); empty: an SQLite file in `data`
    local_archive: int = 0  # 1: an external Redis with the SQLite archive in `data` (one node on purpose)
    archiver: str = "on"  # "off": this node only announces finished games (`longhall archive run` archives)
    archive_grace: float = 30.0  # seconds before other nodes take over a finished room its node left
    archived_ttl: int = 60  # seconds an archived room stays in Redis (clients still at the table)
    vacation_days: int = 14  # days of vacation a player may take a calendar year (server.play.correspondence)
    # notifications (server.notify): the VAPID `sub` push services may write to, e-mail where a server is set
    push_contact: str = "mailto:push@localhost"
    push_http: int = 0  # 1: push endpoints may be plain http URLs (a push service on a private network; tests)
    push_timeout: float = 5.0  # seconds a push service may take to answer one push
    smtp_url: str = ""  # smtp://[user:password@]host[:port] or smtps://...; empty: no e-mail
    mail_from: str = "Longhall <longhall@localhost>"
    clock_file: str = ""  # a file whose ms are added to the node's clock (tests: server.runtime.wallclock)
    gc_young: int = 50_000  # allocations between young-generation collections (0: Python's default)
    loop: str = "auto"  # the event loop: "auto" (uvloop where installed), "uvloop", "asyncio"

    @classmethod
    def from_env(cls) -> Settings:
        s = cls()
        for f in fields(cls):
            raw = os.environ.get(f"LONGHALL_{f.name.upper()}")
            if raw is not None:
                setattr(s, f.name, type(getattr(s, f.name))(raw))
        if not s.redis_url:
            s.redis_url = os.environ.get("REDIS_URL", "")
        if not s.database_url:
            s.database_url = os.environ.get("DATABASE_URL", "")
        return s

    def to_env(self) -> dict[str, str]:
        return {f"LONGHALL_{f.name.upper()}": str(getattr(self, f.name)) for f in fields(self)}

    @property
    def data_dir(self) -> Path:
        return Path(self.data)


TUNABLE = {f.name: f.metadata["limit"] for f in fields(Settings) if "limit" in f.metadata}
