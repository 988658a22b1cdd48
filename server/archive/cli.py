"""`longhall db upgrade` and `longhall archive export|run`: the archive from the shell."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
from datetime import UTC, datetime
from typing import TextIO


def url_of(args: argparse.Namespace) -> str:
    from server.archive.db import database_url

    return database_url(args.database or os.environ.get("DATABASE_URL", ""), args.data)


def db_upgrade(args: argparse.Namespace) -> int:
    from server.archive.db import upgrade_here

    url = url_of(args)
    upgrade_here(url, args.revision)
    print(f"longhall: archive at {args.revision} ({_safe(url)})", flush=True)
    return 0


def parse_since(text: str) -> datetime:
    t = datetime.fromisoformat(text)
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t


async def export(url: str, room: str | None, since: datetime | None, out: TextIO) -> int:
    from server.archive.repository import Archive

    archive = Archive(url)
    n = 0
    try:
        async for g in archive.games(since=since, room=room):
            out.write(json.dumps(g.as_json(), ensure_ascii=False, separators=(",", ":")) + "\n")
            n += 1
    finally:
        await archive.close()
    return n


def archive_export(args: argparse.Namespace) -> int:
    if (args.room is None) == (args.since is None):
        print("longhall archive export: give a ROOM or --since DATE", file=sys.stderr)
        return 2
    since = parse_since(args.since) if args.since else None
    if args.out == "-":
        n = asyncio.run(export(url_of(args), args.room, since, sys.stdout))
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            n = asyncio.run(export(url_of(args), args.room, since, f))
    print(f"longhall: {n} games exported", file=sys.stderr)
    return 0 if n or args.since else 1


async def run_archiver(url: str, redis_url: str, args: argparse.Namespace) -> None:
    import secrets

    from server.archive.archiver import Archiver
    from server.archive.db import upgrade
    from server.archive.repository import Archive
    from server.runtime.loops import Loops
    from server.storage.client import connect

    await upgrade(url)
    redis = connect(redis_url)
    archive = Archive(url)
    node = f"archiver-{secrets.token_hex(3)}"
    a = Archiver(redis, archive, node, grace=args.grace, keep=args.keep, lease_ms=int(args.lease * 1000),
                 sweep_every=args.every, scan_every=args.scan_every)  # fmt: skip
    loops = Loops()
    a.register(loops)
    a.attach(archive)
    loops.start()
    print(f"longhall: {node} archiving from {redis_url} into {_safe(url)}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await loops.stop()
        await a.close()
        await archive.close()
        await redis.aclose()


def archive_run(args: argparse.Namespace) -> int:
    redis_url = args.redis or os.environ.get("REDIS_URL", "")
    if not redis_url:
        print("longhall archive run: give --redis URL (or REDIS_URL)", file=sys.stderr)
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_archiver(url_of(args), redis_url, args))
    return 0


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    def where(p: argparse.ArgumentParser) -> None:
        p.add_argument("--data", default=".longhall", help="data folder (the default SQLite archive lives here)")
        p.add_argument("--database", default="", help="database URL (default: DATABASE_URL, else SQLite in --data)")

    db = sub.add_parser("db", help="the archive database").add_subparsers(dest="db_cmd", required=True)
    up = db.add_parser("upgrade", help="run the archive's migrations")
    where(up)
    up.add_argument("revision", nargs="?", default="head")
    up.set_defaults(func=db_upgrade)

    ar = sub.add_parser("archive", help="finished games").add_subparsers(dest="archive_cmd", required=True)
    ex = ar.add_parser("export", help="write archived games as JSON lines")
    where(ex)
    ex.add_argument("room", nargs="?", default=None)
    ex.add_argument("--since", default=None, help="ISO date or time (UTC unless given): games ended since then")
    ex.add_argument("--out", default="-", help="file to write (default: standard output)")
    ex.set_defaults(func=archive_export)
    run = ar.add_parser("run", help="archive finished games of a shared Redis (beside nodes run with archiver off)")
    where(run)
    run.add_argument("--redis", default="", help="redis URL (default: REDIS_URL)")
    run.add_argument("--grace", type=float, default=0.0, help="seconds a finished room is left to its own node")
    run.add_argument("--keep", type=int, default=60, help="seconds an archived room stays in Redis")
    run.add_argument("--lease", type=float, default=60.0, help="seconds a claim on a room lasts")
    run.add_argument("--every", type=float, default=1.0, help="seconds between sweeps of the announced rooms")
    run.add_argument("--scan-every", type=float, default=600.0, help="seconds between keyspace scans")
    run.set_defaults(func=archive_run)
