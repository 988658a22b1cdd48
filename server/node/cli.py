"""The `longhall` command: serve, bot, db, archive, replay, revoke, admin, admin-token.

`longhall serve` runs the app under uvicorn. Without --redis (or REDIS_URL) it starts an
embedded Redis owning --data and stops it on exit. Every option has an environment
variable (LONGHALL_PORT for --port, ...; README "Deploy" lists them); a flag wins.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from server.play import bots
from server.runtime import logs
from server.runtime.config import TUNABLE, Settings

WEB_DIST = Path(__file__).resolve().parents[2] / "clients" / "web" / "dist"


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from server.storage.embedded import EmbeddedRedis

    settings = _settings(args)
    if settings.redis_url and not settings.database_url and not settings.local_archive:
        print(SPLIT_ARCHIVE, file=sys.stderr)
        return 2
    embedded = None
    if not settings.redis_url:
        embedded = EmbeddedRedis(settings.data_dir, fsync=args.appendfsync)
        settings.redis_url = embedded.start()
        embedded.supervise()  # a redis-server that dies is started again on the same port
        logging.getLogger("longhall").info(
            "embedded redis at %s, data in %s", settings.redis_url, settings.data_dir.resolve()
        )
    os.environ.update(settings.to_env())
    # uvicorn drains on SIGTERM, then raises it again once its own handler is gone: that
    # second one ends `run` here, so the embedded Redis is stopped and the exit status is 0
    signal.signal(signal.SIGTERM, _exit_quietly)
    try:
        uvicorn.run(
            "server.node.app:create_app",
            factory=True,
            host=args.host,
            port=args.port,
            workers=args.workers,
            loop=settings.loop,  # uvloop by default (bench.movepath: less CPU per move when cores are contended)
            ws="server.transport.websocket:LeanWebSocket",
            http="server.transport.handshake:GuardedHTTP",  # per-IP cap, upgrade deadline
            ws_max_size=settings.frame_limit,
            ws_per_message_deflate=False,  # a zlib context per socket costs ~100 KiB; diffs are small
            proxy_headers=False,  # the client's address behind proxies: server.transport.proxies (trusted_proxies)
            log_level=args.log_level,
            log_config=None,  # the app's own logging (server.runtime.logs), also in worker processes
            lifespan="on",
        )
    except KeyboardInterrupt:
        pass
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


SPLIT_ARCHIVE = """longhall serve: an external Redis (--redis or REDIS_URL) but no DATABASE_URL.
Nodes that share a Redis serve each other's rooms, so they must share one archive too:
with an SQLite file of its own, each node would answer replays, profiles and leaderboards
from its own games only. Set DATABASE_URL (or --database) to the archive's database,
e.g. postgresql://user:password@host/longhall; or, for a single node on purpose, pass
--local-archive (LONGHALL_LOCAL_ARCHIVE=1) to keep the archive in --data."""


def _settings(args: argparse.Namespace) -> Settings:
    """The environment's settings, the command line's flags over them."""
    settings = Settings.from_env()
    settings.data = args.data or settings.data
    settings.redis_url = args.redis or settings.redis_url
    settings.database_url = args.database or settings.database_url
    settings.local_archive = int(args.local_archive or settings.local_archive)
    settings.frame_limit = args.frame_limit or settings.frame_limit
    if args.web is not None:
        settings.web = args.web
    elif "LONGHALL_WEB" not in os.environ:
        settings.web = str(WEB_DIST) if WEB_DIST.exists() else ""
    settings.log_level = args.log_level
    logs.setup(settings.log_level, settings.log_format)
    for name in TUNABLE:
        if getattr(args, name) is not None:
            setattr(settings, name, getattr(args, name))
    return settings


def _exit_quietly(sig: int, frame: object) -> None:
    raise SystemExit(0)


def bot(args: argparse.Namespace) -> int:
    from longhall_client.bot import run_bot

    code = asyncio.run(
        run_bot(args.url, args.game, args.room, args.seats, args.options, args.seed, args.spectate, args.fill_bots)
    )
    return int(code)


def replay(args: argparse.Namespace) -> int:
    """Replay a finished room from its revealed seed: exit 0 when every check holds."""
    import json
    import urllib.error
    import urllib.request

    if args.redis:
        from server.play.replay import ReplayError, check_room
        from server.storage.client import connect

        async def direct() -> dict[str, object]:
            r = connect(args.redis)
            try:
                return (await check_room(r, args.room)).report()
            except (KeyError, ReplayError) as exc:
                return {"error": str(exc), "ok": False}
            finally:
                await r.aclose()

        report = asyncio.run(direct())
    else:
        try:
            url = f"{args.url.rstrip('/')}/api/rooms/{args.room}/replay/check"
            with urllib.request.urlopen(url, timeout=60) as res:
                report = json.loads(res.read())
        except urllib.error.HTTPError as exc:
            report = {**json.loads(exc.read() or b"{}"), "ok": False}
    print(json.dumps(report, indent=2))
    return 0 if report.get("ok") else 1


def revoke(args: argparse.Namespace) -> int:
    """Refuse every token issued so far to each PLAYER, on every node of the deployment."""
    from server.identity.tokens import revoke as revoke_player
    from server.storage.client import connect

    url = args.redis or os.environ.get("REDIS_URL", "")
    if not url:
        found = Path(args.data, "redis.url")
        if not found.exists():
            raise SystemExit(f"no --redis given and no running embedded redis in {args.data}")
        url = found.read_text().strip()

    async def go() -> None:
        r = connect(url)
        try:
            for player in args.player:
                await revoke_player(r, player)
                print(f"revoked {player}", flush=True)
        finally:
            await r.aclose()

    asyncio.run(go())
    return 0


def _version() -> str:
    """The installed release (the version in pyproject.toml); a checkout never installed has none."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("longhall")
    except PackageNotFoundError:
        return "unknown (not installed)"


