"""The Starlette application: /live, /ready, /health (server/node/drain.py), /metrics, the
JSON routes (server/node/api.py), /api/rooms/{room}/said (server/play/wording.py), /api/tv
(server/play/tv.py), the archive's reads (server/archive/routes.py), the operators'
/api/admin/... (server/console/routes.py) and the web client (without one, a note at /
saying how to get it); /ws is served by server.transport.websocket in uvicorn's websocket
slot.

`create_app()` reads its settings from the environment (the CLI puts them there), so
uvicorn workers started as separate processes build the same app.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from redis.asyncio import Redis
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route

from server.archive.service import ArchiveService
from server.console import routes as console
from server.console.audit import Audit
from server.console.operations import Operations
from server.console.survey import Survey
from server.games import registry
from server.identity import handover, passkeys
from server.identity.handover import Handover
from server.identity.ids import Signer
from server.identity.passkeys import Passkeys
from server.identity.quotas import Quotas
from server.identity.tokens import Revocations, Tokens
from server.matchmaking.matchmaker import Matchmaker
from server.node import api
from server.node.drain import Drain, Stopped, probe_routes, stop_signals
from server.node.http_limits import HttpLimits
from server.node.web_files import WebFiles
from server.notify.routes import routes as notify_routes
from server.notify.service import Notifications
from server.play import correspondence, replay, tv
from server.play import wording as said
from server.play.abandonment import Presence
from server.play.absence import Absence
from server.play.chat import Chat
from server.play.correspondence import Correspondence
from server.play.referee import Referee
from server.play.thinking import Thinker
from server.rooms import document as rm
from server.rooms.attachments import Attachments
from server.rooms.catchup import catch_up
from server.rooms.service import Rooms
from server.runtime import logs, metrics, wallclock
from server.runtime import loops as background
from server.runtime.config import Settings
from server.runtime.outage import STORE_ERRORS, QuietLog
from server.social import routes as social_routes
from server.social.service import Social
from server.storage.client import connect
from server.storage.fanout import Hub, Receiver
from server.storage.keys import SECRET
from server.storage.store import Store
from server.tournaments.director import Director
from server.tournaments.routes import Tournaments
from server.tournaments.routes import routes as tournament_routes
from server.transport.gateway import Gateway
from server.transport.handshake import ADMISSION
from server.transport.liveness import Liveness

log = logging.getLogger("longhall")
quiet = QuietLog(log)
SWEEP_SECONDS = 5.0
T = TypeVar("T")


async def until_redis_answers(step: Callable[[], Awaitable[T]]) -> T:
    """Run a startup step, retrying while Redis is unreachable (an external Redis may come
    later); SIGTERM or SIGINT meanwhile ends the wait and the startup (`Stopped`)."""
    with stop_signals() as stopped:
        stop = asyncio.ensure_future(stopped.wait())
        try:
            while True:
                attempt = asyncio.ensure_future(step())
                await asyncio.wait({attempt, stop}, return_when=asyncio.FIRST_COMPLETED)
                if stop.done():
                    attempt.cancel()
                    raise Stopped("stopped while waiting for redis")
                try:
                    return attempt.result()
                except STORE_ERRORS as exc:
                    quiet.warn("startup", "waiting for redis", exc)
                await asyncio.wait({stop}, timeout=1.0)
        finally:
            stop.cancel()


async def load_secret(redis: Redis) -> bytes:
    env = os.environ.get("LONGHALL_SECRET")
    if env:
        return env.encode()
    await redis.set(SECRET, secrets.token_hex(32), nx=True)
    value = await redis.get(SECRET)
    assert isinstance(value, bytes)
    return value


def tune_gc(young: int) -> None:
    """Collect cycles less often than Python's default (every 700 allocations, which at
    load spent ~10% of the CPU, a tenth of a millisecond per move, walking a heap that a
    move's diff and documents churn but rarely leave cycles in), and never again walk
    what exists once the node has started (engines, rule data, modules): `gc.freeze`."""
    if young > 0:
        _, middle, old = gc.get_threshold()
        gc.set_threshold(young, middle, old)
    gc.freeze()


class Node:
    """Everything one server process holds: its Redis client, hub, rooms and sockets."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.id = secrets.token_hex(4)
        wallclock.use_file(settings.clock_file)
        # a frozen store must not hold a request forever: every command gives up after
        # redis_timeout and the request is answered `unavailable` (pub/sub reads still block)
        t = settings.redis_timeout
        # a `redis+cluster://` URL opens redis-py's cluster client (server.storage.client)
        self.redis = connect(settings.redis_url, max_connections=256, socket_timeout=t, socket_connect_timeout=t)
        self.store = Store(self.redis, settings.redis_url, settings.redis_timeout, settings.commit_replicas,
                           settings.replica_wait)  # fmt: skip
        self.rooms: Rooms | None = None
        self.tables: Attachments | None = None
        self.gateway: Gateway | None = None
        self.matchmaker: Matchmaker | None = None
        self.drain = Drain(settings.drain_seconds)
        self.archive = ArchiveService(settings, self.redis, self.id)
        self.referee: Referee | None = None
        self.signer: Tokens | None = None
        self.correspondence: Correspondence | None = None  # games lists and vacations, once started
        self.handover: Handover | None = None  # codes carrying a player to another device, once started
        self.passkeys: Passkeys | None = None  # signing in with a passkey, once started
        self.console: console.Console | None = None  # the operators' routes (server.console), once started
        self.tournaments: Tournaments | None = None  # the tournaments' routes (server.tournaments), once started
        self.director: Director | None = None
        self.social: Social | None = None  # rematches, invitations, blocks (server.social), once started
        self.notifications: Notifications | None = None  # pushes and e-mails (server.notify), once started
        self.loops = background.Loops()  # every background loop of the node (server.runtime.loops)
        self._watchers: dict[str, int] = {}  # spectators per room, as the sweep last wrote them

    async def start(self) -> None:
        registry.games()  # import every engine and its data now, not on the first room's move
        self.drain.install()
        legacy = Signer(await until_redis_answers(lambda: load_secret(self.redis)))  # tokens of the earlier form
        master = os.environ.get("LONGHALL_SECRET")
        signer = Tokens(self.redis, self.settings, master.encode() if master else None, legacy)
        hub = Hub(self.redis, self.id, self, self.settings.redis_url)  # its events come here (HubEvents)
        s = self.settings
        self.rooms = Rooms(self.store, hub, self.id, s.finished_ttl, s.fanout, s.open_ttl, s.doc_every,
                           stamps=replay.STAMPS, events=self, bot_delay=int(s.bot_delay * 1000),
                           open_changes=s.open_changes)  # fmt: skip
        self.tables = Attachments(self.rooms)
        self.tables.delays.linger = s.spectator_linger
        await until_redis_answers(hub.start)
        self.matchmaker = Matchmaker(self.redis, self.store, hub, self.id, s)
        self.social = Social(self.redis, self.rooms, int(s.bot_delay * 1000))
        self.gateway = Gateway(self.rooms, self.tables, signer, s, self.matchmaker, Quotas(self.redis, s),
                               Chat(self.redis, hub, self.id), self.social)  # fmt: skip
        ADMISSION.configure(s)
        audit, survey = Audit(self.redis, self.id), Survey(self.redis, self.rooms, self.gateway, self.id)
        self.console = console.Console(signer, survey, Operations(self.redis, self.rooms, self.gateway, audit, survey),
                                       audit)  # fmt: skip
        absence = Absence(self.redis, self.rooms, s.absent_after, s.claim_after)
        self.referee = Referee(self.redis, self.rooms, self.id, absence, Thinker(s.bot_workers), s.bot_level)
        self.tournaments = Tournaments(self.redis, signer, lambda: self.archive.archive)
        self.director = Director(self.redis, self.store, self.id, s, archive_of=lambda: self.archive.archive)
        self.signer = signer
        self.correspondence = Correspondence(self.redis, self.rooms, s.vacation_days)
        self.handover = Handover(self.redis, signer, s.handover_ttl)
        self.passkeys = Passkeys(self.redis, signer)
        notifications = Notifications(s, self.redis, hub, self.id, lambda: self.archive.archive)
        self.notifications = notifications
        self.social.notify = notifications.notify  # an invitation to a player away: a push or an e-mail
        self.director.asked = self.on_asked  # a tournament table's first players: "your turn", as in any room
        parts: list[background.Looping] = [
            Liveness(self.gateway.limits, s),
            Revocations(signer, self.gateway),
            self.matchmaker,
            self.archive,
            Presence(self.redis, self.rooms, s.abandon_after),
            absence,
            self.referee,
            self.director,
            self.social,
            notifications,
        ]
        for part in parts:
            part.register(self.loops)
        self.loops.every("node sweep", SWEEP_SECONDS, self.sweep, log)
        self.loops.start()
        if s.metrics_port:
            metrics.serve_apart(s.metrics_port, s.metrics_host)
        tune_gc(s.gc_young)
        metrics.loop_started()

    # -- what the hub and the room service tell the node (HubEvents, RoomEvents) ---------
    def on_remote(self, room: str, seq: int, id_key: str) -> None:
        if self.rooms is not None:
            self.rooms.on_remote(room, seq, id_key)

    def on_resubscribe(self) -> None:
        if self.rooms is not None:
            self.rooms.on_resubscribe()

    async def on_recovered(self) -> None:
        """What a pub/sub gap may have swallowed, told again."""
        if self.tables is not None:
            await catch_up(self.tables)
        if self.gateway is not None:
            await self.gateway.tell_again()

    def on_direct(self, msg: dict[str, Any]) -> None:
        if self.gateway is not None:
            self.gateway.on_direct(msg)

    def on_acting(self, room: str, seq: int, wanting: list[tuple[Receiver, int]]) -> None:
        if self.tables is not None:
            self.tables.on_acting(room, seq, wanting)

    def on_delayed(self, room: str, seq: int) -> None:
        if self.tables is not None:
            self.tables.delays.begin(room, seq)

    def on_over(self, room: str) -> None:
        self.archive.finished(room)
        e = self.rooms.cache.get(room) if self.rooms is not None else None
        if self.notifications is not None and e is not None:
            people = [s["player"] for s in e.doc["seats"] if s is not None and not s.get("bot")]
            self.notifications.over(room, people, e.doc["game"])

    def on_asked(self, room: str, players: list[str], doc: rm.Doc) -> None:
        if self.notifications is not None and doc["status"] == rm.PLAYING:
            self.notifications.asked(room, players, doc["game"])

    def on_clock(self, room: str, due: int | None) -> None:
        if self.referee is not None:
            self.referee.note(room, due)

    async def sweep(self) -> None:
        """Publish spectator counts for the lobby; forget rooms nobody here watches."""
        assert self.rooms is not None
        t0 = time.perf_counter()
        await self.redis.ping()
        metrics.redis_ping(time.perf_counter() - t0)
        counts = self.rooms.hub.spectators()
        changed = {r: n for r, n in counts.items() if self._watchers.get(r) != n}
        changed.update({r: 0 for r in self._watchers if r not in counts})
        await self.store.set_watchers(self.id, changed, ttl=int(SWEEP_SECONDS * 6))
        self._watchers = counts
        self.rooms.evict_idle(60.0)

    async def stop(self) -> None:
        await self.loops.stop()
        if self.referee:  # the deadlines noted since its last round
            with contextlib.suppress(*STORE_ERRORS):
                await self.referee.flush()
        if self.matchmaker:
            await self.matchmaker.release()
        if self.director:
            await self.director.release()
        if self.rooms:  # nothing commits any more: the rooms' tails written whole
            with contextlib.suppress(*STORE_ERRORS):
                log.info("documents written whole at shutdown: %d", await self.rooms.flush())
        await self.archive.close()
        if self.rooms:
            await self.rooms.hub.stop()
        self.store.close()
        await self.redis.aclose()


