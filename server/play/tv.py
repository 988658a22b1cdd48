"""TV: the best live game of each game, to watch — GET /api/tv (?game= for one game).

The best game is the public game in play whose seats are rated highest: the mean of its
seats' ratings on the game's leaderboard (a seat not on it, a bot or a new player, counts
as the board's lowest rating, 0 on an empty board). It is looked for among the rooms of
the leaderboard's top `TOP_PLAYERS` players (the newest `ROOMS_EACH` of each, from their
games lists) and the `RECENT` rooms most recently played in (`rooms:playing`), so a read
costs a bounded number of Redis round trips, whatever the number of rooms. A node keeps
each game's answer `KEEP_S` seconds. A private room is never shown; spectators of the
game shown see it as late as its `spectator_delay` (server.rooms.delay: rated games are
delayed by default), like any spectator.

The app's TV page (clients/web/src/tv.js) watches the room named here and, when that
game ends, asks again and moves to the next.
"""

from __future__ import annotations

import time
from typing import Any

import msgpack
from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.games import registry
from server.rooms import document as rm
from server.storage.keys import PLAYING_ROOMS, board_key, keys, player_rooms_key

TOP_PLAYERS = 100  # the leaderboard's best, whose rooms are looked at
ROOMS_EACH = 3  # the newest rooms of each of them
RECENT = 100  # and the rooms most recently played in
SHOWN = 5  # games listed after the best (the page's "next")
KEEP_S = 5.0  # how long a node keeps a game's answer


def _text(raw: Any) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)


class Tv:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._kept: dict[str, tuple[float, list[dict[str, Any]]]] = {}

    async def channel(self, game: str) -> list[dict[str, Any]]:
        """The public games of `game` in play, best first (at most 1 + SHOWN)."""
        kept = self._kept.get(game)
        if kept is not None and time.monotonic() - kept[0] < KEEP_S:
            return kept[1]
        games = await self._read(game)
        self._kept[game] = (time.monotonic(), games)
        return games

    async def _read(self, game: str) -> list[dict[str, Any]]:
        ranked: Any = await self.redis.zrevrange(board_key(game), 0, TOP_PLAYERS - 1, withscores=True)
        ratings = {_text(p): float(score) for p, score in ranked}
        floor = min(ratings.values(), default=0.0)
        pipe = self.redis.pipeline(transaction=False)
        for player in ratings:
            pipe.zrevrange(player_rooms_key(player), 0, ROOMS_EACH - 1)
        pipe.zrevrange(PLAYING_ROOMS, 0, RECENT - 1)
        found: list[Any] = await pipe.execute()
        rooms = list(dict.fromkeys(_text(r) for got in found for r in got))
        if not rooms:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for room in rooms:
            pipe.hmget(keys(room)[3], "game", "status", "private")
        metas: list[Any] = await pipe.execute()
        live = [room for room, (g, status, private) in zip(rooms, metas, strict=True)
                if g is not None and _text(g) == game and _text(status) == rm.PLAYING
                and _text(private or b"0") == "0"]  # fmt: skip
        if not live:
            return []
        pipe = self.redis.pipeline(transaction=False)
        for room in live:
            pipe.hget(keys(room)[0], "doc")
        docs: list[Any] = await pipe.execute()
        out: list[dict[str, Any]] = []
        for room, raw in zip(live, docs, strict=True):
            if raw is None:
                continue
            doc = msgpack.unpackb(raw, raw=False)
            if not isinstance(doc, dict) or doc.get("private") or doc.get("status") != rm.PLAYING:
                continue
            seats = [{"name": s["name"], "bot": s.get("bot"), "rating": ratings.get(s["player"])}
                     for s in doc.get("seats", []) if s is not None]  # fmt: skip
            score = sum(floor if s["rating"] is None else s["rating"] for s in seats) / max(1, len(seats))
            out.append({"room": room, "game": game, "seats": seats, "rating": round(score, 2)})
        out.sort(key=lambda g: (-g["rating"], g["room"]))
        return out[: 1 + SHOWN]


def routes(tv: Tv) -> list[Route]:
    async def get(request: Request) -> Response:
        game = request.query_params.get("game")
        if game is not None and registry.get(game) is None:
            return JSONResponse({"error": "not_found", "detail": f"no game {game!r}"}, 404)
        names = [game] if game is not None else list(registry.games())
        channels = {name: await tv.channel(name) for name in names}
        return JSONResponse({"games": {name: (got[0] if got else None) for name, got in channels.items()},
                             "next": {name: got[1:] for name, got in channels.items()}},
                            headers={"Cache-Control": "no-store"})  # fmt: skip

    return [Route("/api/tv", get)]
