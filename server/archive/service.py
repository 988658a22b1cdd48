"""The archive as one server node uses it: the database, the archiver, the leaderboards.

The node answers as soon as Redis does; the archive opens beside it in the background
(SQLAlchemy and the migrations take a moment to load): it migrates the database (safe
from several processes at once: a file lock on SQLite, an advisory lock on PostgreSQL),
then the archiver starts on the games that ended meanwhile (they wait in its queue) and
the leaderboards are rebuilt from the archive.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis
from starlette.routing import Route

from server.archive import leaderboard
from server.archive.archiver import Archiver
from server.archive.records import ArchiveOpening
from server.archive.routes import routes
from server.games import registry
from server.runtime import loops as background
from server.runtime.config import Settings

if TYPE_CHECKING:
    from server.archive.repository import Archive

log = logging.getLogger("longhall.archive")


class ArchiveService:
    def __init__(self, settings: Settings, redis: Redis, node: str) -> None:
        self.settings = settings
        self.redis = redis
        self.archive: Archive | None = None
        self.archiver = Archiver(redis, None, node, grace=settings.archive_grace, keep=settings.archived_ttl)

    def routes(self) -> list[Route]:
        return routes(self.redis, lambda: self.archive)

    async def record(self, room: str) -> dict[str, Any] | None:
        """An archived game as plain data (None: not archived); ArchiveOpening while the
        node's archive is still opening."""
        if self.archive is None:
            raise ArchiveOpening("the archive is starting")
        rec = await self.archive.game(room)
        return None if rec is None else rec.as_json()

    def finished(self, room: str) -> None:
        """A game ended on this node (Rooms' events, by way of the node)."""
        self.archiver.finished(room)

    def register(self, loops: background.Loops) -> None:
        """Its loops: the archiver's, and the database opened (and migrated) meanwhile."""
        self.archiver.register(loops)
        loops.run("archive database", self._open)

    async def _open(self) -> None:
        # imported in a thread: the event loop keeps serving while SQLAlchemy loads
        db = await asyncio.to_thread(importlib.import_module, "server.archive.db")
        repository = await asyncio.to_thread(importlib.import_module, "server.archive.repository")
        url = db.database_url(self.settings.database_url, self.settings.data)
        while True:
            try:  # in a thread of its own: Alembic loads and migrates without blocking this loop
                await asyncio.to_thread(db.upgrade_here, url)
                break
            except Exception:
                log.warning("the archive database is not ready; retrying", exc_info=True)
                await asyncio.sleep(5)
        self.archive = repository.Archive(url)
        self.archiver.attach(self.archive if self.settings.archiver == "on" else None)
        for attempt in range(60):  # Redis may be away a while: try again, quietly
            try:
                await leaderboard.rebuild(self.redis, self.archive, sorted(registry.games()))
                break
            except Exception as exc:
                if attempt % 10 == 0:
                    log.warning("leaderboards were not rebuilt yet: %s: %s", type(exc).__name__, exc)
                await asyncio.sleep(5)

    async def close(self) -> None:
        """After its loops stopped."""
        await self.archiver.close()
        if self.archive is not None:
            await self.archive.close()
