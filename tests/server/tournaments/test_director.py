"""Swiss and arena tournaments run by the director through real nodes and sockets, with
the node that directs them killed mid-round (server/tournaments/director.py): a Swiss
round seats every player once (a table or a bye), nobody meets again or has a second
bye while that is avoidable; an arena seats only waiting players, goes on pairing after
the kill and scores every table once, streaks as its rules state; every table's result
is its room's, the standings add up, and the final result is archived in SQL with every
table's game (server/tournaments/final.py), read back once Redis has forgotten it."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import httpx
import msgpack
import pytest
import redis.asyncio as aioredis

from clients.python.bot import play
from clients.python.client import Client
from server.storage.keys import DIRECTOR_LEASE, entrants_key, keys, rounds_key, tournament_key
from tests.cluster import ServerProc
from tests.moved_clock import Time
from tests.server.console.operators import bearer, operator_token
from tests.server.node.test_openapi import check

PLAYERS, ROUNDS = 5, 3
LIMIT = {"highcard": 600, "vikings": 3600, "hunters": 3600, "feast": 5400}  # seconds a tournament may take
# the players and the test share 127.0.0.1, standing for many addresses: their HTTP reads of
# the tournament are not limited as one address's would be (PER_IP_OFF does it for the rest)
ONE_ADDRESS = {"LONGHALL_HTTP_RATE": "0"}
ARCHIVED = 120  # seconds the result and every table's game may take to reach the archive
STREAK_WAIT = 30  # an arena's tables over after which it closes even if no streak doubled points


def shared(tmp_path, clock: Time | None = None) -> dict[str, str]:
    """The nodes' settings: one archive database for both (an SQLite file), finished rooms
    a dead node left archived by the other after a second, one clock the test may move."""
    env = {**ONE_ADDRESS, "DATABASE_URL": f"sqlite:///{tmp_path / 'archive.sqlite3'}", "LONGHALL_ARCHIVE_GRACE": "1"}
    return {**env, "LONGHALL_CLOCK_FILE": str(clock.path)} if clock is not None else env


async def archived_result(http: httpx.AsyncClient, r: aioredis.Redis, final: dict[str, Any]) -> dict[str, Any]:
    """The final result as the archive keeps it, once every table's game is archived too:
    as the tournament's last state showed it, and shown again once Redis forgets it."""
    tid, deadline = final["id"], time.monotonic() + ARCHIVED
    while True:
        answer = await http.get(f"/api/tournaments/{tid}/result")
        if answer.status_code == 200 and all(t["archived"] for rd in answer.json()["played"] for t in rd["tables"]):
            break
        assert answer.status_code in (200, 409) and time.monotonic() < deadline, answer.text
        await asyncio.sleep(0.5)
    result = answer.json()
    check(result, "/components/schemas/TournamentResult")
    assert result["source"] == "archive" and result["kind"] == final["kind"] and result["scoring"]["tiebreaks"]
    assert {k: result[k] for k in ("rounds", "minutes", "size", "clock", "game")} == {
        k: final[k] for k in ("rounds", "minutes", "size", "clock", "game")
    }
    lines = [{k: s[k] for k in ("player", "name", "points", "games", "rating")} for s in result["standings"]]
    assert lines == [{k: s[k] for k in ("player", "name", "points", "games", "rating")} for s in final["standings"]]
    assert [s["rank"] for s in result["standings"]] == list(range(1, len(final["standings"]) + 1))
    tables = [(rd["number"], t["room"], t["players"]) for rd in final["played"] for t in rd["tables"]]
    assert [(rd["number"], t["room"], t["players"]) for rd in result["played"] for t in rd["tables"]] == tables
    assert [rd["results"] for rd in result["played"]] == [rd["results"] for rd in final["played"]]
    for _, room, players in tables:  # each table's game, from the archive
        replay = (await http.get(f"/api/rooms/{room}/replay")).json()
        assert replay["status"] == "finished" and [s["player"] for s in replay["seats"]] == players
    await r.delete(tournament_key(tid), entrants_key(tid), rounds_key(tid))  # as its TTL would
    forgotten = await http.get(f"/api/tournaments/{tid}")
    assert forgotten.status_code == 200 and forgotten.json() == result
    page = (await http.get("/api/tournaments/past", params={"game": final["game"], "limit": 200})).json()
    listed = next(x for x in page["tournaments"] if x["id"] == tid)  # listed however long ago it ended
    check(listed, "/components/schemas/PastTournament")
    assert (listed["name"], listed["kind"], listed["players"], listed["winner"]) == (
        final["name"], final["kind"], len(final["standings"]),
        {k: final["standings"][0][k] for k in ("player", "name")},
    )  # fmt: skip
    older = (await http.get("/api/tournaments/past", params={"before": listed["ended"]})).json()["tournaments"]
    assert tid not in {x["id"] for x in older} and all(x["ended"] < listed["ended"] for x in older)
    return result


