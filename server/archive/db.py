"""Where the archive lives and how its schema gets there.

`database_url()` picks the database: DATABASE_URL (PostgreSQL through asyncpg, or any
SQLAlchemy URL) or, by default, an SQLite file `archive.sqlite3` in the data folder.
`upgrade()` runs the Alembic migrations shipped in this package (`migrations/`), so an
installed package can migrate its database without a checkout; the same migrations run
on both backends.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0004"  # the newest migration (a test checks it against migrations/versions)
SQLITE_FILE = "archive.sqlite3"


def database_url(url: str, data: str | Path) -> str:
    """The SQLAlchemy URL with an async driver: postgres:// and postgresql:// use asyncpg,
    sqlite:// uses aiosqlite; empty means the SQLite file in `data`."""
    if not url:
        return f"sqlite+aiosqlite:///{(Path(data) / SQLITE_FILE).resolve()}"
    for prefix, driver in (("postgres://", "postgresql+asyncpg://"), ("postgresql://", "postgresql+asyncpg://"),
                           ("sqlite://", "sqlite+aiosqlite://")):  # fmt: skip
        if url.startswith(prefix):
            return driver + url[len(prefix) :]
    return url


def create_engine(url: str) -> AsyncEngine:
    u = make_url(url)
    if u.get_backend_name() != "sqlite":
        return create_async_engine(u, pool_size=5, max_overflow=5, pool_pre_ping=True)
    if u.database:
        Path(u.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(u, connect_args={"timeout": 30})

    @event.listens_for(engine.sync_engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        # WAL: readers never wait for the archiver; several processes may share the file
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.close()

    return engine


def alembic_config() -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


@contextlib.contextmanager
def _file_lock(url: str) -> Iterator[None]:
    """SQLite: one migrating process at a time (PostgreSQL uses an advisory lock, env.py)."""
    u = make_url(url)
    if u.get_backend_name() != "sqlite" or not u.database:
        yield
        return
    with open(f"{u.database}.migrate-lock", "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


async def upgrade(url: str, revision: str = "head") -> None:
    """Migrate the database at `url` to `revision` (creating it if needed). A database
    already at HEAD is left alone without loading Alembic (every node start asks)."""
    engine = create_engine(url)
    try:
        if revision == "head" and await _revision(engine) == HEAD:
            return
        with _file_lock(url):
            async with engine.begin() as conn:
                await conn.run_sync(_run, revision)
    finally:
        await engine.dispose()


def upgrade_here(url: str, revision: str = "head") -> None:
    """`upgrade` on an event loop of its own, in the calling thread (a node runs it in a
    worker thread). The coroutine is made here, so a call cancelled before its thread ran
    leaves none behind never awaited."""
    asyncio.run(upgrade(url, revision))


async def _revision(engine: AsyncEngine) -> str | None:
    try:
        async with engine.connect() as conn:
            return (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
    except Exception:  # no table yet (or no database: the upgrade will say so)
        return None


def _run(conn: Connection, revision: str) -> None:
    from alembic import command

    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    if revision.startswith("-") or revision == "base":
        command.downgrade(cfg, revision)
    else:
        command.upgrade(cfg, revision)


async def current(url: str) -> str | None:
    """The revision the database is at (None: never migrated)."""
    engine = create_engine(url)
    try:
        return await _revision(engine)
    finally:
        await engine.dispose()
