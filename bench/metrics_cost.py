"""`python -m bench.metrics_cost`: what /metrics costs the move path.

One node on an embedded Redis, bot games at full speed (bench.loadgen, its own process;
4-player Vikings, seats pushed, per-player limits off as in bench.load), measured in
alternating rounds: nobody scrapes, then a scraper fetches /metrics every second (as
Prometheus would, at a short interval). The figure is the ratio of committed moves per
second, scraped ÷ not scraped, with server CPU per move for both; alternating rounds
spread the machine's drift over both sides. The counters and histograms are updated in
both cases: what the ratio shows is the scrape, while the update cost is inside every
figure (server CPU per move, in bench.load).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import timeit
from pathlib import Path
from typing import Any

import httpx

from bench.procs import Cluster, run_client
from bench.scenarios import UNLIMITED


def scrape_every(url: str, seconds: float, stop: threading.Event, got: list[int]) -> None:
    with httpx.Client(timeout=5) as client:
        while not stop.wait(seconds):
            got.append(len(client.get(url).content))


def one_round(rooms: int, seconds: float, scrape: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work), 1, "always", "", (), **UNLIMITED)  # the bench's seats, not a flood: limits off
        node = cluster.nodes[0]
        stop, sizes = threading.Event(), list[int]()
        scraper = threading.Thread(target=scrape_every, args=(node.http + "/metrics", 1.0, stop, sizes))
        try:
            if scrape:
                scraper.start()
            raw = run_client(
                "bench.loadgen", "--urls", node.url, "--rooms", str(rooms), "--seconds", str(seconds),
                "--players", "4", "--spectators", "1", "--push",
                timeout=seconds + 120,
            )  # fmt: skip
            cpu = node.usage().cpu
        finally:
            stop.set()
            if scrape:
                scraper.join()
            cluster.stop()
    moves = len(raw["rtt_ms"])
    return {"moves_per_s": moves / raw["seconds"], "cpu_ms_per_move": cpu / max(moves, 1) * 1000,
            "scrapes": len(sizes), "scrape_bytes": max(sizes, default=0),
            "errors": sum(raw["errors"].values())}  # fmt: skip


def in_process() -> dict[str, float]:
    """The two costs alone, timed in this process: the metric updates one committed move
    makes on the path (its commit, and its fan-out on a remote node), and one scrape."""
    from prometheus_client import generate_latest

    from server.runtime import metrics

    def per_move() -> None:
        metrics.commit_done("move", "ok", 0.0012)
        metrics.fanout_lag(0.0008)

    n = 200_000
    move_us = min(timeit.repeat(per_move, number=n, repeat=3)) / n * 1e6
    for code in ("illegal_move", "stale_seq", "not_your_turn"):
        metrics.error_sent(code)
    scrape_ms = min(timeit.repeat(generate_latest, number=200, repeat=3)) / 200 * 1e3
    return {"updates_us_per_move": move_us, "scrape_ms": scrape_ms}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument("--seconds", type=float, default=15.0)
    p.add_argument("--rounds", type=int, default=2, help="pairs of rounds (not scraped, scraped)")
    args = p.parse_args()
    alone = in_process()
    print(f"metric updates per committed move: {alone['updates_us_per_move']:.2f} µs; "
          f"one scrape: {alone['scrape_ms']:.2f} ms of CPU (at one scrape a second: "
          f"{alone['scrape_ms'] / 10:.2f}% of a core)")  # fmt: skip
    plain, scraped = [], []
    for _ in range(args.rounds):
        plain.append(one_round(args.rooms, args.seconds, scrape=False))
        scraped.append(one_round(args.rooms, args.seconds, scrape=True))
    a = statistics.median(r["moves_per_s"] for r in plain)
    b = statistics.median(r["moves_per_s"] for r in scraped)
    ca = statistics.median(r["cpu_ms_per_move"] for r in plain)
    cb = statistics.median(r["cpu_ms_per_move"] for r in scraped)
    each = ", ".join(f"{r['moves_per_s']:.0f}" for r in plain)
    print(f"moves/s, not scraped: {a:.0f}  (rounds: {each})")
    each = ", ".join(f"{r['moves_per_s']:.0f}" for r in scraped)
    print(f"moves/s, /metrics every 1 s: {b:.0f}  (rounds: {each}); "
          f"{scraped[0]['scrapes']} scrapes of {scraped[0]['scrape_bytes']} bytes per round")  # fmt: skip
    print(f"ratio scraped / not scraped: {b / a:.3f}")
    print(f"server CPU per move: {ca:.3f} ms not scraped, {cb:.3f} ms scraped (ratio {cb / ca:.3f})")


if __name__ == "__main__":
    main()
