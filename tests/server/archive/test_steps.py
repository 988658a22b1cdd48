"""A finished game step by step (server.archive.steps): the replay viewer's data."""

from __future__ import annotations

import httpx

from protocol.diff import strict_equal
from tests.tables import play_to_the_end, table


async def test_a_finished_game_steps_from_start_to_the_table_everyone_saw(server) -> None:
    async with (
        table(server.url, players=2, spectators=1, game="highcard", record=True) as t,
        httpx.AsyncClient(base_url=server.http) as http,
    ):
        early = await http.get(f"/api/rooms/{t.room}/steps")
        assert early.status_code == 409  # in play: the seed is secret, nothing to step through
        mirror, result = await play_to_the_end(t, seed=11)
        moves = (await http.get(f"/api/rooms/{t.room}/replay")).json()["moves"]
        first = (await http.get(f"/api/rooms/{t.room}/steps", params={"count": 5})).json()
        assert first["total"] == len(moves) and [s["step"] for s in first["steps"]] == [0, 1, 2, 3, 4]
        assert first["steps"][0]["said"] is None and first["steps"][1]["said"]["seat"] == moves[0]["seat"]
        last = (await http.get(f"/api/rooms/{t.room}/steps", params={"from": len(moves), "count": 5})).json()
        end = last["steps"][-1]
        assert end["step"] == len(moves) and end["to_act"] == []
        assert strict_equal(end["table"], mirror.view["table"])  # the spectator's own final table
        assert end["said"] == mirror.view["last"]  # the last decision, described alike
        bad = await http.get(f"/api/rooms/{t.room}/steps", params={"from": "x"})
        assert bad.status_code == 400