NO_WEB_APP = (
    "This Longhall node serves no web app. The browser app is not part of the Python package: "
    "build it from the repository (cd clients/web && npm ci && npm run build) and start the node with "
    "--web clients/web/dist (or LONGHALL_WEB), or run the container image, which has it built in."
)
API = ["/api/games", "/api/rooms", "/api/openapi.yaml", "/api/asyncapi.yaml", "/ws"]


async def no_web_app(request: Request) -> Response:
    """What `/` answers without a web app: a short page for a browser, JSON for a program."""
    if "text/html" not in request.headers.get("accept", ""):
        return JSONResponse({"web": False, "detail": NO_WEB_APP, "api": API})
    links = "".join(f'<li><a href="{p}">{p}</a></li>' for p in API[:-1])
    page = f"<!doctype html><title>Longhall</title><h1>Longhall</h1><p>{html.escape(NO_WEB_APP)}</p>" \
           f"<p>The API:</p><ul>{links}<li>the websocket at /ws</li></ul>"  # fmt: skip
    return HTMLResponse(page)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    logs.setup(settings.log_level, settings.log_format)  # again in each worker process
    node = Node(settings)
    metrics.watch(node)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        await node.start()
        yield {"gateway": node.gateway}  # uvicorn hands this state to each websocket (server.transport.websocket)
        await node.stop()

    routes: list[Route | Mount] = [
        *probe_routes(node),
        *([] if settings.metrics_port else [metrics.route()]),  # (else on a port of its own: Node.start)
        *api.routes(replay.Checks(node.redis), node.archive.record, settings.docs),
        *node.archive.routes(),
        *console.routes(),
        *tournament_routes(),
        said.route(node.redis),
        *correspondence.routes(),
        *tv.routes(tv.Tv(node.redis)),
        *handover.routes(),
        *passkeys.routes(),
        *social_routes.routes(),
        *notify_routes(),
    ]
    if settings.web and Path(settings.web, "index.html").exists():
        routes.append(Mount("/", WebFiles(directory=settings.web, html=True)))
    else:  # a pip-installed server: the app is built from the repository, not packaged
        where = f"no index.html in {settings.web!r}" if settings.web else "no --web or LONGHALL_WEB"
        log.info("no web app to serve (%s): / answers a note on how to get it (build clients/web, then --web)", where)
        routes.append(Route("/", no_web_app))
    # every HTTP request paid for by its address first (server.node.http_limits); the built
    # app and the JSON routes leave compressed (the websocket passes through neither)
    middleware = [
        Middleware(HttpLimits, rate=settings.http_rate, burst=settings.http_burst, proxies=settings.trusted_proxies),
        Middleware(GZipMiddleware, minimum_size=800),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=middleware)
    app.state.node = node
    return app
