"""Whole games played by the server itself: a host who never moves (a per-decision clock
hands each of its decisions to a bot) and bot seats, in all three games. Every game
ends, and replays from its revealed seed and log to the recorded final state and result.
The default run plays two games of each; `-m soak` plays 100 of each."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Iterator

import httpx
import pytest

from clients.python.client import Client
from server.storage.embedded import EmbeddedRedis
from tests.cluster import ServerProc

GAMES = [("vikings", 2, {}), ("vikings", 3, {"variant": "advanced"}), ("hunters", 2, {}), ("hunters", 4, {}),
         ("feast", 1, {"length": "short"}), ("feast", 2, {"length": "short"})]  # fmt: skip


@pytest.fixture(scope="module")
def quick(tmp_path_factory) -> Iterator[ServerProc]:
    """A node on a Redis of its own: it alone holds the referee's lease, so the bots'
    decisions are paced by its LONGHALL_BOT_DELAY (0), not by the shared server's."""
    quotas = ("OPEN_ROOMS", "PLAYING_ROOMS", "ROOMS_PER_MINUTE", "IP_ROOMS_PER_MINUTE")
    no_quotas = {f"LONGHALL_{k}": "0" for k in quotas}
    work = tmp_path_factory.mktemp("bots")
    store = EmbeddedRedis(work / "redis")
    store.start()
    try:
        n = ServerProc(work, store.url, LONGHALL_BOT_DELAY="0", **no_quotas).start()
        yield n
        n.stop()
    finally:
        store.stop()  # also when the node did not start


async def one_game(node: ServerProc, game: str, seats: int, options: dict, level: str) -> dict:
    host = await Client(node.url, name="idle").connect()
    try:
        mirror = await host.create(game, options, seats=seats, clock={"per_move": 0.001})
        for _ in range(seats - 1):
            await host.add_bot(mirror.room, level=level)
        await host.start(mirror.room)
        await host.wait_until(lambda: mirror.view.get("status") == "over", timeout=600)
        async with httpx.AsyncClient(base_url=node.http, timeout=120) as http:
            check = (await http.get(f"/api/rooms/{mirror.room}/replay/check")).json()
        assert check["ok"], check
        return {"game": game, "moves": check["moves"], "result": mirror.view["result"]}
    finally:
        await host.close()


async def play_many(node: ServerProc, n: int, concurrency: int) -> Counter:
    gate = asyncio.Semaphore(concurrency)
    rng = random.Random(5)
    plan = [(*GAMES[i % len(GAMES)], rng.choice(["random", "greedy"])) for i in range(n)]

    async def run(args: tuple) -> dict:
        async with gate:
            return await one_game(node, *args)

    done = await asyncio.gather(*(run(p) for p in plan))
    assert all(d["result"]["scores"] for d in done)
    return Counter(d["game"] for d in done)


async def test_bots_and_timeouts_finish_every_game_and_each_replays(quick) -> None:
    assert await play_many(quick, len(GAMES), 3) == Counter({"vikings": 2, "hunters": 2, "feast": 2})


@pytest.mark.soak
@pytest.mark.timeout(4 * 3600)  # hundreds of games: beyond the suite's per-test 600 s
async def test_soak_300_bot_games_finish_and_replay(quick) -> None:
    counts = await play_many(quick, 300, 8)
    print("bot games", dict(counts))
    assert sum(counts.values()) == 300
