"""Players rated on a node's leaderboard for the tests, the way the archive holds them: a
player row and a rating in the node's archive database (the truth), then the game's board
rebuilt from it (server.archive.leaderboard.rebuild). A node rebuilds its boards once, when
its archive opens; ratings written to Redis alone before that would be swept away."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

import httpx
import redis.asyncio as aioredis

from server.archive import leaderboard
from server.archive.db import database_url
from server.archive.models import Player
from server.archive.repository import Archive


async def rate(http: str, data: Path, redis_url: str, game: str, ratings: dict[str, tuple[str, float]]) -> None:
    """Rate players {player id: (name, score)} in `game` on the node at `http` whose data
    folder is `data` (its SQLite archive), once the node's archive is open."""
    async with httpx.AsyncClient(base_url=http) as client:
        for _ in range(600):  # 503 while the node's archive opens, 404 (no such player) once open
            if (await client.get("/api/players/nobody")).status_code == 404:
                break
            await asyncio.sleep(0.1)
    archive = Archive(database_url("", data))
    r = aioredis.Redis.from_url(redis_url)
    try:
        now = datetime.now(UTC)
        async with archive.sessions.begin() as s:
            for player, (name, _) in ratings.items():
                s.add(Player(id=player, name=name, created=now, last_seen=now))
        for player, (_, score) in ratings.items():
            await archive.record_rating(player, game, "rated-by-the-test", mu=score + 3.0, sigma=1.0, score=score)
        await leaderboard.rebuild(r, archive, [game])
    finally:
        await r.aclose()
        await archive.close()
