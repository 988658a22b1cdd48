"""`python -m bench.hosted`: what hosted play costs.

1. Time to match: 200 clients queue for 4-player Vikings on one node (their ratings set
   in the leaderboard), arriving over `--spread` seconds; the time from `queue` to
   `matched` per client, p50/p99, and the tables made. Two runs in the same process:
   everyone rated alike (the baseline: a table as soon as four are queued) and mixed
   ratings (the window must widen first); the ratio of their medians.
2. The clock sweep per 1,000 live rooms: 1,000 timed games in play are written to an
   embedded Redis; the referee's look when nothing is due (one ZRANGEBYSCORE), its
   rebuild of the index from every document in play, and acting on due rooms (a bot's
   decision committed through the room service), each timed per 1,000 rooms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import redis as sync_redis
from redis.asyncio import Redis

from bench.procs import Node
from bench.scenarios import UNLIMITED, pct
from clients.python.client import Client
from server.games import registry
from server.play.referee import Referee
from server.rooms import clocks as clock
from server.rooms import document as rm
from server.rooms import fairness as fair
from server.rooms.service import Rooms
from server.storage.embedded import EmbeddedRedis
from server.storage.fanout import Hub, Unheard, payload
from server.storage.keys import CLOCKS, PLAYING_ROOMS
from server.storage.store import Commit, Store


async def time_to_match(url: str, redis_url: str, players: int, spread: float, ratings: list[float]) -> dict[str, Any]:
    clients = [await Client(url, name=f"m{i}").connect() for i in range(players)]
    r = sync_redis.Redis.from_url(redis_url)
    rng = random.Random(3)
    r.delete("lb:{vikings}")
    r.zadd("lb:{vikings}", {str(c.player): rng.choice(ratings) + rng.random() for c in clients})
    waits: list[float] = []
    rooms: set[str] = set()

    async def one(c: Client, i: int) -> None:
        await asyncio.sleep(spread * i / players)
        t0 = time.perf_counter()
        m = await c.queue("vikings", 4, timeout=300)
        waits.append(time.perf_counter() - t0)
        rooms.add(m.room)

    try:
        await asyncio.gather(*(one(c, i) for i, c in enumerate(clients)))
    finally:
        for c in clients:
            await c.close()
        r.delete("lb:{vikings}")
        r.close()
    return {"p50_s": round(pct(waits, 0.5), 3), "p99_s": round(pct(waits, 0.99), 3), "tables": len(rooms)}


async def sweep_cost(work: Path, rooms: int, acted: int) -> dict[str, Any]:
    store_proc = EmbeddedRedis(work / "sweep", fsync="no")
    url = store_proc.start()
    redis = Redis.from_url(url)
    try:
        store = Store(redis)
        hub = Hub(redis, "bench", Unheard())
        await hub.start()
        rooms_svc = Rooms(store, hub, "bench", 3600)
        referee = Referee(redis, rooms_svc, "bench")
        game = registry.get("vikings")
        assert game is not None
        now = int(time.time() * 1000)
        ids = []
        for i in range(rooms):
            seats: list[rm.Seat | None] = [{"player": f"p{i}-{s}", "name": "p"} for s in range(3)]
            seats.append({"player": f"bot-{i}", "name": "Bot 1", "bot": "random"})
            opened: rm.Doc = {**rm.new_doc(game, game.resolve_options({}), 4, False, "p", ""), "seats": seats,
                      "clock_setting": {"per_move": 3600.0, "timeout": "bot"}}  # fmt: skip
            doc = clock.tick(game, opened, clock.started(fair.deal(game, opened), now), None, now)
            room = f"b{i:09d}"
            c = Commit(room=room, expected_seq=-1, doc=msgpack.packb(doc), entry={"k": "start"},
                       payload=payload("bench", room, 0, {}, None, ""), ttl=-1, created=now)  # fmt: skip
            await store.commit(c)
            ids.append(room)
        await redis.zadd(PLAYING_ROOMS, {r: now for r in ids})
        t = time.perf_counter()
        await referee.rebuild()
        rebuild = time.perf_counter() - t
        indexed = await redis.zcard(CLOCKS)
        # push every deadline into the future: a look finds nothing due
        await redis.zadd(CLOCKS, {r: now + 3_600_000 for r in ids})
        looks = []
        for _ in range(200):
            t = time.perf_counter()
            await referee.sweep()
            looks.append(time.perf_counter() - t)
        # `acted` rooms fall due (their bot seat, or a timed-out person): one decision each
        await redis.zadd(CLOCKS, {r: 0 for r in ids[:acted]})
        for room in ids[:acted]:
            e = await rooms_svc.entry(room)
            doc = e.doc
            doc["clock"]["deadline"] = [0 if d is not None else None for d in doc["clock"]["deadline"]]
        t = time.perf_counter()
        while await referee.sweep():
            pass
        act = (time.perf_counter() - t) / max(1, referee.acted)
        await hub.stop()
        return {
            "rooms": rooms,
            "indexed_by_rebuild": indexed,
            "rebuild_ms_per_1000_rooms": round(rebuild * 1000 * 1000 / rooms, 1),
            "look_ms_nothing_due": round(statistics.median(looks) * 1000, 3),
            "decisions_made": referee.acted,
            "act_ms_per_due_room": round(act * 1000, 2),
        }
    finally:
        await redis.aclose()
        store_proc.stop()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--players", type=int, default=200)
    p.add_argument("--spread", type=float, default=2.0)
    p.add_argument("--rooms", type=int, default=1000)
    p.add_argument("--acted", type=int, default=200)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as work:
        store = EmbeddedRedis(Path(work) / "redis", fsync="no")
        url = store.start()
        node = Node(url, Path(work) / "node", **UNLIMITED, LONGHALL_MATCH_WIDEN="10", LONGHALL_IP_CONNECTIONS="0")
        try:
            alike = asyncio.run(time_to_match(node.url, url, args.players, args.spread, [20.0]))
            mixed = asyncio.run(time_to_match(node.url, url, args.players, args.spread, [-10, 0, 12, 30, 55]))
        finally:
            node.stop()
            store.stop()
        sweep = asyncio.run(sweep_cost(Path(work), args.rooms, args.acted))
    out = {
        "time_to_match": {"alike": alike, "mixed": mixed, "p50_ratio_mixed_vs_alike": round(
            mixed["p50_s"] / max(alike["p50_s"], 1e-6), 2)},
        "clock_sweep": sweep,
    }  # fmt: skip
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
