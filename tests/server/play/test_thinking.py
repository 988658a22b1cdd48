"""Searching bots think off the event loop (server.play.thinking) and the referee commits
their decisions only at the seq they were thought for (server.play.referee)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import httpx
import pytest
from redis.asyncio import Redis

from clients.python.client import Client
from server.games import registry
from server.play import bots
from server.play.referee import Ask, Referee, Thought
from server.play.search import key
from server.play.thinking import Thinker
from server.rooms import fairness as fair
from server.rooms.cache import Entry
from server.storage.embedded import EmbeddedRedis
from tests.cluster import ServerProc
from tests.server.play.test_search import reached


@pytest.fixture(scope="module")
def thinking(tmp_path_factory) -> Iterator[ServerProc]:
    """A node on a Redis of its own, its searching bots in a worker process of their own and
    its timed-out seats' bots `greedy`."""
    work = tmp_path_factory.mktemp("thinking")
    store = EmbeddedRedis(work / "redis")
    store.start()
    try:
        env = {"LONGHALL_BOT_DELAY": "0", "LONGHALL_BOT_LEVEL": "greedy", "LONGHALL_BOT_WORKERS": "1"}
        n = ServerProc(work, store.url, **env).start()
        yield n
        n.stop()
    finally:
        store.stop()


@pytest.mark.parametrize("workers", [0, 1])
async def test_a_worker_decides_as_the_node_would(workers: int) -> None:
    game = registry.get("vikings")
    assert game is not None
    state, seat = reached(game, 2, 3, 20)
    thinker = Thinker(workers)
    try:
        move = await thinker.choose("vikings", state, seat, "easy", "room", 21)
    finally:
        thinker.close()
    assert key(move) == key(bots.choose(game, state, seat, "easy", bots.rng_for("room", 21, seat)))


async def test_a_table_of_searching_bots_plays_to_the_end_with_the_decisions_thought(thinking) -> None:
    host = await Client(thinking.url, name="idle").connect()
    try:
        mirror = await host.create("hunters", {}, seats=2, clock={"per_move": 0.001})
        await host.add_bot(mirror.room, level="easy")
        assert mirror.view["seats"][1]["bot"] == "easy"
        await host.start(mirror.room)
        await host.wait_until(lambda: mirror.view.get("status") == "over", timeout=600)
        async with httpx.AsyncClient(base_url=thinking.http, timeout=120) as http:
            check = (await http.get(f"/api/rooms/{mirror.room}/replay/check")).json()
            replay = (await http.get(f"/api/rooms/{mirror.room}/replay")).json()
    finally:
        await host.close()
    assert check["ok"], check
    game = registry.get("hunters")
    assert game is not None
    state = game.setup(2, game.resolve_options(replay["options"]), fair.engine_seed(replay["seed"]))
    levels = ["greedy", "easy"]  # the idle host's seat times out; the bot seat searches
    for m in replay["moves"]:  # each decided at the seq before its own, with that seq's generator
        seat = m["seat"]
        thought = bots.choose(game, state, seat, levels[seat], bots.rng_for(mirror.room, m["seq"] - 1, seat))
        assert key(thought) == key(m["move"]), m["seq"]
        state = game.apply(state, m["seat"], m["move"])
    assert game.result(state)["scores"] == replay["result"]["scores"]


async def test_a_thought_is_committed_only_at_the_seq_it_was_thought_for(redis_url: str) -> None:
    game = registry.get("vikings")
    assert game is not None
    state, seat = reached(game, 2, 4, 12)
    e = Entry("r1")
    e.seq, e.game = 40, game
    seats: list[Any] = [None, None]
    seats[seat] = {"player": "bot-1", "name": "Bot 1", "bot": "strong"}
    e.doc = cast(Any, {"seats": seats, "state": state, "clock_setting": None})
    redis = Redis.from_url(redis_url)
    referee = Referee(redis, cast(Any, None), "node", thinker=Thinker(0))  # (asking reads no room service)
    asked = referee._decision(e, seat)  # nothing thought yet: the bot is asked to think, nothing decided
    assert isinstance(asked, Ask) and (asked.room, asked.seq, asked.seat, asked.level) == ("r1", 40, seat, "strong")
    assert asked.state is state and asked.game == "vikings"
    referee.thoughts["r1"] = Thought(39, seat, {"type": "pass"})  # thought at the seq before: the room moved on
    again = referee._decision(e, seat)
    assert isinstance(again, Ask) and again.seq == 40  # thought anew, the stale decision dropped
    assert "r1" not in referee.thoughts
    await redis.aclose()