async def play_tournament(
    c: Client, http: httpx.AsyncClient, tid: str, seed: int, limit: float = 600
) -> dict[str, Any]:
    """Sit at each table the player is given, play it out, until the tournament is over
    (within `limit` seconds)."""
    rng, played = random.Random(seed), set()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        answer = await http.get(f"/api/tournaments/{tid}")
        assert answer.status_code == 200, answer.text
        state = answer.json()
        if state["status"] in ("over", "cancelled"):
            return state
        for rd in state["played"]:
            if rd["status"] == "seating":  # its rooms are being made: a table is joined once its round plays
                continue
            for t in rd["tables"]:
                if c.player in t["players"] and t["room"] not in played and t["room"] not in rd["results"]:
                    played.add(t["room"])
                    await c.join(t["room"], t["players"].index(c.player))
                    await play(c, t["room"], rng, timeout=limit / 2)
                    await c.leave(t["room"])
        await asyncio.sleep(0.2)
    raise AssertionError("the tournament did not end")


async def test_a_swiss_tournament_goes_on_after_its_director_node_is_killed(own_redis: str, tmp_path) -> None:
    await swiss_with_a_kill(own_redis, tmp_path, "highcard", PLAYERS, ROUNDS, {"total": 300, "increment": 2})


@pytest.mark.soak
@pytest.mark.parametrize("game", ["vikings", "hunters", "feast"])
async def test_a_swiss_tournament_of_each_game_by_bots_goes_on_after_its_director_is_killed(
    game: str, own_redis: str, tmp_path
) -> None:
    """Each real game's Swiss tournament, played through sockets by random players, its
    directing node killed mid-round: `pytest -m soak` (long: whole games of each)."""
    await swiss_with_a_kill(own_redis, tmp_path, game, 3, 2, {"total": 1800, "increment": 5})


