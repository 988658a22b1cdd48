"""`python -m bench.bot_tables`: does a node keep its pace while bots think beside it?

    python -m bench.bot_tables [--rounds 3] [--seconds 15] [--human 50] [--bots 20] [--level medium]

One node on an embedded Redis (the other benches' limits: per-connection and per-IP
request limits off, everything else as shipped, `LONGHALL_BOT_WORKERS` 1). The load
measured is `--human` human-paced tables (`bench.loadgen`: 4 seats of Vikings, each
deciding `--think` seconds after it is asked, plus a spectator). Each round measures it
twice, alternately: alone, and beside `--bots` tables where one human-paced seat plays
three server bots of `--level` (the "play against the computer" table; the bots search in
the node's worker pool, outside the event loop and the rooms' locks, and decide at the
shipped pace: `LONGHALL_BOT_DELAY`, 600 ms after they are asked, plus their thinking). Per round and as
medians: the human tables' committed moves/s and move round trip p50/p99, the bots'
decisions a second, and the CPU of the node's process and of its bot workers. Printed as
ratios with bots ÷ without, measured in the same run.

`python -m bench.bot_tables tables URL N LEVEL THINK` is the bot tables' driver (a process
of its own, as the load client is): it prints `ready` once its tables have started, then,
on SIGTERM, one JSON line of what they did in between.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.procs import ROOT, Cluster, cpu_seconds
from bench.scenarios import UNLIMITED, pct, run_client
from clients.python.client import Client, ServerError

GAME, OPTIONS = "vikings", {"variant": "advanced"}


def workers_cpu(pid: int) -> float:
    """CPU seconds of `pid`'s live child processes (the node's bot workers)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += cpu_seconds(int(stat.parent.name))
    return total


class BotTables:
    """`n` tables of one human-paced seat against three bots of `level`; each starts a new
    game when one ends, until `stop` is set (SIGTERM)."""

    def __init__(self, url: str, n: int, level: str, think: float) -> None:
        self.url, self.n, self.level, self.think = url, n, level, think
        self.stop = asyncio.Event()
        self.tally = {"games": 0, "decisions": 0, "human_moves": 0}
        self.current: dict[int, tuple[Any, int]] = {}  # table -> (its mirror, the seq its window began at)

    async def table(self, i: int, started: asyncio.Event) -> None:
        rng = random.Random(i)
        client = await Client(self.url, name=f"human-{i}").connect()
        try:
            while not self.stop.is_set():
                mirror = await client.create(GAME, OPTIONS, seats=4)
                for seat in (1, 2, 3):
                    await client.add_bot(mirror.room, seat, self.level)
                await client.start(mirror.room)
                self.tally["games"] += 1
                self.current[i] = (mirror, mirror.seq)
                started.set()
                while not self.stop.is_set() and mirror.result is None:
                    if mirror.seat not in mirror.view.get("to_act", []):
                        seq = mirror.seq
                        await client.wait_until(lambda s=seq, m=mirror: m.seq != s or m.result is not None, 600)
                        continue
                    await asyncio.sleep(self.think)
                    try:
                        moves = await client.legal(mirror.room)
                        if moves:
                            await client.move(mirror.room, rng.choice(moves), seq=mirror.seq)
                            self.tally["human_moves"] += 1
                    except ServerError as exc:
                        self.tally[exc.code] = self.tally.get(exc.code, 0) + 1
                        await client.resync(mirror.room)
                self.tally["decisions"] += mirror.seq - self.current.pop(i)[1]
                await client.leave(mirror.room)
        finally:
            await client.close()

    def window(self) -> None:
        """Count from now: what the tables did before is not measured (games: those under way)."""
        self.tally = {"games": len(self.current), "decisions": 0, "human_moves": 0}
        self.current = {i: (m, m.seq) for i, (m, _) in self.current.items()}

    def counted(self) -> dict[str, int]:
        return {**self.tally, "decisions": self.tally["decisions"] + sum(m.seq - b for m, b in self.current.values())}


def tables(url: str, n: int, level: str, think: float) -> None:
    """The driver: `ready` once every table has started, then on SIGTERM one JSON line of
    what the tables did in between, with its seconds."""

    async def go() -> dict[str, Any]:
        t = BotTables(url, n, level, think)
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, t.stop.set)
        ready = [asyncio.Event() for _ in range(n)]
        runs = [asyncio.create_task(t.table(i, ready[i])) for i in range(n)]
        await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)), 300)
        t.window()
        began = time.perf_counter()
        print("ready", flush=True)
        await t.stop.wait()
        out: dict[str, Any] = {**t.counted(), "seconds": time.perf_counter() - began}
        for r in runs:
            r.cancel()
        await asyncio.gather(*runs, return_exceptions=True)
        return out

    print(json.dumps(asyncio.run(go())), flush=True)