def add_serve(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`longhall serve`: every flag's help names the environment variable it overrides."""
    s = sub.add_parser("serve", help="run the service", description=SERVE_DOC)
    env = os.environ.get
    defaults = Settings()
    # fmt: off
    s.add_argument("--host", default=env("LONGHALL_HOST", "127.0.0.1"),
                   help="address to listen on (LONGHALL_HOST; default %(default)s)")
    s.add_argument("--port", type=int, default=int(env("LONGHALL_PORT", "8000")),
                   help="port to listen on (LONGHALL_PORT; default %(default)s)")
    s.add_argument("--data", default="",
                   help="data folder: the embedded Redis and the SQLite archive (LONGHALL_DATA; default .longhall)")
    s.add_argument("--redis", default="",
                   help="Redis URL (REDIS_URL or LONGHALL_REDIS_URL; default: an embedded Redis in --data)")
    s.add_argument("--database", default="",
                   help="archive database URL (DATABASE_URL or LONGHALL_DATABASE_URL; default: SQLite in --data)")
    s.add_argument("--local-archive", action="store_true",
                   help="with an external Redis, keep the archive in --data: one node on purpose "
                        "(LONGHALL_LOCAL_ARCHIVE=1)")
    s.add_argument("--workers", type=int, default=int(env("LONGHALL_WORKERS", "1")),
                   help="server processes on this port, one per core (LONGHALL_WORKERS; default %(default)s)")
    s.add_argument("--frame-limit", type=int, default=0,
                   help="largest client frame in bytes, bigger ones close the socket with 1009 "
                        f"(LONGHALL_FRAME_LIMIT; default {defaults.frame_limit})")
    s.add_argument("--appendfsync", default=env("LONGHALL_APPENDFSYNC", "always"), choices=["always", "everysec", "no"],
                   help="the embedded Redis's fsync policy (LONGHALL_APPENDFSYNC; default %(default)s)")
    s.add_argument("--web", default=None,
                   help="folder of the built web app served at / (LONGHALL_WEB; default clients/web/dist if built)")
    s.add_argument("--log-level", default=env("LONGHALL_LOG_LEVEL", "info"),
                   help="debug, info, warning or error (LONGHALL_LOG_LEVEL; default %(default)s)")
    for name, doc in TUNABLE.items():
        value = getattr(defaults, name)
        s.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=None,
                       help=f"{doc} (LONGHALL_{name.upper()}; default {value})")
    # fmt: on
    s.set_defaults(func=serve)


SERVE_DOC = """Run the service. Every flag overrides the environment variable named in its help;
the README's settings tables list every variable, those without a flag too."""


def add_bot(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    b = sub.add_parser("bot", help="play random legal moves in a room")
    b.add_argument("--url", default="ws://127.0.0.1:8000/ws")
    b.add_argument("--game", default=None, help="create a room of this game")
    b.add_argument("--room", default=None, help="join this room")
    b.add_argument("--seats", type=int, default=None)
    b.add_argument("--options", default="{}", help="room options as JSON")
    b.add_argument("--seed", type=int, default=None)
    b.add_argument("--spectate", action="store_true")
    b.add_argument("--fill-bots", nargs="?", const="random", default=None, choices=list(bots.LEVELS),
                   metavar="LEVEL", help=f"with --game: seat server bots in the other seats at once (LEVEL "
                                         f"{', '.join(bots.LEVELS)}; random by default) instead of waiting for "
                                         "players")  # fmt: skip
    b.set_defaults(func=bot)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="longhall", description="Longhall game service")
    p.add_argument("--version", action="version", version=f"longhall {_version()}")
    sub = p.add_subparsers(dest="cmd", required=True)
    add_serve(sub)
    r = sub.add_parser("revoke", help="refuse every token of these players issued until now")
    r.add_argument("player", nargs="+")
    r.add_argument("--redis", default="", help="redis URL (default: the embedded redis of --data)")
    r.add_argument("--data", default=".longhall")
    r.set_defaults(func=revoke)
    add_bot(sub)
    from server.archive.cli import add_commands

    add_commands(sub)
    from server.console import cli as console

    console.add_commands(sub)
    r = sub.add_parser("replay", help="replay a finished room from its seed and check every draw")
    r.add_argument("room")
    r.add_argument("--url", default="http://127.0.0.1:8000", help="a server to ask (GET /api/rooms/ID/replay/check)")
    r.add_argument("--redis", default=os.environ.get("REDIS_URL", ""), help="read the room from this Redis instead")
    r.set_defaults(func=replay)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logs.setup(os.environ.get("LONGHALL_LOG_LEVEL", "info"), os.environ.get("LONGHALL_LOG_FORMAT", "text"))
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
