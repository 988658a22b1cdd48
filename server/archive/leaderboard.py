"""Leaderboards: one Redis sorted set per game, rebuilt from the archive's ratings.

  lb:{GAME}        sorted set: player -> rating score (what the board sorts by)
  lb:{GAME}:info   hash: player -> JSON {name, mu, sigma, games}
Both keys share a hash tag, so a rebuild is one MULTI in one cluster slot. The archive is
the truth; Redis serves reads. The archiver calls `update` once a game's ratings are saved.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from server.storage.keys import board_key, info_key

if TYPE_CHECKING:
    from server.archive.repository import Archive


def _info(r: dict[str, Any]) -> str:
    return json.dumps({"name": r["name"], "mu": r["mu"], "sigma": r["sigma"], "games": r["games"]})


async def rebuild(redis: Redis, archive: Archive, games: list[str]) -> int:
    """Replace every game's board by the archive's ratings; how many entries were written."""
    n = 0
    for game in games:
        rows = await archive.ratings(game)
        async with redis.pipeline(transaction=True) as pipe:
            pipe.delete(board_key(game), info_key(game))
            if rows:
                pipe.zadd(board_key(game), {r["player"]: r["score"] for r in rows})
                pipe.hset(info_key(game), mapping={r["player"]: _info(r) for r in rows})
            await pipe.execute()
        n += len(rows)
    return n


async def update(redis: Redis, game: str, rated: list[dict[str, Any]]) -> None:
    """A finished game's new ratings (server.archive.ratings), every player in one MULTI."""
    if not rated:
        return
    async with redis.pipeline(transaction=True) as pipe:
        pipe.zadd(board_key(game), {r["player"]: r["score"] for r in rated})
        pipe.hset(info_key(game), mapping={r["player"]: _info(r) for r in rated})
        await pipe.execute()


async def top(redis: Redis, game: str, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
    ranked: Any = await redis.zrevrange(board_key(game), offset, offset + limit - 1, withscores=True)
    if not ranked:
        return []
    players = [p.decode() if isinstance(p, bytes) else str(p) for p, _ in ranked]
    infos = await redis.hmget(info_key(game), players)
    return [
        {"rank": offset + i + 1, "player": p, "score": score, **(json.loads(info) if info else {})}
        for i, ((_, score), p, info) in enumerate(zip(ranked, players, infos, strict=True))
    ]
