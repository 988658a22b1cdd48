"""`python -m bench.archive`: what the archive costs.

1. Per finished game: bots finish games on a node whose archiver is off (the games wait
   in Redis, announced), then an archiver in this process archives them one by one into
   SQLite and into PostgreSQL (a throwaway cluster): wall time per game (claim, read from
   Redis, one SQL transaction, release), and the node's Redis bytes per finished game.
2. The move path: committed moves/s with the node's archiver on and off, alternating in
   the same run (the archiver works after the last move is acknowledged: the ratio
   should be ~1).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, cast

from redis.asyncio import Redis

from bench.procs import Cluster, run_client
from bench.scenarios import load, pct
from server.archive.archiver import Archiver
from server.archive.db import database_url, upgrade
from server.archive.repository import Archive
from server.storage.keys import ARCHIVE_PENDING as PENDING
from testbed.postgres import TempPostgres


async def archive_all(redis_url: str, db_url: str, rooms: list[str]) -> dict[str, float]:
    await upgrade(db_url)
    r, archive = Redis.from_url(redis_url), Archive(db_url)
    a = Archiver(r, archive, "bench", grace=0, keep=3600)  # keep: the next backend reads them again
    times, moves = [], 0
    try:
        for room in rooms:
            t = time.perf_counter()
            outcome = await a.archive_room(room)
            times.append((time.perf_counter() - t) * 1000)
            assert outcome == "archived", outcome
        async for g in archive.games():
            moves += len(g.moves)
    finally:
        await archive.close()
        await r.aclose()
    return {"games": len(rooms), "moves_per_game": moves / max(len(rooms), 1),
            "ms_mean": statistics.fmean(times), "ms_p50": pct(times, 0.5), "ms_p99": pct(times, 0.99)}  # fmt: skip


def per_game(seconds: float, rooms: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work), nodes=1, LONGHALL_ARCHIVER="off", LONGHALL_FINISHED_TTL="3600")
        pg = TempPostgres().start()
        try:
            import redis

            sync = redis.Redis.from_url(cluster.redis_url)
            before = sync.info("memory")["used_memory"]
            run_client("bench.loadgen", "--urls", cluster.nodes[0].url, "--rooms", str(rooms), "--seconds",
                       str(seconds), "--players", "2", "--spectators", "0", timeout=seconds + 120)  # fmt: skip
            time.sleep(1.0)
            finished = [r.decode() for r in cast(list[bytes], sync.zrange(PENDING, 0, -1))]
            if not finished:
                raise SystemExit("no game finished in time: give more --seconds")
            held = sync.info("memory")["used_memory"] - before
            out: dict[str, Any] = {"redis_bytes_per_finished_game": held / max(len(finished), 1)}
            out["sqlite"] = asyncio.run(archive_all(cluster.redis_url, database_url("", work), finished))
            out["postgresql"] = asyncio.run(archive_all(cluster.redis_url, database_url(pg.new_database(), work),
                                                        finished))  # fmt: skip
            sync.close()
            return out
        finally:
            pg.stop()
            cluster.stop()


def move_path(rooms: int, seconds: float, rounds: int) -> dict[str, Any]:
    runs: dict[str, list[float]] = {"on": [], "off": []}
    cpu: dict[str, list[float]] = {"on": [], "off": []}
    for _ in range(rounds):
        for mode in ("off", "on"):
            r = load(rooms, seconds, players=2, spectators=0, LONGHALL_ARCHIVER=mode, LONGHALL_ARCHIVE_GRACE="0")
            runs[mode].append(r["moves_per_s"])
            cpu[mode].append(r["cpu_ms_per_move"])
    on, off = statistics.fmean(runs["on"]), statistics.fmean(runs["off"])
    return {"moves_per_s_on": on, "moves_per_s_off": off, "ratio_on_off": on / off,
            "cpu_ms_per_move_on": statistics.fmean(cpu["on"]), "cpu_ms_per_move_off": statistics.fmean(cpu["off"]),
            "runs": runs}  # fmt: skip


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument("--seconds", type=float, default=15.0)
    p.add_argument("--rounds", type=int, default=2, help="alternating off/on runs of the move-path comparison")
    args = p.parse_args()
    games = per_game(args.seconds, args.rooms)
    path = move_path(args.rooms, args.seconds, args.rounds)
    print(json.dumps({"per_game": games, "move_path": path}, indent=1))
    for backend in ("sqlite", "postgresql"):
        g = games[backend]
        print(f"archiving into {backend:<10}: {g['ms_mean']:.1f} ms per game (p50 {g['ms_p50']:.1f}, "
              f"p99 {g['ms_p99']:.1f}) for {g['games']} games of {g['moves_per_game']:.0f} moves")  # fmt: skip
    print(f"Redis held {games['redis_bytes_per_finished_game'] / 1024:.1f} KiB per finished, unarchived game")
    print(f"move path: {path['moves_per_s_on']:.0f} moves/s with the archiver on, {path['moves_per_s_off']:.0f} off: "
          f"ratio {path['ratio_on_off']:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