async def swiss_with_a_kill(own_redis: str, tmp_path, game: str, size: int, rounds: int,
                            clock: dict[str, Any]) -> None:  # fmt: skip
    """A Swiss tournament of `size` players of `game` at tables of two, `rounds` rounds,
    its directing node killed once round 1 plays: checked as the rules state it."""
    r = aioredis.from_url(own_redis)
    a = ServerProc(tmp_path / "a", own_redis, **shared(tmp_path)).start()
    b = None
    try:
        while not await r.get(DIRECTOR_LEASE):  # a directs: it was alone when the loops started
            await asyncio.sleep(0.1)
        directing = await r.get(DIRECTOR_LEASE)
        b = ServerProc(tmp_path / "b", own_redis, **shared(tmp_path)).start()
        async with httpx.AsyncClient(base_url=b.http, timeout=30) as http:
            players = [await Client(b.url, name=f"p{i}").connect() for i in range(size)]
            terms = {"name": "Kill test", "kind": "swiss", "game": game, "size": 2, "rounds": rounds,
                     "starts": int(time.time() * 1000) + 8000, "clock": clock}  # fmt: skip
            made = await http.post("/api/tournaments", json=terms, headers=bearer(await operator_token(own_redis)))
            assert made.status_code == 201, made.text
            tid = made.json()["id"]
            for c in players:  # entered before it starts (8 s: time enough on a loaded machine)
                entered = await http.post(f"/api/tournaments/{tid}/players", json={"name": c.name},
                                          headers=bearer(c.token))  # fmt: skip
                assert entered.status_code == 200, entered.text

            async def kill_mid_round() -> None:
                while True:
                    state = (await http.get(f"/api/tournaments/{tid}")).json()
                    if state["played"] and state["played"][0]["status"] == "playing":
                        a.kill()  # round 1's rooms made and being played: its director dies
                        return
                    await asyncio.sleep(0.1)

            killer = asyncio.create_task(kill_mid_round())
            finals = await asyncio.gather(
                *(play_tournament(c, http, tid, i, LIMIT[game]) for i, c in enumerate(players))
            )
            await killer
            final = finals[0]
            for c in players:
                await c.close()
            await archived_result(http, r, final)
        assert await r.get(DIRECTOR_LEASE) not in (None, directing)  # b took the tournament over
        everyone = {c.player for c in players}
        assert final["status"] == "over" and [rd["number"] for rd in final["played"]] == list(range(1, rounds + 1))
        met, byes = set(), []
        for rd in final["played"]:
            seated = [p for t in rd["tables"] for p in t["players"]]
            assert sorted(seated + rd["byes"]) == sorted(everyone) and len(rd["byes"]) == 1  # each player once
            for t in rd["tables"]:
                pair = frozenset(t["players"])
                assert pair not in met  # nobody meets again while avoidable (5 players 3 rounds, 3 players 2)
                met.add(pair)
                doc = msgpack.unpackb(await r.hget(keys(t["room"])[0], "doc"), raw=False)
                assert doc["status"] == "over" and doc["result"]["winners"] == rd["results"][t["room"]]["winners"]
                assert [s["player"] for s in doc["seats"]] == t["players"]
            byes += rd["byes"]
        assert len(set(byes)) == rounds  # nobody had a second bye
        points = {s["player"]: s["points"] for s in final["standings"]}
        tables = sum(len(rd["tables"]) for rd in final["played"])
        assert set(points) == everyone and sum(points.values()) == tables + rounds  # a point a table, and a bye
        assert all(f["standings"] == final["standings"] for f in finals)
    finally:
        a.stop()
        if b is not None:
            b.stop()
        await r.aclose()


async def test_an_arena_goes_on_after_its_director_node_is_killed(own_redis: str, tmp_path) -> None:
    """A short arena of four players at tables of two, its directing node killed while
    its first tables play: the other node pairs on, each table seats two players who were
    both waiting, none is seated once the arena closes (the nodes' clock moved to its end
    once a table seated after the kill is over and a streak doubled some points), and
    every table is scored once."""
    await arena_with_a_kill(own_redis, tmp_path, "highcard", minutes=5, clock={"total": 900, "increment": 2})


@pytest.mark.soak
@pytest.mark.parametrize("game", ["vikings", "hunters", "feast"])
async def test_an_arena_of_each_game_by_bots_goes_on_after_its_director_is_killed(
    game: str, own_redis: str, tmp_path
) -> None:
    """Each real game's arena, played through sockets by random players, its directing
    node killed while its first tables play: `pytest -m soak` (long: whole games of each)."""
    await arena_with_a_kill(own_redis, tmp_path, game, minutes=10, clock={"total": 1800, "increment": 5})


def arena_points(tables: list[tuple[int, int, list[str], dict[str, Any]]]) -> dict[str, tuple[float, int]]:
    """Each player's points and games from the tables of two, in the order they were
    scored ((when, number, players, result)), computed anew from the arena's rules
    (server/tournaments/arena.py): a sole win 2, a draw 1, a loss 0 — first the game's
    winners, then the higher score — doubled for a player with two wins in a row before it."""
    points: dict[str, float] = {}
    games: dict[str, int] = {}
    streak: dict[str, int] = {}
    for _, _, players, result in sorted(tables, key=lambda t: (t[0], t[1])):
        rank = [(seat in result["winners"], result["scores"][seat]) for seat in range(2)]
        for seat, p in enumerate(players):
            mine, theirs = rank[seat], rank[1 - seat]
            won = 2.0 if mine > theirs else 1.0 if mine == theirs else 0.0
            points[p] = points.get(p, 0.0) + won * (2 if streak.get(p, 0) >= 2 else 1)
            games[p] = games.get(p, 0) + 1
            streak[p] = streak.get(p, 0) + 1 if won == 2.0 else 0
    return {p: (points[p], games[p]) for p in points}


