"""Games at a player's own pace: their games list and their vacation.

GET /api/players/{player}/games    every room the player sits in (the rooms they took a
                                   seat in, `player_rooms_key`, still holding their seat):
                                   game, status, whose turn, their deadline, newest change first
POST /api/players/{player}/vacation {"days": N}: pause their correspondence clocks N days
DELETE /api/players/{player}/vacation              end it now: the whole days not begun back

Both answer only the player themselves: `Authorization: Bearer <their token>` (the token
`welcome` gave them); no token or a bad one is 401, another player's 403.

A vacation spends days of the player's yearly allowance (the `vacation_days` setting; a
year is the calendar year of the node's clock, server.runtime.wallclock). It ends at
`until` = the end of the vacation already taken (or now) + N days, and each room the
player sits in whose clock counts days per move (server.rooms.clocks) is changed at once,
one commit each: the seat is marked away until then, and a seat asked now has the days
not yet counted added to its deadline. A seat asked later during the vacation gets the
rest of it added when it is asked. Short clocks are never paused. The deadlines stay in
the room documents and reach the referee's index (`rooms:clocks`) through the commit, as
every deadline does.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from typing import Any, Protocol

from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from protocol.errors import ErrorCode
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms.cache import Entry
from server.rooms.errors import RoomError
from server.rooms.service import Change, Rooms
from server.runtime import wallclock
from server.runtime.bearer import own
from server.storage.keys import player_rooms_key, vacation_key

log = logging.getLogger("longhall.correspondence")
LISTED = 200  # rooms a games list shows at most (the newest seated)


class Verifies(Protocol):
    """What checks a player's token (server.identity.tokens.Tokens)."""

    async def verify(self, token: str) -> Any: ...


class VacationError(Exception):
    """A vacation the player may not take (answered 409 with the allowance left)."""


class Correspondence:
    def __init__(self, redis: Redis, rooms: Rooms, allowance: int) -> None:
        self.redis = redis
        self.rooms = rooms
        self.allowance = allowance  # days of vacation a player may take a calendar year

    # -- the games list --------------------------------------------------------------
    async def games(self, player: str) -> list[dict[str, Any]]:
        """Every room `player` sits in, newest change first (rooms they left, or gone from
        Redis, are dropped from their list)."""
        key = player_rooms_key(player)
        rooms = [r.decode() if isinstance(r, bytes) else str(r) for r in await self.redis.zrevrange(key, 0, LISTED - 1)]
        out: list[dict[str, Any]] = []
        gone: list[str] = []
        for room in rooms:
            try:
                e = await self.rooms.entry(room)
            except RoomError as exc:
                if exc.code == ErrorCode.UNKNOWN_ROOM.value:
                    gone.append(room)
                continue
            seat = rm.seat_of(e.doc, player)
            if seat is None:
                gone.append(room)
                continue
            out.append(line(e, seat))
        if gone:
            await self.redis.zrem(key, *gone)
        changed = await self.rooms.store.last_changes([g["room"] for g in out])
        for g, at in zip(out, changed, strict=True):
            g["changed"] = at
        out.sort(key=lambda g: g["changed"] or 0, reverse=True)
        return out

    # -- vacation --------------------------------------------------------------------
    async def vacation_of(self, player: str) -> dict[str, Any]:
        now = wallclock.now_ms()
        year = _year(now)
        raw = await self.redis.hmget(vacation_key(player), ["until", f"y{year}"])
        until = int(raw[0]) if raw[0] is not None else None
        taken = int(raw[1]) if raw[1] is not None else 0
        return {"until": until if until is not None and until > now else None, "days_left": self.allowance - taken}

    async def take(self, player: str, days: int) -> dict[str, Any]:
        """Spend `days` of the player's allowance: their correspondence clocks pause until
        the vacation ends. What they have then, and the rooms whose clocks paused."""
        if isinstance(days, bool) or not isinstance(days, int) or days < 1:
            raise VacationError("days must be a whole number of days, at least 1")
        now = wallclock.now_ms()
        key = vacation_key(player)
        year = f"y{_year(now)}"
        taken = await self.redis.hincrby(key, year, days)
        if taken > self.allowance:
            await self.redis.hincrby(key, year, -days)
            raise VacationError(f"{self.allowance - (taken - days)} days of vacation are left this year")
        was = await self.redis.hget(key, "until")
        until = max(now, int(was) if was is not None else 0) + days * clock.DAY_MS
        await self.redis.hset(key, "until", until)
        paused: list[str] = []
        for g in await self.games(player):
            if (
                g["status"] == rm.PLAYING
                and "days" in (g["clock"] or {})
                and await self._pause(g["room"], player, now, until)
            ):
                paused.append(g["room"])
        return {**await self.vacation_of(player), "paused": paused}

    async def end(self, player: str) -> dict[str, Any]:
        """End the player's vacation now: the whole days not begun go back to this year's
        allowance, and each correspondence clock paused for it runs again (a seat asked
        loses the pause not yet counted). What they have then, and the rooms changed."""
        now = wallclock.now_ms()
        key = vacation_key(player)
        was = await self.redis.hget(key, "until")
        if was is None or int(was) <= now:
            raise VacationError("no vacation is running")
        year = f"y{_year(now)}"
        refund = (int(was) - now) // clock.DAY_MS
        taken = int(await self.redis.hget(key, year) or 0)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, "until", now)
            pipe.hincrby(key, year, -min(refund, taken))
            await pipe.execute()
        resumed: list[str] = []
        for g in await self.games(player):
            if (
                g["status"] == rm.PLAYING
                and "days" in (g["clock"] or {})
                and await self._resume(g["room"], player, now)
            ):
                resumed.append(g["room"])
        return {**await self.vacation_of(player), "resumed": resumed}

    async def _resume(self, room: str, player: str, now: int) -> bool:
        return await self._away(room, player, now, lambda doc, seat: clock.back(doc, seat, now))

    async def _pause(self, room: str, player: str, since: int, until: int) -> bool:
        """Pause the player's clock in `room` from `since` (when the vacation was taken) to `until`."""
        return await self._away(room, player, until, lambda doc, seat: clock.vacation(doc, seat, until, since))

    async def _away(self, room: str, player: str, until: int, change: Callable[[rm.Doc, int], rm.Doc | None]) -> bool:
        """Commit `change` of the player's seat in `room` (their vacation now ending at
        `until`); False when it changes nothing there or could not be made."""

        def step(e: Entry, attempt: int) -> Change | None:
            seat = rm.seat_of(e.doc, player)
            doc = None if seat is None else change(e.doc, seat)
            if doc is None:
                return None
            return doc, {"k": "vacation", "seat": seat, "until": until}

        try:
            return await self.rooms.change(room, step) is not None
        except RoomError as exc:
            log.info("could not change the clock of %s in %s: %s", player, room, exc.detail)
            return False


