"""A tournament's final result archived (server/tournaments/final.py, the director's
`_archive`): written to the archive's database once the tournament is over — once, by
whichever director ends it, again or on another node — and read back as it stood in
Redis, each table pointing at its game in the archive. Real Redis, a real SQLite archive.
Each test has a Redis of its own: a node on the session's Redis directs every tournament
it finds there, and would end and archive the test's own before the test looks."""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest
import redis.asyncio as aioredis
from sqlalchemy import func, select

from server.archive.db import database_url, upgrade
from server.archive.models import FINISHED, TournamentStanding, TournamentTable
from server.archive.records import GameRecord
from server.archive.repository import Archive
from server.storage.keys import PAST_TOURNAMENTS, TOURNAMENTS, entrants_key, rounds_key, tournament_key
from server.storage.store import Store
from server.tournaments import final, listing
from server.tournaments.director import KEPT_S, OVER, Director, read
from server.tournaments.event import Event, terms


@pytest.fixture
async def archive(tmp_path) -> AsyncIterator[Archive]:
    url = database_url("", tmp_path)
    await upgrade(url)
    a = Archive(url)
    yield a
    await a.close()


async def registered(r: aioredis.Redis, now: int, n: int) -> tuple[str, list[str]]:
    """A one-round Swiss of Vikings starting `now` with `n` players entered: its id, players."""
    tid = "t" + secrets.token_hex(5)
    ev = terms(tid, {"name": "Final test", "kind": "swiss", "game": "vikings", "size": 2, "rounds": 1,
                     "starts": now, "clock": {"total": 300, "increment": 2}}, now)  # fmt: skip
    await listing.create(r, ev)
    players = [f"{tid}-p{i}" for i in range(n)]
    for i, p in enumerate(players):
        await listing.enter(r, tid, p, f"Player {i}", now)
    return tid, players


async def swiss_played(r: aioredis.Redis, now: int) -> tuple[str, list[str], list[str]]:
    """A one-round Swiss of three players whose table is over and whose round is done, as
    the director leaves it before it ends the tournament: its id, players and rooms."""
    tid, players = await registered(r, now, 3)
    await r.hset(tournament_key(tid), mapping={"status": "running", "began": now})
    rooms = [secrets.token_hex(5)]
    rd = {"tables": [{"room": rooms[0], "players": players[:2], "bots": 0}], "byes": [players[2]],
          "results": {rooms[0]: {"winners": [1], "scores": [3.0, 9.0], "at": now + 1000}},
          "status": "done", "seated": now}  # fmt: skip
    await r.hset(rounds_key(tid), "1", json.dumps(rd))
    return tid, players, rooms


def game(room: str, players: list[str]) -> GameRecord:
    at = datetime.now(UTC)
    seats = [{"player": p, "name": p} for p in players]
    return GameRecord(room=room, game="vikings", options={}, seats=seats, seed=7,
                      result={"winners": [1], "scores": [3, 9]}, status=FINISHED, started=at, ended=at)  # fmt: skip


async def counted(a: Archive, table: type[TournamentStanding] | type[TournamentTable], tid: str) -> int:
    async with a.sessions() as s:
        return int(await s.scalar(select(func.count()).select_from(table).where(table.tournament == tid)) or 0)


async def test_the_final_result_is_archived_once_as_redis_showed_it(own_redis: str, archive: Archive) -> None:
    r = aioredis.from_url(own_redis)
    try:
        now = int(time.time() * 1000)
        tid, players, rooms = await swiss_played(r, now)
        opening = Director(r, Store(r, own_redis), "n1", clock=lambda: now)  # its archive not open yet
        await opening.direct(tid, now)
        live = await listing.state(r, tid)
        assert live is not None and live["status"] == OVER
        assert await r.zscore(TOURNAMENTS, tid) is not None  # still directed: its result waits for the archive
        assert await r.zscore(PAST_TOURNAMENTS, tid) is None and await archive.tournament(tid) is None

        await archive.save_game(game(rooms[0], players[:2]))  # the archiver's part: the table's game
        director = Director(r, Store(r, own_redis), "n2", clock=lambda: now, archive_of=lambda: archive)
        await director.direct(tid, now)
        assert await r.zscore(TOURNAMENTS, tid) is None and await r.zscore(PAST_TOURNAMENTS, tid) is not None
        for key in (tournament_key(tid), entrants_key(tid), rounds_key(tid)):
            assert 0 < await r.ttl(key) <= KEPT_S  # Redis forgets it in a week; the archive keeps it

        rec = await archive.tournament(tid)
        assert rec is not None
        shown = final.shown(rec)
        assert shown["status"] == OVER and shown["kind"] == "swiss" and shown["rounds"] == 1
        assert shown["scoring"]["tiebreaks"] == ["buchholz", "rating"] and shown["scoring"]["bye"] == 1.0
        names = ("player", "name", "points", "buchholz", "rating", "games")
        assert [{k: s[k] for k in names} for s in shown["standings"]] == live["standings"]
        assert [s["rank"] for s in shown["standings"]] == [1, 2, 3]
        assert players[1] == shown["standings"][0]["player"]  # the table's winner (its bye-holder ties on points)
        (rd,) = shown["played"]
        assert rd["byes"] == [players[2]] and rd["results"] == live["played"][0]["results"]
        assert rd["tables"] == [{"room": rooms[0], "players": players[:2], "bots": 0, "archived": True,
                                 "replay": f"/api/rooms/{rooms[0]}/replay"}]  # fmt: skip
        assert (await archive.game(rooms[0])) is not None  # the table's game, found from the result

        # a director that restarts, or another node, ends it again: nothing is written twice
        await r.hset(tournament_key(tid), "status", OVER)
        await r.zadd(TOURNAMENTS, {tid: now})
        await director.direct(tid, now)
        assert await archive.save_tournament(final.record(*await stored(r, tid))) is False
        assert (
            await counted(archive, TournamentStanding, tid) == 3 and await counted(archive, TournamentTable, tid) == 1
        )
        assert await r.zscore(TOURNAMENTS, tid) is None
    finally:
        await r.aclose()