async def arena_with_a_kill(own_redis: str, tmp_path, game: str, minutes: int, clock: dict[str, Any]) -> None:
    r = aioredis.from_url(own_redis)
    moved = Time(tmp_path / "clock-offset")
    a = ServerProc(tmp_path / "a", own_redis, **shared(tmp_path, moved)).start()
    b = None
    try:
        while not await r.get(DIRECTOR_LEASE):  # a directs: it was alone when the loops started
            await asyncio.sleep(0.1)
        directing = await r.get(DIRECTOR_LEASE)
        b = ServerProc(tmp_path / "b", own_redis, **shared(tmp_path, moved)).start()
        async with httpx.AsyncClient(base_url=b.http, timeout=30) as http:
            players = [await Client(b.url, name=f"p{i}").connect() for i in range(4)]
            starts = int(time.time() * 1000) + 6000
            terms = {"name": "Blitz arena", "kind": "arena", "game": game, "size": 2, "minutes": minutes,
                     "starts": starts, "clock": clock}  # fmt: skip
            made = await http.post("/api/tournaments", json=terms, headers=bearer(await operator_token(own_redis)))
            assert made.status_code == 201, made.text
            tid = made.json()["id"]
            for c in players:
                assert (await http.post(f"/api/tournaments/{tid}/players", headers=bearer(c.token))).status_code == 200
            killed: list[int] = []

            async def kill_then_close() -> None:
                """Kill a once the first tables play; once a table seated after that is
                over and a streak has doubled some points (or STREAK_WAIT tables are over),
                move the nodes' clock to the arena's end."""
                while True:
                    state = (await http.get(f"/api/tournaments/{tid}")).json()
                    if not killed and state["played"] and state["played"][0]["status"] == "playing":
                        a.kill()
                        killed.append(int(time.time() * 1000) + moved.offset)
                    done = [rd for rd in state["played"] if rd["status"] == "done"]
                    streaked = sum(s["points"] for s in state["standings"]) > 2 * len(done)
                    if (
                        killed
                        and any(rd["seated"] > killed[0] for rd in done)
                        and (streaked or len(done) >= STREAK_WAIT)
                    ):
                        moved.advance(starts + minutes * 60_000 - (int(time.time() * 1000) + moved.offset) + 1000)
                        return
                    await asyncio.sleep(0.1)

            closer = asyncio.create_task(kill_then_close())
            finals = await asyncio.gather(
                *(play_tournament(c, http, tid, i, LIMIT[game]) for i, c in enumerate(players))
            )
            await closer
            for c in players:
                await c.close()
            final = finals[0]
            await archived_result(http, r, final)
        assert await r.get(DIRECTOR_LEASE) not in (None, directing)  # b took the arena over
        assert final["status"] == "over" and len(final["played"]) >= 3  # two tables at once, one after the kill
        assert any(rd["seated"] > killed[0] for rd in final["played"])  # pairing went on after the kill
        free_at: dict[str, int] = {}  # a player's tables never overlap: each seated once its last one was over
        tables = []
        for rd in final["played"]:
            (t,) = rd["tables"]
            assert len(t["players"]) == 2 and rd["status"] == "done"
            assert starts <= rd["seated"] < starts + minutes * 60_000  # seated only while the arena is open
            for p in t["players"]:
                assert free_at.get(p, starts) <= rd["seated"]
                free_at[p] = rd["results"][t["room"]]["at"]
            doc = msgpack.unpackb(await r.hget(keys(t["room"])[0], "doc"), raw=False)
            assert doc["status"] == "over" and doc["result"]["winners"] == rd["results"][t["room"]]["winners"]
            tables.append((rd["results"][t["room"]]["at"], rd["number"], t["players"], rd["results"][t["room"]]))
        assert len({t[1] for t in tables}) == len(final["played"])  # every table once
        expected = arena_points(tables)
        got = {s["player"]: (s["points"], s["games"]) for s in final["standings"] if s["games"]}
        assert got == expected  # each table's points counted once, streaks doubled as the rules state
        assert all(f["standings"] == final["standings"] for f in finals)
        after = sum(1 for rd in final["played"] if rd["seated"] > killed[0])
        doubled = sum(p for p, _ in expected.values()) - 2 * len(tables)
        print(f"arena of {game}: {len(tables)} tables, {after} seated after the kill, {doubled:g} points from streaks")
    finally:
        a.stop()
        if b is not None:
            b.stop()
        await r.aclose()
