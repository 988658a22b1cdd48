"""The tournament director: one node at a time, under a lease, runs every tournament's
rounds — seats each round's tables as rooms already started, watches them finish, scores
them and seats the next round, until the tournament is over.

Everything it decides is in Redis before it acts on it, in steps that a node killed at
any point leaves repeatable (the next lease holder goes on from the same state):

- a Swiss round is first written whole (`seating`: its tables, each with its room id
  drawn, and its byes), then each room is arranged (server.rooms.arranged: made only if
  it does not exist yet), then the round is `playing`;
- a table's result is written once its room is over (the game's winners and scores), and
  a round whose every table has one is `done`; then the next round is planned from the
  standings of the rounds done, or the tournament ends;
- an arena's tables are written one by one the same way (a table is a "round" of its own,
  numbered in the order they were seated), for its `minutes`; then no table is seated any
  more and the tournament ends once the last ones are over;
- a tournament over (its final standings written) stays among those directed until its
  result is in the archive's database (server.tournaments.final, written once: keyed by
  the tournament id, a repeat writes nothing); then it moves to the past tournaments and
  Redis keeps it `KEPT_S` more (the routes read the archive after). A database that
  refuses it is tried again after RETRY_MS, twice as late each time up to a minute, and
  said in the log at the first refusal and then once a minute.

Keys (server.storage.keys): `TOURNAMENTS` (those not over, or over and not archived yet,
by start), `PAST_TOURNAMENTS` (those over, by end), and per tournament `tournament_key`
(event, status, round, began, ended, standings, archived), `entrants_key` (player ->
name, rating) and `rounds_key`. Players find their tables in the tournament's state
(`state`: what the routes and pages show).
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis

from server.games import registry
from server.rooms import arranged
from server.rooms import document as rm
from server.runtime import loops as background
from server.runtime import wallclock
from server.runtime.config import Settings
from server.storage.keys import (
    DIRECTOR_LEASE,
    PAST_TOURNAMENTS,
    TOURNAMENTS,
    entrants_key,
    rounds_key,
    tournament_key,
)
from server.storage.store import Store, text
from server.tournaments import arena, final, swiss
from server.tournaments.event import Event
from server.tournaments.standings import Finished, standings

if TYPE_CHECKING:
    from server.archive.repository import Archive

log = logging.getLogger("longhall.tournaments")
TICK = 1.0  # seconds between looks at the tournaments
LEASE_MS = 5000
KEPT_S = 7 * 24 * 3600  # seconds a tournament stays in Redis once its result is archived
RETRY_MS = (1000, 60_000)  # a result the archive refused is tried again after 1 s, then twice as late, up to a minute
REGISTERING, RUNNING, OVER, CANCELLED = "registering", "running", "over", "cancelled"
SEATING, PLAYING, DONE = "seating", "playing", "done"
Round = dict[
    str, Any
]  # {"tables": [{"room", "players", "bots"}], "byes", "results": {room: {...}}, "status", "seated"}


def wall_ms() -> int:
    """The node's time (server.runtime.wallclock: tests may move it)."""
    return wallclock.now_ms()


def finished_tables(rounds: dict[int, Round]) -> list[tuple[int, Finished, int]]:
    """Every table with a result: (its round, the result, when it was scored), in order."""
    out = []
    for n in sorted(rounds):
        for t in rounds[n]["tables"]:
            r = rounds[n]["results"].get(t["room"])
            if r is not None:
                players = tuple(t["players"]) + tuple(f"bot:{t['room']}:{i}" for i in range(t["bots"]))
                out.append((n, Finished(players, tuple(r["winners"]), tuple(r["scores"])), r["at"]))
    return out


def swiss_standings(ev: Event, entrants: dict[str, dict[str, Any]], rounds: dict[int, Round]) -> list[Any]:
    done = [n for n in sorted(rounds) if rounds[n]["status"] == DONE]
    tables = finished_tables({n: rounds[n] for n in done})
    return standings(
        {p: float(e["rating"]) for p, e in entrants.items()},
        [([f for m, f, _ in tables if m == n], rounds[n]["byes"]) for n in done],
    )