async def stored(r: aioredis.Redis, tid: str) -> tuple[Event, dict[str, str], dict[str, Any], dict[int, Any]]:
    """What the director reads of a tournament, as `final.record` takes it."""
    head, entrants, rounds = await read(r, tid)
    return Event.load(head["event"]), head, entrants, rounds


async def test_a_tables_first_players_are_told_it_is_their_turn(own_redis: str) -> None:
    # the node passes them to its notifications (server.node.app.on_asked): a push where they are away
    r = aioredis.from_url(own_redis)
    try:
        now = int(time.time() * 1000)
        tid, players = await registered(r, now, 2)
        told: list[tuple[str, list[str], Any]] = []
        director = Director(r, Store(r, own_redis), "n1", clock=lambda: now)
        director.asked = lambda room, asked, doc: told.append((room, asked, doc))
        await director.direct(tid, now)
        _, _, rounds = await read(r, tid)
        (table,) = rounds[1]["tables"]
        (room, asked, doc) = told[0]
        assert len(told) == 1 and room == table["room"] and doc["status"] == "playing"
        seat = doc["seats"].index(next(s for s in doc["seats"] if s["player"] == asked[0]))
        assert len(asked) == 1 and asked[0] in players
        assert [d is not None for d in doc["clock"]["deadline"]] == [i == seat for i in range(2)]  # the one asked
        await director.direct(tid, now)  # looked at again: the table is not told twice
        assert len(told) == 1
    finally:
        await r.aclose()


async def test_a_result_the_archive_refuses_is_tried_again_later_and_said_once_a_minute(
    own_redis: str, archive: Archive, caplog: pytest.LogCaptureFixture
) -> None:
    r = aioredis.from_url(own_redis)
    away = Archive("postgresql+asyncpg://longhall@127.0.0.1:1/longhall")  # a database nothing answers for
    try:
        clock = [int(time.time() * 1000)]
        tid, players, rooms = await swiss_played(r, clock[0])
        archive_now = [away]
        director = Director(r, Store(r, own_redis), "n1", clock=lambda: clock[0], archive_of=lambda: archive_now[0])
        caplog.set_level(logging.DEBUG, "longhall.tournaments")

        def said() -> list[int]:
            return [
                x.levelno for x in caplog.records if "could not be archived" in x.getMessage() and tid in x.getMessage()
            ]

        for _ in range(5):  # the director looks every second; its clock has not moved: one try
            await director.direct(tid, clock[0])
        assert said() == [logging.WARNING]
        for step in (1000, 2000, 4000, 8000, 16000, 32000, 60_000, 60_000):  # each wait, twice the last, up to a minute
            clock[0] += step - 1
            await director.direct(tid, clock[0])  # a moment too soon: not tried
            clock[0] += 1
            await director.direct(tid, clock[0])
        assert (
            said() == [logging.WARNING] + [logging.DEBUG] * 5 + [logging.WARNING] * 3
        )  # 9 tries; a minute apart: said
        assert await r.zscore(TOURNAMENTS, tid) is not None  # still waiting for the archive

        archive_now[0] = archive  # the database back
        await archive.save_game(game(rooms[0], players[:2]))
        clock[0] += 60_000
        await director.direct(tid, clock[0])
        assert await archive.tournament(tid) is not None and await r.zscore(TOURNAMENTS, tid) is None
        assert any("after 9 refused tries" in x.getMessage() for x in caplog.records)
    finally:
        await away.close()
        await r.aclose()
