"""`python -m bench.referee`: what many correspondence games cost a node that does nothing else.

A correspondence game (days per move) sits in Redis for weeks with nobody at its table.
Every such room is in the index of games of days in play (`rooms:correspondence`) and the
referee's index of deadlines (`rooms:clocks`), so what a node does in the background may
look at them: the referee's round (every 0.1 s) and its rebuild of the deadlines from the
documents; the judge of absent seats and the presence sweep leave them alone.

The bench makes one real game of each game through the server (two players, `{"days": 3}`,
started, then both players gone), and clones their documents in Redis into `--rooms`
rooms (each document's own id set, its deadlines spread over the next three days, so none
falls due in the run). It then measures, in alternating windows of `--window` seconds, the
node's and Redis's CPU per second of wall time with the rooms in the indexes ("with") and
taken out of them ("without": the same node, documents and caches, nothing looking at
them). The ratio and the difference per second are the referee's cost of the rooms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, cast

import msgpack
import redis
import redis.asyncio as aioredis

from bench.procs import Cluster, cpu_seconds
from clients.python.client import Client
from server.play.referee import REBUILD_DAYS, Referee
from server.rooms import clocks
from server.rooms.document import Doc
from server.rooms.service import Rooms
from server.storage.keys import CLOCKS, CORRESPONDENCE_ROOMS, PLAYING_ROOMS, keys

GAMES = ("vikings", "hunters", "feast")
DAY_MS = 24 * 3600 * 1000


async def templates(url: str) -> list[str]:
    """One started correspondence game of each game, its players gone."""
    rooms = []
    for game in GAMES:
        cs = [await Client(url, name=f"p{i}").connect() for i in range(2)]
        try:
            room = (await cs[0].create(game, seats=2, clock={"days": 3})).room
            await cs[1].join(room)
            await cs[0].start(room)
            rooms.append(room)
        finally:
            for c in cs:
                await c.close()
    return rooms


def seed(r: redis.Redis, rooms: list[str], n: int, rng: random.Random) -> dict[str, int]:
    """`n` clones of the `rooms`' documents and lobby fields; each clone's next deadline."""
    made: dict[str, int] = {}
    sources: list[tuple[int, dict[str, Any], dict[Any, Any]]] = []
    for room in rooms:
        doc_key, _, _, meta_key, _, _ = keys(room)
        got = cast(list[bytes | None], r.hmget(doc_key, ["seq", "doc"]))
        assert got[0] is not None and got[1] is not None, room
        sources.append((int(got[0]), msgpack.unpackb(got[1], raw=False), cast(dict[Any, Any], r.hgetall(meta_key))))
    pipe = r.pipeline(transaction=False)
    for i in range(n):
        seq, doc, meta = sources[i % len(sources)]
        room = secrets.token_hex(5)
        shift = rng.randrange(0, 3 * DAY_MS)
        clock = doc["clock"]
        clone = {
            **doc,
            "room": room,
            "clock": {**clock, "deadline": [None if d is None else d + shift for d in clock["deadline"]]},
        }
        deadline = clocks.next_deadline(cast(Doc, clone))
        assert deadline is not None
        doc_key, _, _, meta_key, _, _ = keys(room)
        pipe.hset(doc_key, mapping={"seq": seq, "doc": msgpack.packb(clone)})
        pipe.hset(meta_key, mapping=meta)
        made[room] = deadline
        if len(pipe) >= 2000:
            pipe.execute()
    pipe.execute()
    return made


def index(r: redis.Redis, rooms: dict[str, int], on: bool) -> None:
    """Put the rooms in the index of games of days in play and the deadlines' index (as
    their start did), or take them out."""
    names = list(rooms)
    for i in range(0, len(names), 5000):
        part = names[i : i + 5000]
        if on:
            now = int(time.time() * 1000)
            r.zadd(CORRESPONDENCE_ROOMS, dict.fromkeys(part, now))
            r.zadd(CLOCKS, {room: rooms[room] for room in part})
        else:
            r.zrem(CORRESPONDENCE_ROOMS, *part)
            r.zrem(CLOCKS, *part)


def window(node_pid: int, redis_pids: tuple[int, ...], seconds: float) -> dict[str, float]:
    """CPU milliseconds per second of wall time, of the node and of Redis, over `seconds`."""
    n0, r0, t0 = cpu_seconds(node_pid), sum(cpu_seconds(p) for p in redis_pids), time.perf_counter()
    time.sleep(seconds)
    wall = time.perf_counter() - t0
    node = (cpu_seconds(node_pid) - n0) / wall * 1000
    red = (sum(cpu_seconds(p) for p in redis_pids) - r0) / wall * 1000
    return {"node_ms_per_s": node, "redis_ms_per_s": red}


async def rebuild_cpu(url: str) -> float:
    """CPU seconds of one whole rebuild of the deadlines (the node's code, run here: the
    node reads the games of days back every REBUILD_DAYS, longer than a window)."""
    r = aioredis.Redis.from_url(url)
    try:
        ref = Referee(r, cast(Rooms, None), "bench")  # (a rebuild reads Redis only)
        t = time.process_time()
        await ref.rebuild(days=True)
        return time.process_time() - t
    finally:
        await r.aclose()


def run(n: int, seconds: float, rounds: int, settle: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work), nodes=1)
        try:
            node = cluster.nodes[0]
            r = redis.Redis.from_url(cluster.redis_url)
            made = seed(r, asyncio.run(templates(node.url)), n, random.Random(7))
            used = r.info("memory")["used_memory"]
            figures: dict[str, list[dict[str, float]]] = {"without": [], "with": []}
            for _ in range(rounds):
                for mode in ("without", "with"):
                    index(r, made, mode == "with")
                    time.sleep(settle)  # the first looks at rooms newly indexed (absent seats marked) pass
                    figures[mode].append(window(node.pid, cluster.redis_pids, seconds))
            index(r, made, True)
            rebuild = asyncio.run(rebuild_cpu(cluster.redis_url))
            still = sum(1 for room in made if r.hget(keys(room)[0], "seq") is not None)
            playing = r.zcard(CORRESPONDENCE_ROOMS) + r.zcard(PLAYING_ROOMS)
            r.close()
        finally:
            cluster.stop()

    def mean(mode: str, what: str) -> float:
        return statistics.fmean(f[what] for f in figures[mode])

    out: dict[str, Any] = {"rooms": n, "window_s": seconds, "rounds": rounds, "redis_used_mib": used / 2**20}
    for what in ("node_ms_per_s", "redis_ms_per_s"):
        w, wo = mean("with", what), mean("without", what)
        out[what] = {"with": w, "without": wo, "added": w - wo, "ratio": w / wo if wo else None}
    out["rebuild_cpu_ms"] = rebuild * 1000
    out["rebuild_every_s"] = REBUILD_DAYS
    out["rooms_kept"] = still
    out["rooms_in_play_after"] = playing
    out["windows"] = figures
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=10_000)
    p.add_argument("--window", type=float, default=60.0, help="seconds per window (the rebuild runs every 30 s)")
    p.add_argument("--rounds", type=int, default=2, help="alternating without/with windows")
    p.add_argument("--settle", type=float, default=10.0, help="seconds after each change of the indexes, not measured")
    args = p.parse_args()
    out = run(args.rooms, args.window, args.rounds, args.settle)
    print(json.dumps(out, indent=1))
    node, red = out["node_ms_per_s"], out["redis_ms_per_s"]
    print(f"{out['rooms']} correspondence rooms in Redis ({out['redis_used_mib']:.0f} MiB), idle node:")
    print(f"  node CPU  {node['without']:.1f} → {node['with']:.1f} ms per second (+{node['added']:.1f})")
    print(f"  Redis CPU {red['without']:.1f} → {red['with']:.1f} ms per second (+{red['added']:.1f})")
    print(f"  a rebuild of their deadlines: {out['rebuild_cpu_ms']:.0f} ms of CPU every {REBUILD_DAYS:.0f} s "
          f"(+{out['rebuild_cpu_ms'] / REBUILD_DAYS:.1f} ms per second)")  # fmt: skip
    print(f"  rooms still in play at the end: {out['rooms_in_play_after'] - 3} of {out['rooms']}")


if __name__ == "__main__":
    main()
