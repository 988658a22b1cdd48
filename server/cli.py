"""The `longhall` command: serve, bot.

`longhall serve` runs the app under uvicorn. Without --redis (or REDIS_URL) it starts an
embedded Redis owning --data and stops it on exit.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from server.config import Settings

WEB_DIST = Path(__file__).resolve().parent.parent / "clients" / "web" / "dist"


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from server.embedded_redis import EmbeddedRedis

    settings = Settings.from_env()
    settings.data = args.data
    settings.redis_url = args.redis or os.environ.get("REDIS_URL", "")
    settings.frame_limit = args.frame_limit
    settings.web = args.web if args.web is not None else (str(WEB_DIST) if WEB_DIST.exists() else "")
    embedded = None
    if not settings.redis_url:
        embedded = EmbeddedRedis(settings.data_dir, fsync=args.appendfsync)
        settings.redis_url = embedded.start()
        print(
            f"longhall: embedded redis at {settings.redis_url}, data in {settings.data_dir.resolve()}",
            flush=True,
        )
    os.environ.update(settings.to_env())
    # uvicorn drains on SIGTERM, then raises it again once its own handler is gone: that
    # second one ends `run` here, so the embedded Redis is stopped and the exit status is 0
    signal.signal(signal.SIGTERM, _exit_quietly)
    try:
        uvicorn.run(
            "server.app:create_app",
            factory=True,
            host=args.host,
            port=args.port,
            workers=args.workers,
            ws="server.lean_ws:LeanWebSocket",
            ws_max_size=settings.frame_limit,
            ws_per_message_deflate=False,  # a zlib context per socket costs ~100 KiB; diffs are small
            log_level=args.log_level,
            lifespan="on",
        )
    except KeyboardInterrupt:
        pass
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


def _exit_quietly(sig: int, frame: object) -> None:
    raise SystemExit(0)


def bot(args: argparse.Namespace) -> int:
    from clients.python.bot import run_bot

    return asyncio.run(run_bot(args.url, args.game, args.room, args.seats, args.options, args.seed, args.spectate))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="longhall", description="Longhall game service")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("serve", help="run the service")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--data", default=".longhall", help="data folder (embedded redis, its append-only file)")
    s.add_argument("--redis", default="", help="redis URL; default: an embedded redis")
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--frame-limit", type=int, default=64 * 1024)
    s.add_argument("--appendfsync", default="always", choices=["always", "everysec", "no"])
    s.add_argument("--web", default=None, help="folder of the built web client (default: clients/web/dist)")
    s.add_argument("--log-level", default="info")
    s.set_defaults(func=serve)
    b = sub.add_parser("bot", help="play random legal moves in a room")
    b.add_argument("--url", default="ws://127.0.0.1:8000/ws")
    b.add_argument("--game", default=None, help="create a room of this game")
    b.add_argument("--room", default=None, help="join this room")
    b.add_argument("--seats", type=int, default=None)
    b.add_argument("--options", default="{}", help="room options as JSON")
    b.add_argument("--seed", type=int, default=None)
    b.add_argument("--spectate", action="store_true")
    b.set_defaults(func=bot)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
