"""A room's decisions so far, worded for anyone (server.play.wording): what a page opened in the
middle of a game shows as its move log."""

from __future__ import annotations

import copy
import random

import httpx

from tests.tables import table


async def test_every_decision_so_far_is_worded_as_the_spectator_saw_it(server) -> None:
    rng = random.Random(5)
    async with (
        table(server.url, players=2, spectators=1, game="highcard") as t,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        assert (await http.get(f"/api/rooms/{t.room}/said")).json() == {"room": t.room, "said": []}
        watcher = t.spectators[0].rooms[t.room]
        seen = []  # the spectator's view.last after each decision
        while watcher.result is None and len(seen) < 12:
            seat = watcher.view["to_act"][0]
            player = t.players[seat]
            seq = await player.move(t.room, rng.choice(await player.legal(t.room)), seq=player.rooms[t.room].seq)
            await t.spectators[0].wait_until(lambda s=seq: watcher.seq >= s)
            seen.append(copy.deepcopy(watcher.view["last"]))  # the mirror patches it in place
        got = (await http.get(f"/api/rooms/{t.room}/said")).json()["said"]
        assert got == seen  # word for word, seat and seq included
        bids = [s for s in got if s["k"] == "highcard.bid"]
        assert bids and all("n" not in s for s in bids)  # a bid stays its bidder's secret


async def test_an_unknown_room_has_no_log(server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        assert (await http.get("/api/rooms/NOSUCH/said")).status_code == 404