def measure(cluster: Cluster, args: argparse.Namespace, with_bots: bool) -> dict[str, Any]:
    node = cluster.nodes[0]
    driver = None
    if with_bots:  # the bot tables start first and outlast the window
        driver = subprocess.Popen(
            [sys.executable, "-m", "bench.bot_tables", "tables", node.url, str(args.bots), args.level,
             str(args.think)],
            cwd=ROOT, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert driver.stdout is not None
        if driver.stdout.readline().strip() != "ready":
            raise RuntimeError("the bot tables did not start")
    cpu0, w0 = cpu_seconds(node.pid), workers_cpu(node.pid)
    raw = run_client(
        "bench.loadgen", "--urls", node.url, "--rooms", str(args.human), "--seconds", str(args.seconds),
        "--think", str(args.think), "--game", GAME, "--seed", str(args.seed), timeout=args.seconds + 120,
    )  # fmt: skip
    cpu, workers = cpu_seconds(node.pid) - cpu0, workers_cpu(node.pid) - w0
    bots: dict[str, int] = {}
    if driver is not None:
        driver.terminate()
        out, _ = driver.communicate(timeout=60)
        lines = [line for line in out.splitlines() if line.startswith("{")]
        bots = json.loads(lines[-1]) if lines else {}
    rtt = raw["rtt_ms"]
    return {
        "moves_per_s": len(rtt) / raw["seconds"], "rtt_p50": pct(rtt, 0.5), "rtt_p99": pct(rtt, 0.99),
        "node_cpu": cpu / raw["seconds"], "workers_cpu": workers / raw["seconds"], "errors": raw["errors"],
        "bot_tables": bots,
    }  # fmt: skip


def run(args: argparse.Namespace) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    rounds = []
    with tempfile.TemporaryDirectory() as work:
        env = {**UNLIMITED, "LONGHALL_IP_RATE": "0", "LONGHALL_BOT_WORKERS": "1"}
        cluster = Cluster(Path(work), nodes=1, redis_pids=(), **env)
        try:
            for r in range(args.rounds):
                order = (False, True) if r % 2 == 0 else (True, False)
                got = {with_bots: measure(cluster, args, with_bots) for with_bots in order}
                rounds.append((got[False], got[True]))
                print(f"round {r + 1}: {line(got[False], got[True])}", file=sys.stderr, flush=True)
        finally:
            cluster.stop()
    return rounds


def line(alone: dict[str, Any], beside: dict[str, Any]) -> str:
    return (
        f"moves/s {alone['moves_per_s']:.1f} → {beside['moves_per_s']:.1f} "
        f"({beside['moves_per_s'] / alone['moves_per_s']:.2f}×), p50 {alone['rtt_p50']:.1f} → "
        f"{beside['rtt_p50']:.1f} ms, p99 {alone['rtt_p99']:.1f} → {beside['rtt_p99']:.1f} ms "
        f"({beside['rtt_p99'] / alone['rtt_p99']:.2f}×), node CPU {alone['node_cpu']:.0%} → "
        f"{beside['node_cpu']:.0%} of a core, bot workers {beside['workers_cpu']:.0%}"
    )


def report(rounds: list[tuple[dict[str, Any], dict[str, Any]]], args: argparse.Namespace) -> str:
    lines = [
        f"{args.human} human-paced tables (think {args.think} s) alone and beside {args.bots} tables of one "
        f"human-paced seat and three `{args.level}` bots, {args.seconds:g} s windows, {len(rounds)} rounds",
        "",
        "| round | human moves/s alone → beside | ratio | p50 ms | p99 ms | p99 ratio | node CPU | bot workers' CPU "
        "| bots' decisions/s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for i, (a, b) in enumerate(rounds, 1):
        bots = b["bot_tables"]
        per_s = (bots["decisions"] - bots["human_moves"]) / bots["seconds"] if bots else 0.0
        lines.append(
            f"| {i} | {a['moves_per_s']:.1f} → {b['moves_per_s']:.1f} | {b['moves_per_s'] / a['moves_per_s']:.2f}× "
            f"| {a['rtt_p50']:.1f} → {b['rtt_p50']:.1f} | {a['rtt_p99']:.1f} → {b['rtt_p99']:.1f} "
            f"| {b['rtt_p99'] / a['rtt_p99']:.2f}× | {a['node_cpu']:.0%} → {b['node_cpu']:.0%} "
            f"| {b['workers_cpu']:.1%} | {per_s:.1f} |"
        )
    ratio = statistics.median(b["moves_per_s"] / a["moves_per_s"] for a, b in rounds)
    p99 = statistics.median(b["rtt_p99"] / a["rtt_p99"] for a, b in rounds)
    bots = [b["bot_tables"] for _, b in rounds]
    lines += [
        "",
        f"medians: human moves/s {ratio:.2f}× with the bots beside, p99 round trip {p99:.2f}×; "
        f"the bot tables: {sum(t['games'] for t in bots)} games under way, "
        f"{sum(t['decisions'] - t['human_moves'] for t in bots)} bot decisions in the windows",
    ]
    return "\n".join(lines)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "tables":
        url, n, level, think = sys.argv[2:6]
        tables(url, int(n), level, float(think))
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=15.0, help="each measured window")
    ap.add_argument("--human", type=int, default=50, help="human-paced tables measured")
    ap.add_argument("--bots", type=int, default=20, help="tables with three bots beside them")
    ap.add_argument("--level", default="medium", choices=("greedy", "easy", "medium", "strong"))
    ap.add_argument("--think", type=float, default=1.0, help="seconds a human-paced seat takes a decision")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(report(run(args), args))


if __name__ == "__main__":
    main()
