"""Tournaments as players and organisers see them: made, entered, left, listed and read
(Redis; the director runs them: server.tournaments.director)."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from redis.asyncio import Redis

from server.storage.keys import PAST_TOURNAMENTS, TOURNAMENTS, board_key, entrants_key, tournament_key
from server.storage.store import text
from server.tournaments import arena
from server.tournaments.director import REGISTERING, RUNNING, arena_runners, read, swiss_standings
from server.tournaments.event import Event

PAST_SHOWN = 50  # tournaments over shown in the list, newest first


class Closed(ValueError):
    """The tournament takes no entries (or no withdrawals) now."""


async def create(redis: Redis, ev: Event) -> None:
    async with redis.pipeline(transaction=True) as pipe:
        pipe.hset(tournament_key(ev.id), mapping={"event": ev.dump(), "status": REGISTERING, "round": 0})
        pipe.zadd(TOURNAMENTS, {ev.id: ev.starts})
        await pipe.execute()


async def event_of(redis: Redis, tid: str) -> tuple[Event, str] | None:
    head = {text(k): text(v) for k, v in (await redis.hgetall(tournament_key(tid))).items()}
    return (Event.load(head["event"]), head["status"]) if head else None


async def enter(redis: Redis, tid: str, player: str, name: str, now: int) -> dict[str, Any]:
    """Register `player` with its rating in the game (the leaderboard's, 0 for a newcomer).
    A Swiss tournament takes entries until it starts, an arena until it closes."""
    found = await event_of(redis, tid)
    if found is None:
        raise KeyError(tid)
    ev, status = found
    open_ = status == REGISTERING or (
        ev.kind == "arena" and status == RUNNING and now < ev.starts + ev.minutes * 60_000
    )
    if not open_:
        raise Closed("this tournament takes no more entries")
    rating = await redis.zscore(board_key(ev.game), player)
    entry = {"name": name, "rating": float(rating or 0.0), "since": now}
    await redis.hset(entrants_key(tid), player, json.dumps(entry))
    return entry


async def withdraw(redis: Redis, tid: str, player: str) -> None:
    found = await event_of(redis, tid)
    if found is None:
        raise KeyError(tid)
    if found[1] != REGISTERING:
        raise Closed("a tournament that has started keeps its players")
    await redis.hdel(entrants_key(tid), player)


async def listed(redis: Redis) -> list[dict[str, Any]]:
    """The tournaments not over (soonest first; one just over whose result is on its way
    to the archive is among them a moment more), then the latest ones over."""
    live = [text(t) for t in await redis.zrange(TOURNAMENTS, 0, -1)]
    past = [text(t) for t in await redis.zrevrange(PAST_TOURNAMENTS, 0, PAST_SHOWN - 1)]
    ids = live + past
    async with redis.pipeline(transaction=False) as pipe:  # one round trip for all of them
        for tid in ids:
            pipe.hgetall(tournament_key(tid))
            pipe.hlen(entrants_key(tid))
        answers = await pipe.execute()
    out = []
    for raw, count in zip(answers[::2], answers[1::2], strict=True):
        head = {text(k): text(v) for k, v in raw.items()}
        if head:
            out.append({**_public(Event.load(head["event"])), "status": head["status"], "players": count})
    return out


async def state(redis: Redis, tid: str) -> dict[str, Any] | None:
    """A tournament whole: its terms, status, players, standings (live) and its rounds
    played so far (`played`; an arena's tables, one a round)."""
    head, players, played = await read(redis, tid)
    if not head:
        return None
    ev = Event.load(head["event"])
    if "standings" in head:
        table = json.loads(head["standings"])
    elif ev.kind == "swiss":
        table = [asdict(s) for s in swiss_standings(ev, players, played)]
    else:
        table = [asdict(r) for r in arena.ranking(arena_runners(players, played))]
    names = {p: e["name"] for p, e in players.items()}
    return {
        **_public(ev), "status": head["status"], "round": int(head.get("round", 0)),
        "players": [{"player": p, **e} for p, e in players.items()],
        "standings": [{**s, "name": names.get(s["player"], "")} for s in table],
        "played": [{"number": n, **played[n]} for n in sorted(played)],
    }  # fmt: skip


def _public(ev: Event) -> dict[str, Any]:
    return asdict(ev)