def line(e: Entry, seat: int) -> dict[str, Any]:
    """One room of a games list, as its player sees it."""
    doc = e.doc
    to_act: list[int] = []
    if doc["status"] == rm.PLAYING and e.game is not None and doc.get("state") is not None:
        to_act = sorted(e.game.to_act(doc["state"]))
    c = doc.get("clock")
    deadline = c["deadline"][seat] if c is not None and doc["status"] == rm.PLAYING else None
    return {
        "room": e.id,
        "game": doc["game"],
        "status": doc["status"],
        "seat": seat,
        "to_act": to_act,
        "your_turn": seat in to_act,
        "deadline": deadline,
        "clock": doc.get("clock_setting"),
        "seats": [None if s is None else {"name": s["name"], "bot": s.get("bot")} for s in doc["seats"]],
    }


def _year(ms: int) -> int:
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC).year


def routes() -> list[Route]:
    """The routes, reading the node's `correspondence` and `signer` (set when it starts)."""

    async def who(request: Request) -> tuple[Correspondence, str] | Response:
        got = await own(request, "correspondence")
        return got if isinstance(got, Response) else (got[0], got[1].player)

    async def games(request: Request) -> Response:
        got = await who(request)
        if isinstance(got, Response):
            return got
        parts, player = got
        body = {"player": player, "now": wallclock.now_ms(), "games": await parts.games(player),
                "vacation": await parts.vacation_of(player)}  # fmt: skip
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    async def back(parts: Correspondence, player: str) -> Response:
        try:
            return JSONResponse(await parts.end(player))
        except VacationError as exc:
            return JSONResponse({"error": "no_vacation", "detail": str(exc), **await parts.vacation_of(player)}, 409)

    async def vacation(request: Request) -> Response:
        got = await who(request)
        if isinstance(got, Response):
            return got
        parts, player = got
        if request.method == "DELETE":
            return await back(parts, player)
        try:
            asked = await request.json()
        except ValueError:
            asked = None
        days = asked.get("days") if isinstance(asked, dict) else None
        if not isinstance(days, int) or isinstance(days, bool):
            return JSONResponse({"error": "bad_field", "detail": 'send {"days": N}'}, 400)
        try:
            return JSONResponse(await parts.take(player, days))
        except VacationError as exc:
            return JSONResponse({"error": "no_vacation_left", "detail": str(exc),
                                 **await parts.vacation_of(player)}, 409)  # fmt: skip

    return [
        Route("/api/players/{player}/games", games),
        Route("/api/players/{player}/vacation", vacation, methods=["POST", "DELETE"]),
    ]
