"""TV (server.play.tv): the best live game of each game, through a node of its own and
its Redis — the public game in play whose seats are rated highest, never a private or an
open room, and the next best once it ends."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx
import redis.asyncio as aioredis

from clients.python.bot import play
from clients.python.client import Client
from server.play.tv import Tv
from tests.cluster import ServerProc
from tests.rated import rate

RATINGS = {"Astrid": 31.5, "Bjorn": 29.0, "Gudrun": 14.0, "Harald": 12.5, "Ingrid": 50.0, "Jarl": 60.0}


async def test_the_best_rated_public_game_in_play_then_the_next_when_it_ends(own_redis: str, tmp_path: Path) -> None:
    node = ServerProc(tmp_path / "node", own_redis, LONGHALL_HTTP_RATE="0").start()
    r = aioredis.Redis.from_url(own_redis)
    clients: dict[str, Client] = {}
    try:
        for name in [*RATINGS, "Knut", "Leif"]:
            clients[name] = await Client(node.url, name=name).connect()
        await rate(node.http, tmp_path / "node", own_redis, "highcard",
                   {clients[n].player: (n, rating) for n, rating in RATINGS.items()})  # fmt: skip

        async def room(host: str, guest: str, private: bool = False, start: bool = True) -> str:
            made = (await clients[host].create("highcard", seats=2, private=private, clock={"per_move": 600})).room
            await clients[guest].join(made)
            if start:
                await clients[host].start(made)
            return made

        best = await room("Astrid", "Bjorn")
        low = await room("Gudrun", "Knut")  # Knut is not on the board: he counts as its lowest (12.5)
        hidden = await room("Ingrid", "Leif", private=True)  # rated higher, but private
        waiting = await room("Jarl", "Harald", start=False)  # rated highest, but not started

        async with httpx.AsyncClient(base_url=node.http) as http:
            answer = (await http.get("/api/tv", params={"game": "highcard"})).json()
            everything = (await http.get("/api/tv")).json()
            assert (await http.get("/api/tv", params={"game": "chess"})).status_code == 404
        shown = answer["games"]["highcard"]
        assert shown["room"] == best
        assert shown["rating"] == (31.5 + 29.0) / 2
        assert [s["name"] for s in shown["seats"]] == ["Astrid", "Bjorn"]
        assert [g["room"] for g in answer["next"]["highcard"]] == [low]
        assert answer["next"]["highcard"][0]["rating"] == (14.0 + 12.5) / 2
        assert {hidden, waiting}.isdisjoint(g["room"] for g in [shown, *answer["next"]["highcard"]])
        assert everything["games"]["highcard"]["room"] == best
        assert set(everything["games"]) >= {"vikings", "hunters", "feast", "highcard"}

        await asyncio.gather(*(play(clients[n], best, random.Random(i)) for i, n in enumerate(["Astrid", "Bjorn"])))
        fresh = await Tv(r).channel("highcard")  # a node's answer is kept a few seconds: a fresh reader
        assert [g["room"] for g in fresh] == [low]
    finally:
        for c in clients.values():
            await c.close()
        await r.aclose()
        node.stop()