def arena_runners(entrants: dict[str, dict[str, Any]], rounds: dict[int, Round]) -> dict[str, arena.Runner]:
    runners = {p: arena.Runner(p, float(e["rating"])) for p, e in entrants.items()}
    for _, f, _ in sorted(finished_tables(rounds), key=lambda x: (x[2], x[0])):
        arena.score(runners, f)
    return runners


async def read(redis: Redis, tid: str) -> tuple[dict[str, str], dict[str, dict[str, Any]], dict[int, Round]]:
    """A tournament in one round trip: its head (event, status, ...), its players, its rounds."""
    async with redis.pipeline(transaction=False) as pipe:
        pipe.hgetall(tournament_key(tid))
        pipe.hgetall(entrants_key(tid))
        pipe.hgetall(rounds_key(tid))
        head, entrants, rounds = await pipe.execute()
    return (
        {text(k): text(v) for k, v in head.items()},
        {text(k): json.loads(v) for k, v in entrants.items()},
        {int(k): json.loads(v) for k, v in rounds.items()},
    )


# Told of the players a table asks first (server.node.app: "your turn", by push where they are away)
Asked = Callable[[str, list[str], rm.Doc], None]


class Director:
    def __init__(self, redis: Redis, store: Store, node: str, settings: Settings | None = None,
                 clock: Callable[[], int] | None = None,
                 archive_of: Callable[[], Archive | None] = lambda: None) -> None:  # fmt: skip
        self.redis, self.store, self.node = redis, store, node
        self.settings = settings or Settings()
        self.archive_of = archive_of  # None while the node's archive opens: results wait for it
        self.lease = background.Lease(redis, DIRECTOR_LEASE, node, LEASE_MS)
        self.now = clock or wall_ms  # ms since the epoch (tests move it on)
        self.asked: Asked | None = None  # a table's first players to decide (the node's notifications)
        self._refused: dict[str, tuple[int, int]] = {}  # tournament -> (tries refused, when to try again, ms)

    def register(self, loops: background.Loops) -> None:
        loops.every("tournament director", TICK, self.look, log)

    async def release(self) -> None:
        with contextlib.suppress(Exception):
            if text(await self.redis.get(DIRECTOR_LEASE)) == self.node:
                await self.redis.delete(DIRECTOR_LEASE)
        self.lease.forget()

    async def look(self) -> None:
        if not await self.lease.hold():
            self._refused.clear()  # another node directs, and archives, now
            return
        now = self.now()
        due = [text(raw) for raw in await self.redis.zrangebyscore(TOURNAMENTS, "-inf", now)]
        for tid in due:
            await self.direct(tid, now)
        for tid in self._refused.keys() - set(due):  # archived meanwhile by a node that held the lease
            del self._refused[tid]

    # -- one tournament ------------------------------------------------------------
    async def direct(self, tid: str, now: int) -> None:
        head, entrants, rounds = await read(self.redis, tid)
        if not head:
            await self.redis.zrem(TOURNAMENTS, tid)
            return
        ev = Event.load(head["event"])
        if head["status"] == OVER:  # its result not archived yet
            await self._archive(tid, ev, head, entrants, rounds)
            return
        if head["status"] == REGISTERING:
            if len(entrants) < ev.least:
                await self._end(tid, CANCELLED, now, [])
                return
            await self.redis.hset(tournament_key(tid), mapping={"status": RUNNING, "began": now})
        if ev.kind == "swiss":
            await self._swiss(tid, ev, entrants, rounds, now)
        else:
            await self._arena(tid, ev, entrants, rounds, now)

    async def _swiss(self, tid: str, ev: Event, entrants: dict[str, dict[str, Any]],
                     rounds: dict[int, Round], now: int) -> None:  # fmt: skip
        current = max(rounds, default=0)
        r = rounds.get(current)
        if r is None or r["status"] == DONE:
            table = swiss_standings(ev, entrants, rounds)
            if current == ev.rounds:
                await self._end(tid, OVER, now, [asdict(s) for s in table])
                return
            current += 1
            r = rounds[current] = {**self._plan(ev, [s.player for s in table], rounds), "seated": now}
            await self._write(tid, current, r)
        await self._play(tid, ev, entrants, current, r, now)

    def _plan(self, ev: Event, ranked: list[str], rounds: dict[int, Round]) -> Round:
        met = {frozenset(p) for r in rounds.values() for t in r["tables"] for p in _pairs(t["players"])}
        had: dict[str, int] = {}
        for r in rounds.values():
            for p in r["byes"]:
                had[p] = had.get(p, 0) + 1
            for t in r["tables"]:
                if t["bots"] and len(t["players"]) == 1:  # a bye played against bots
                    had[t["players"][0]] = had.get(t["players"][0], 0) + 1
        seated = swiss.pair(ranked, met, ev.size, ev.least, had)
        tables = [{"room": secrets.token_hex(5), "players": list(t), "bots": 0} for t in seated.tables]
        byes = list(seated.byes)
        if ev.byes == "bots":
            tables += [{"room": secrets.token_hex(5), "players": [p], "bots": ev.size - 1} for p in byes]
            byes = []
        return {"tables": tables, "byes": byes, "results": {}, "status": SEATING}

    async def _arena(self, tid: str, ev: Event, entrants: dict[str, dict[str, Any]],
                     rounds: dict[int, Round], now: int) -> None:  # fmt: skip
        for n, r in sorted(rounds.items()):
            if r["status"] != DONE:
                await self._play(tid, ev, entrants, n, r, now)
        closes = ev.starts + ev.minutes * 60_000
        busy = {p for r in rounds.values() if r["status"] != DONE for t in r["tables"] for p in t["players"]}
        if now >= closes:
            if not busy:
                final = arena.ranking(arena_runners(entrants, rounds))
                await self._end(tid, OVER, now, [asdict(r) for r in final])
            return
        runners = arena_runners(entrants, rounds)
        waiting = set(entrants) - busy
        tables = arena.pair(runners, waiting, ev.size)
        left = waiting - {p for t in tables for p in t}
        if not busy and not tables and len(left) >= ev.least:  # too few for a full table, nobody else to wait for
            tables = [tuple(r.player for r in arena.ranking(runners) if r.player in left)]
        number = max(rounds, default=0)
        for t in tables:
            number += 1
            r = rounds[number] = {
                "tables": [{"room": secrets.token_hex(5), "players": list(t), "bots": 0}],
                "byes": [], "results": {}, "status": SEATING, "seated": now,
            }  # fmt: skip
            await self._write(tid, number, r)
            await self._play(tid, ev, entrants, number, r, now)

    # -- a round's tables ----------------------------------------------------------
    async def _play(self, tid: str, ev: Event, entrants: dict[str, dict[str, Any]], n: int, r: Round,
                    now: int) -> None:  # fmt: skip
        if r["status"] == SEATING:
            for t in r["tables"]:
                await self._arrange(tid, ev, entrants, n, t, now)
            r["status"] = PLAYING
            await self._write(tid, n, r)
        changed = False
        for t in r["tables"]:
            if t["room"] in r["results"]:
                continue
            result = await self._result(t["room"], len(t["players"]) + t["bots"])
            if result is not None:
                r["results"][t["room"]] = {**result, "at": now}
                changed = True
        if all(t["room"] in r["results"] for t in r["tables"]):
            r["status"] = DONE
            changed = True
        if changed:
            await self._write(tid, n, r)

    async def _arrange(self, tid: str, ev: Event, entrants: dict[str, dict[str, Any]], n: int,
                       t: dict[str, Any], now: int) -> None:  # fmt: skip
        game = registry.get(ev.game)
        assert game is not None
        named = [(p, entrants[p]["name"]) for p in t["players"]]
        seated = arranged.seats(named, t["bots"], ev.bot_level)
        entry = {"k": "tournament", "tournament": tid, "round": n, "players": t["players"], "bots": t["bots"]}
        doc = await arranged.arrange(self.store, self.redis, self.node, t["room"], game, ev.options, seated,
                                     ev.clock, entry, now, int(self.settings.bot_delay * 1000))  # fmt: skip
        if doc is not None and self.asked is not None:  # the first to play, told where they are (a push if away)
            self.asked(t["room"], arranged.asked(game, doc), doc)

    async def _result(self, room: str, seats: int) -> dict[str, Any] | None:
        """The room's winners and scores once it is over; None while it is played. A room
        gone from Redis before its result was read (kept there for the archived TTL after
        its end) counts as a table nobody won."""
        loaded = await self.store.load(room)
        if loaded is None:
            log.warning("tournament room %s is gone before its result was read", room)
            return {"winners": [], "scores": [0.0] * seats, "lost": True}
        doc = loaded.doc
        if doc.get("status") != rm.OVER:
            return None
        result = doc.get("result") or {}
        scores = [float(x) for x in result.get("scores") or [0.0] * seats]
        return {"winners": list(result.get("winners") or []), "scores": scores}

    async def _write(self, tid: str, n: int, r: Round) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(rounds_key(tid), str(n), json.dumps(r))
            pipe.hset(tournament_key(tid), "round", n)
            await pipe.execute()

    async def _end(self, tid: str, status: str, now: int, table: list[dict[str, Any]]) -> None:
        """The final standings written; a tournament cancelled is past at once, one over
        once its result is archived (`_archive`, at once if the archive is open)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(tournament_key(tid), mapping={"status": status, "ended": now, "standings": json.dumps(table)})
            if status != OVER:
                pipe.zrem(TOURNAMENTS, tid)
                pipe.zadd(PAST_TOURNAMENTS, {tid: now})
            await pipe.execute()
        if status == OVER:
            head, entrants, rounds = await read(self.redis, tid)
            await self._archive(tid, Event.load(head["event"]), head, entrants, rounds)

    async def _archive(self, tid: str, ev: Event, head: dict[str, str], entrants: dict[str, dict[str, Any]],
                       rounds: dict[int, Round]) -> None:  # fmt: skip
        """The final result into the archive's database (once: a repeat after a crash, or
        by another node, writes nothing), then the tournament past and let expire."""
        archive = self.archive_of()
        if archive is None:
            return  # the archive is opening: the next look tries again
        tries, due = self._refused.get(tid, (0, 0))
        if self.now() < due:
            return
        try:
            written = await archive.save_tournament(final.record(ev, head, entrants, rounds))
        except Exception:  # the database away: tried again later, and said again at most once a minute
            tries += 1
            wait = min(RETRY_MS[0] << min(tries - 1, 16), RETRY_MS[1])
            self._refused[tid] = (tries, self.now() + wait)
            if tries == 1:
                log.warning("tournament %s: its result could not be archived yet", tid, exc_info=True)
            else:
                log.log(logging.WARNING if wait == RETRY_MS[1] else logging.DEBUG,
                        "tournament %s: its result still could not be archived (%d tries)", tid, tries)  # fmt: skip
            return
        self._refused.pop(tid, None)
        log.info("tournament %s: result %s%s", tid, "archived" if written else "archived already",
                 f" after {tries} refused tries" if tries else "")  # fmt: skip
        ended = int(head["ended"])
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(tournament_key(tid), "archived", 1)
            for key in (tournament_key(tid), entrants_key(tid), rounds_key(tid)):
                pipe.expire(key, KEPT_S)
            pipe.zrem(TOURNAMENTS, tid)
            pipe.zadd(PAST_TOURNAMENTS, {tid: ended})
            pipe.zremrangebyscore(PAST_TOURNAMENTS, "-inf", f"({ended - KEPT_S * 1000}")
            await pipe.execute()


def _pairs(players: list[str]) -> list[tuple[str, str]]:
    return [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]
