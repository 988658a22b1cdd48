"""The archive as one server node uses it: the database, the archiver, the leaderboards.

On start the node migrates the database (safe from several processes at once: a file
lock on SQLite, an advisory lock on PostgreSQL), hooks the archiver to the end of games
in its room service and rebuilds the leaderboards from the archive.
"""

from __future__ import annotations

import logging

from redis.asyncio import Redis
from starlette.routing import Route

from server.archive import leaderboard
from server.archive.archiver import Archiver
from server.archive.db import database_url, upgrade
from server.archive.repository import Archive
from server.archive.routes import routes
from server.config import Settings
from server.games import registry
from server.rooms import Rooms

log = logging.getLogger("longhall.archive")


class ArchiveService:
    def __init__(self, settings: Settings, redis: Redis, node: str) -> None:
        self.url = database_url(settings.database_url, settings.data)
        self.redis = redis
        self.archive = Archive(self.url)
        self.archiver = Archiver(
            redis, self.archive if settings.archiver == "on" else None, node,
            grace=settings.archive_grace, keep=settings.archived_ttl,
        )  # fmt: skip

    def routes(self) -> list[Route]:
        return routes(self.redis, self.archive)

    async def start(self, rooms: Rooms) -> None:
        await upgrade(self.url)
        rooms.on_over = self.archiver.finished
        self.archiver.start()
        await leaderboard.rebuild(self.redis, self.archive, sorted(registry.games()))

    async def stop(self) -> None:
        await self.archiver.stop()
        await self.archive.close()
