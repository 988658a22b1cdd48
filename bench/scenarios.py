"""The measured scenarios: each starts its own processes, drives them, and returns figures.

Every scenario runs the servers and the load in separate processes on this machine, so
on 2 cores the server, Redis and the load client share the CPU: figures are comparable
within one run (ratios), not absolute capacities.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
from redis.asyncio import Redis

from bench.procs import ROOT, Cluster, cpu_seconds, memory_kib, run_client
from server.storage.embedded import EmbeddedRedis, free_port
from server.storage.store import Commit, Store


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(len(s) * q))]


# capacity runs measure the server, not its request limits: bots that move as fast as
# they can would be throttled by the shipped per-connection budget (the flood run keeps it)
# a bench seat plays game after game as fast as it can: the frame rates and the cap on the
# rooms one player creates a minute (10: a short game of 2 seats ends within seconds) are off
UNLIMITED = {"LONGHALL_CONN_RATE": "1e9", "LONGHALL_CONN_BURST": "1e9", "LONGHALL_PLAYER_RATE": "0",
             "LONGHALL_ROOMS_PER_MINUTE": "0"}  # fmt: skip


def load(rooms: int, seconds: float, nodes: int = 1, fanout: str = "diff", players: int = 4,
         spectators: int = 1, think: float = 0.0, game: str = "vikings", redis_url: str = "",
         redis_pids: tuple[int, ...] = (), push: bool = False, **env: str) -> dict[str, Any]:  # fmt: skip
    """Bot games over real websockets; moves/s, latencies, CPU, memory, bytes. `env`:
    more LONGHALL_* settings for the nodes; `redis_url`: a running Redis (or Redis
    Cluster) instead of an embedded one; `push`: the seats get their legal moves pushed
    (they join with `push`) instead of asking `legal` before each move."""
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work), nodes=nodes, redis_url=redis_url, redis_pids=redis_pids,
                          LONGHALL_FANOUT=fanout, **{**UNLIMITED, **env})  # fmt: skip
        try:
            raw = run_client(
                "bench.loadgen", "--urls", ",".join(n.url for n in cluster.nodes), "--rooms", str(rooms),
                "--seconds", str(seconds), "--players", str(players), "--spectators", str(spectators),
                "--think", str(think), "--game", game, *(["--push"] if push else []), timeout=seconds + 120,
            )  # fmt: skip
            usage = [n.usage() for n in cluster.nodes]
            redis_cpu = cluster.redis_cpu()
        finally:
            cluster.stop()
    moves = len(raw["rtt_ms"])
    frames = raw["frames"].get("diff", 0) + raw["frames"].get("snapshot", 0)
    sent = raw["bytes"].get("diff", 0) + raw["bytes"].get("snapshot", 0)
    return {
        "rooms": rooms, "nodes": nodes, "fanout": fanout, "spectators": spectators, "think": think, "push": push,
        "moves": moves, "moves_per_s": moves / raw["seconds"], "games": raw["games"],
        "rtt_p50": pct(raw["rtt_ms"], 0.5), "rtt_p90": pct(raw["rtt_ms"], 0.9),
        "rtt_p99": pct(raw["rtt_ms"], 0.99), "rtt_max": max(raw["rtt_ms"], default=float("nan")),
        "fanout_p50": pct(raw["fanout_ms"], 0.5), "fanout_p99": pct(raw["fanout_ms"], 0.99),
        "server_cpu_s": sum(u.cpu for u in usage), "server_peak_rss_mib": max(u.peak_rss_mib for u in usage),
        "redis_cpu_s": redis_cpu, "cpu_ms_per_move": sum(u.cpu for u in usage) / max(moves, 1) * 1000,
        "bytes_per_frame": sent / max(frames, 1), "frames": frames, "bytes": sent,
        "snapshot_bytes": pct(raw["snapshot_bytes"], 0.5), "errors": raw["errors"], "rtt_ms": raw["rtt_ms"],
    }  # fmt: skip


def echo(connections: int, seconds: float, lean: bool = True) -> dict[str, float]:
    """Round trips per second of a bare echo on the same stack, and the echo server's CPU
    per round trip (one frame in, one out): the unit a move's server CPU is compared to."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "bench.echo", "serve-lean" if lean else "serve", str(port)], cwd=ROOT
    )
    try:
        time.sleep(1.5)
        cpu0 = cpu_seconds(server.pid)
        r = run_client("bench.echo", "drive", f"ws://127.0.0.1:{port}/ws", str(connections), str(seconds))
        r["server_cpu_us"] = (cpu_seconds(server.pid) - cpu0) / max(r["round_trips"], 1) * 1e6
        return r
    finally:
        server.terminate()
        server.wait()


