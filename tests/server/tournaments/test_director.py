"""A Swiss tournament run by the director through real nodes and sockets, with the node
that directs it killed mid-round (server/tournaments/director.py): every round seats
every player once (a table or a bye), nobody meets again or has a second bye while that
is avoidable, every table's result is its room's, and the standings add up."""

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
from server.storage.keys import DIRECTOR_LEASE, keys
from tests.cluster import ServerProc
from tests.server.console.operators import bearer, operator_token

PLAYERS, ROUNDS = 5, 3
LIMIT = {"highcard": 600, "vikings": 3600, "hunters": 3600, "feast": 5400}  # seconds a tournament may take
# the players and the test share 127.0.0.1, standing for many addresses: their HTTP reads of
# the tournament are not limited as one address's would be (PER_IP_OFF does it for the rest)
ONE_ADDRESS = {"LONGHALL_HTTP_RATE": "0"}


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


@pytest.mark.soak
@pytest.mark.parametrize("game", ["vikings", "hunters", "feast"])
async def test_an_arena_of_each_game_by_bots(game: str, own_redis: str, tmp_path) -> None:
    await arena(own_redis, tmp_path, game, minutes=2)


async def swiss_with_a_kill(own_redis: str, tmp_path, game: str, size: int, rounds: int,
                            clock: dict[str, Any]) -> None:  # fmt: skip
    """A Swiss tournament of `size` players of `game` at tables of two, `rounds` rounds,
    its directing node killed once round 1 plays: checked as the rules state it."""
    r = aioredis.from_url(own_redis)
    a = ServerProc(tmp_path / "a", own_redis, **ONE_ADDRESS).start()
    b = None
    try:
        while not await r.get(DIRECTOR_LEASE):  # a directs: it was alone when the loops started
            await asyncio.sleep(0.1)
        directing = await r.get(DIRECTOR_LEASE)
        b = ServerProc(tmp_path / "b", own_redis, **ONE_ADDRESS).start()
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


async def test_an_arena_pairs_players_as_they_come_free_until_it_closes(own_redis: str, tmp_path) -> None:
    """A one-minute arena of four players at tables of two: each table seats two players
    who were both waiting, never one already at a table, and when the minute is over no
    table is seated any more; the points are the tables' (2 a win, streaks doubled)."""
    await arena(own_redis, tmp_path, "highcard", minutes=1)


async def arena(own_redis: str, tmp_path, game: str, minutes: int) -> None:
    node = ServerProc(tmp_path / "n", own_redis, **ONE_ADDRESS).start()
    try:
        async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
            players = [await Client(node.url, name=f"p{i}").connect() for i in range(4)]
            starts = int(time.time() * 1000) + 8000
            terms = {"name": "Blitz arena", "kind": "arena", "game": game, "size": 2, "minutes": minutes,
                     "starts": starts, "clock": {"total": 1800, "increment": 5}}  # fmt: skip
            made = await http.post("/api/tournaments", json=terms, headers=bearer(await operator_token(own_redis)))
            tid = made.json()["id"]
            for c in players:
                assert (await http.post(f"/api/tournaments/{tid}/players", headers=bearer(c.token))).status_code == 200
            finals = await asyncio.gather(
                *(play_tournament(c, http, tid, i, LIMIT[game]) for i, c in enumerate(players))
            )
            for c in players:
                await c.close()
        final = finals[0]
        assert final["status"] == "over" and len(final["played"]) >= 2  # two tables at once from the start
        free_at: dict[str, int] = {}  # a player's tables never overlap: each seated once its last one was over
        for rd in final["played"]:
            (t,) = rd["tables"]
            assert len(t["players"]) == 2 and rd["status"] == "done"
            assert starts <= rd["seated"] < starts + minutes * 60_000  # seated only while the arena is open
            for p in t["players"]:
                assert free_at.get(p, starts) <= rd["seated"]
                free_at[p] = rd["results"][t["room"]]["at"]
        total = sum(s["points"] for s in final["standings"])
        assert total >= 2 * len(final["played"])  # each table gives out 2 points, more with streaks
    finally:
        node.stop()
