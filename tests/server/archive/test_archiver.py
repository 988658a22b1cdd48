"""Finished games leave Redis for the archive exactly once (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from redis.asyncio import Redis
from sqlalchemy import select

from clients.python.bot import play
from server.archive.archiver import Archiver
from server.archive.finished import read_room
from server.archive.models import ChatMessage
from server.archive.repository import Archive
from server.runtime.loops import Loops
from server.storage.keys import ARCHIVE_PENDING as PENDING
from server.storage.keys import claim_key, keys
from tests.cluster import ROOT, ServerProc
from tests.server.archive.games import RATED, play_game, replay
from tests.tables import table


@pytest.fixture
async def aredis(redis_url: str) -> AsyncIterator[Redis]:
    r = Redis.from_url(redis_url)
    yield r
    await r.aclose()


@pytest.fixture
async def archive(db_url: str) -> AsyncIterator[Archive]:
    a = Archive(db_url)
    yield a
    await a.close()


async def eventually(check, timeout: float = 60.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        got = await check()
        if got:
            return got
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)


async def room_keys(r: Redis, room: str) -> int:
    return int(await r.exists(*keys(room)[:5], claim_key(room)))


async def test_a_finished_game_is_archived_by_its_node_and_leaves_redis(
    redis_url, db_url, archive, aredis, tmp_path
) -> None:
    node = ServerProc(tmp_path / "n", redis_url, args=("--database", db_url), LONGHALL_ARCHIVED_TTL="1")
    (tmp_path / "n").mkdir()
    node.start()
    try:
        room, result = await play_game(node.url, "vikings", 2, {}, seed=3)
        rec = await eventually(lambda: archive.game(room))
        assert rec.result == result and rec.status == "finished"
        assert replay(rec) == result  # the seed and moves replay to the recorded result
        assert rec.started is not None and rec.started <= rec.moves[0].at <= rec.ended
        assert [m.seq for m in rec.moves] == sorted(m.seq for m in rec.moves)
        await eventually(lambda: _gone(aredis, room), timeout=30)  # archived_ttl = 1 s
        assert await aredis.zscore(PENDING, room) is None
        async with httpx.AsyncClient(base_url=node.http) as http:
            got = (await http.get(f"/api/rooms/{room}/replay")).json()
            assert got["source"] == "archive" and got == {**rec.as_json(), "source": "archive"}
            assert (await http.get("/api/rooms/nosuchroom/replay")).status_code == 404
            player = rec.seats[0]["player"]
            page = (await http.get(f"/api/players/{player}")).json()
            assert page["games_played"] == 1 and page["recent"][0]["room"] == room
            assert (await http.get("/api/players/nobody")).status_code == 404
    finally:
        node.stop()
    out = subprocess.run(
        [sys.executable, "-m", "server.node.cli", "archive", "export", room, "--database", db_url],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    lines = out.stdout.splitlines()
    assert len(lines) == 1 and json.loads(lines[0]) == rec.as_json()


async def _gone(r: Redis, room: str) -> bool:
    return await room_keys(r, room) == 0


async def test_live_game_replay_shows_no_moves_or_seed(server, aredis) -> None:
    from tests.tables import table

    async with (
        table(server.url, players=2, spectators=0, game="vikings") as t,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        got = (await http.get(f"/api/rooms/{t.room}/replay")).json()
    assert got["status"] == "playing" and got["source"] == "live"
    assert got["moves"] is None and got["seed"] is None and got["game"] == "vikings"


async def finished_unarchived(tmp_path: Path, redis_url: str, db_url: str,
                              clock: dict | None = None) -> tuple[str, object]:  # fmt: skip
    """A game played on a node that only announces (archiver off): it waits in Redis."""
    (tmp_path / "off").mkdir(parents=True)
    node = ServerProc(tmp_path / "off", redis_url, args=("--database", db_url), LONGHALL_ARCHIVER="off")
    node.start()
    try:
        return await play_game(node.url, "highcard", 2, {}, seed=5, clock=clock)
    finally:
        node.stop()


async def test_a_crash_between_insert_and_release_repeats_safely(tmp_path, redis_url, db_url, archive, aredis) -> None:
    room, result = await finished_unarchived(tmp_path, redis_url, db_url)
    await eventually(lambda: aredis.zscore(PENDING, room))  # announced
    # an archiver inserted the game and died before releasing the room's keys
    rec = await read_room(aredis, room)
    assert rec is not None and await archive.save_game(rec) is True
    a = Archiver(aredis, archive, "test", grace=0, keep=0)
    assert await a.archive_room(room) == "already"  # nothing inserted twice, the release runs
    assert await room_keys(aredis, room) == 0 and await aredis.zscore(PENDING, room) is None
    assert await a.archive_room(room) == "gone"
    assert await archive.count_games() == 1
    assert replay(await archive.game(room)) == result


async def test_two_archivers_one_room_one_insert(tmp_path, redis_url, db_url, archive, aredis) -> None:
    room, _ = await finished_unarchived(tmp_path, redis_url, db_url)
    arch = [Archiver(aredis, archive, f"a{i}", grace=0, keep=0) for i in range(4)]
    outcomes = await asyncio.gather(*(a.archive_room(room) for a in arch))
    assert sorted(outcomes).count("archived") == 1
    assert set(outcomes) <= {"archived", "busy", "gone"}
    # without the claims (a lease that ran out mid-archive), the table's key still decides
    room2, _ = await finished_unarchived(tmp_path / "b", redis_url, db_url)
    rec = await read_room(aredis, room2)
    assert rec is not None
    assert sorted(await asyncio.gather(*(archive.save_game(rec) for _ in range(4)))) == [False, False, False, True]
    assert await archive.count_games() == 2


async def test_the_scan_finds_a_room_nobody_announced(tmp_path, redis_url, db_url, archive, aredis) -> None:
    room, result = await finished_unarchived(tmp_path, redis_url, db_url)
    await eventually(lambda: aredis.zscore(PENDING, room))
    await aredis.zrem(PENDING, room)  # as if its node died between the commit and the announcement
    a = Archiver(aredis, archive, "scanner", grace=0, keep=0)
    await a.sweep()  # not announced: the sweep does not see it
    assert await archive.game(room) is None
    await a.scan()
    rec = await archive.game(room)
    assert rec is not None and rec.result == result
    assert await room_keys(aredis, room) == 0


async def test_leaderboard_is_rebuilt_from_the_archive_on_start(tmp_path, redis_url, db_url, archive) -> None:
    room, _ = await finished_unarchived(tmp_path, redis_url, db_url, clock=RATED)  # timed: rated
    a = Archiver(Redis.from_url(redis_url), archive, "lb", grace=0, keep=0)
    assert await a.archive_room(room) == "archived"
    await a.redis.aclose()
    rec = await archive.game(room)
    p0, p1 = (s["player"] for s in rec.seats)
    rated = {r["player"]: r for r in await archive.ratings(rec.game)}  # archiving rated the game
    assert set(rated) == {p0, p1} and all(r["games"] == 1 for r in rated.values())
    first, second = sorted((p0, p1), key=lambda p: -rated[p]["score"])
    async with Redis.from_url(redis_url) as r:  # boards other tests' nodes left in the shared Redis
        await r.delete(f"lb:{{{rec.game}}}", f"lb:{{{rec.game}}}:info")
    (tmp_path / "lb").mkdir()
    node = ServerProc(tmp_path / "lb", redis_url, args=("--database", db_url)).start()
    try:
        async with httpx.AsyncClient(base_url=node.http) as http:
            board = await eventually(lambda: _board(http, rec.game, {p0, p1}))  # rebuilt in the background
            assert [(p["rank"], p["player"], p["score"], p["games"]) for p in board["players"]] == [
                (1, first, rated[first]["score"], 1),
                (2, second, rated[second]["score"], 1),
            ]
            assert board["players"][0]["name"] == rated[first]["name"]
            page2 = (await http.get(f"/api/leaderboard/{rec.game}?limit=1&offset=1")).json()
            assert page2["players"][0]["player"] == second
            assert (await http.get("/api/leaderboard/hunters")).json() == {"game": "hunters", "players": []}
            assert (await http.get("/api/leaderboard/chess")).status_code == 404
            page = (await http.get(f"/api/players/{p0}")).json()
            assert page["ratings"][rec.game]["score"] == rated[p0]["score"]
    finally:
        node.stop()


async def _board(http: httpx.AsyncClient, game: str, players: set[str]) -> dict | None:
    board = (await http.get(f"/api/leaderboard/{game}")).json()
    return board if {p["player"] for p in board["players"]} == players else None


async def test_games_ending_together_are_archived_in_one_transaction(
    tmp_path, redis_url, db_url, archive, aredis
) -> None:
    (tmp_path / "off").mkdir()
    node = ServerProc(tmp_path / "off", redis_url, args=("--database", db_url), LONGHALL_ARCHIVER="off")
    node.start()
    try:
        played = [await play_game(node.url, "highcard", 2, {}, seed=s) for s in (11, 12, 13)]
    finally:
        node.stop()
    rooms = [room for room, _ in played]
    calls: list[list[str]] = []
    save_games = archive.save_games

    async def counted(recs, rated=None):  # type: ignore[no-untyped-def]
        calls.append([r.room for r in recs])
        return await save_games(recs, rated)

    archive.save_games = counted  # type: ignore[method-assign]
    a = Archiver(aredis, None, "batch", grace=3600, keep=0, gather=0.3)
    loops = Loops()
    a.register(loops)
    loops.start()
    try:
        for room in [*rooms, f"nosuchroom{time.time_ns()}"]:
            a.finished(room)  # as the commit path tells it, one after another
        a.attach(archive)
        await eventually(lambda: _all_archived(archive, rooms))
    finally:
        await loops.stop()
        await a.close()
    assert calls == [rooms]  # one transaction for the three (the unknown room was never read)
    assert a.counts["archived"] == 3 and a.counts["gone"] == 1
    for room, result in played:
        assert await room_keys(aredis, room) == 0 and await aredis.zscore(PENDING, room) is None
        assert replay(await archive.game(room)) == result
    assert await a.archive_rooms(rooms) == dict.fromkeys(rooms, "gone")


async def _all_archived(archive: Archive, rooms: list[str]) -> bool:
    return all([await archive.game(room) is not None for room in rooms])


async def test_a_finished_games_chat_is_archived_with_it(redis_url, db_url, archive, tmp_path) -> None:
    """Both channels' messages, in the order they were said, leave Redis for the archive."""
    node = ServerProc(tmp_path / "n", redis_url, args=("--database", db_url))
    (tmp_path / "n").mkdir()
    node.start()
    try:
        async with table(node.url, players=2, spectators=1) as t:
            first, second = t.players
            await first.chat(t.room, "good luck")
            await t.spectators[0].chat(t.room, "watching")
            await second.chat(t.room, "you too")
            rng = random.Random(5)
            await asyncio.gather(*(play(c, t.room, random.Random(rng.random())) for c in t.players))
        await eventually(lambda: archive.game(t.room))
        async with archive.sessions() as s:
            said = (await s.scalars(select(ChatMessage).where(ChatMessage.room == t.room)
                                    .order_by(ChatMessage.n))).all()  # fmt: skip
        assert [(m.player, m.channel, m.text) for m in said] == [
            (first.player, "players", "good luck"),
            (t.spectators[0].player, "spectators", "watching"),
            (second.player, "players", "you too"),
        ]
        assert said[0].at <= said[1].at <= said[2].at
    finally:
        node.stop()