def redis_ceiling(seconds: float, tasks: int = 100, state_bytes: int = 4096) -> dict[str, float]:
    """PINGs and real commit scripts (4 KB documents, 100 rooms) from one asyncio process."""

    async def go(redis_url: str) -> dict[str, float]:
        r = Redis.from_url(redis_url, max_connections=tasks + 4)
        store = Store(r, redis_url)  # the same commit path as the server
        doc = b"x" * state_bytes

        async def loop(kind: str, i: int, counts: list[int], deadline: float) -> None:
            seq = -1
            while time.perf_counter() < deadline:
                if kind == "ping":
                    await r.ping()
                else:
                    c = Commit(f"bench{i}", seq, doc, {"k": "move"}, b"n|" + msgpack.packb({}))
                    seq = (await store.commit(c)).seq
                counts[0] += 1

        out = {}
        for kind in ("ping", "commit"):
            counts = [0]
            start = time.perf_counter()
            await asyncio.gather(*(loop(kind, i, counts, start + seconds) for i in range(tasks)))
            out[f"{kind}_per_s"] = counts[0] / (time.perf_counter() - start)
        await r.aclose()
        return out

    with tempfile.TemporaryDirectory() as work:
        redis = EmbeddedRedis(Path(work))
        redis.start()
        try:
            return asyncio.run(go(redis.url))
        finally:
            redis.stop()


def connections(n: int, hold: float = 3.0) -> dict[str, float]:
    """Idle greeted websockets held by one server process; memory per connection."""
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work))
        node = cluster.nodes[0]
        try:
            time.sleep(0.5)
            before = node.rss_kib()
            client = subprocess.Popen(
                [sys.executable, "-m", "bench.idle", node.url, str(n), str(hold)],
                cwd=ROOT, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert client.stdout is not None
            ready = json.loads(client.stdout.readline())
            time.sleep(1.0)
            held = node.rss_kib()
            client.wait(timeout=hold + 120)
            return {
                "asked": n, "held": ready["ready"], "failed": ready["failed"], "open_s": ready["open_seconds"],
                "rss_before_mib": before / 1024, "rss_held_mib": held / 1024,
                "kib_per_connection": (held - before) / max(ready["ready"], 1),
                "peak_rss_mib": memory_kib(node.pid) / 1024,
            }  # fmt: skip
        finally:
            cluster.stop()


def flood(rooms: int, seconds: float, flooders: int = 5, kind: str = "resync") -> dict[str, Any]:
    """`rooms` bot games on one node with the shipped limits, first alone, then while
    `flooders` sockets flood the costliest request: the games' p99 move round trip, the
    ratio of the two, and what the flooders got (answers, refusals, closes)."""
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work))  # shipped limits (per-IP ones off: one address stands for many)
        url = cluster.nodes[0].url
        args = ["--urls", url, "--rooms", str(rooms), "--seconds", str(seconds)]
        try:
            calm = run_client("bench.loadgen", *args, timeout=seconds + 120)
            flooding = subprocess.Popen(
                [sys.executable, "-m", "bench.flood", url, str(flooders), str(seconds + 2), kind],
                cwd=ROOT, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            time.sleep(1.0)  # the flood is on before the games start
            stormy = run_client("bench.loadgen", *args, timeout=seconds + 120)
            out, _ = flooding.communicate(timeout=seconds + 60)
        finally:
            cluster.stop()
    storm = json.loads(out.strip().splitlines()[-1])
    p99 = pct(calm["rtt_ms"], 0.99), pct(stormy["rtt_ms"], 0.99)
    return {
        "rooms": rooms, "flooders": flooders, "kind": kind,
        "calm_moves_per_s": len(calm["rtt_ms"]) / calm["seconds"],
        "flood_moves_per_s": len(stormy["rtt_ms"]) / stormy["seconds"],
        "calm_p99_ms": p99[0], "flood_p99_ms": p99[1], "p99_ratio": p99[1] / p99[0],
        "calm_p50_ms": pct(calm["rtt_ms"], 0.5), "flood_p50_ms": pct(stormy["rtt_ms"], 0.5),
        "game_errors": stormy["errors"], "flood": storm,
    }  # fmt: skip
