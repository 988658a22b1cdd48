"""`python -m bench.nodes`: the same load on 1, 2 and 3 server nodes sharing one Redis,
and with `--cluster` on 1 and 2 nodes over a 3-master Redis Cluster on loopback
(Debian's redis-server 7, as the tests start it: testbed/redis_cluster.py).

Bot games of 4-player Vikings at full speed from a load process of their own (bench.loadgen),
players spread round-robin over the nodes. Every figure is a ratio against one node on one
embedded Redis measured in the same run. On a 2-core machine the nodes, Redis and the load
process share two cores: more nodes cannot be faster here, and the cluster's six Redis
processes cost CPU of their own. What the figures show is that scale-out is correct —
every move committed and acknowledged, no errors, with every table's players on several
nodes — and what it costs per move; not the speed-up more cores would give.
`--write` appends the table to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench import scenarios

HERE = Path(__file__).resolve().parent


def on_cluster(rooms: int, seconds: float, nodes: int) -> dict[str, Any]:
    from testbed.redis_cluster import RedisCluster, missing

    why = missing()
    if why is not None:
        raise SystemExit(why)
    with tempfile.TemporaryDirectory() as work:
        cluster = RedisCluster(Path(work)).start()
        try:
            url = f"redis+cluster://127.0.0.1:{cluster.ports[0]}"
            pids = tuple(p.pid for p in cluster.procs)
            return scenarios.load(rooms, seconds, nodes=nodes, redis_url=url, redis_pids=pids)
        finally:
            cluster.stop()


def run(args: argparse.Namespace) -> list[tuple[str, dict[str, Any]]]:
    rows = [(f"{n} node(s), one Redis", scenarios.load(args.rooms, args.seconds, nodes=n)) for n in (1, 2, 3)]
    if args.cluster:
        rows += [(f"{n} node(s), 3-master cluster", on_cluster(args.rooms, args.seconds, n)) for n in (1, 2)]
    return rows


def table(rows: list[tuple[str, dict[str, Any]]]) -> str:
    base = rows[0][1]["moves_per_s"]
    out = [
        "| setup | moves/s | ÷ 1 node | p50 ms | p99 ms | server CPU ms/move | Redis CPU ms/move | errors |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, r in rows:
        redis_ms = r["redis_cpu_s"] / max(r["moves"], 1) * 1000
        out.append(
            f"| {label} | {r['moves_per_s']:.0f} | {r['moves_per_s'] / base:.2f}× | {r['rtt_p50']:.1f} | "
            f"{r['rtt_p99']:.1f} | {r['cpu_ms_per_move']:.2f} | {redis_ms:.2f} | {sum(r['errors'].values())} |"
        )
    return "\n".join(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rooms", type=int, default=40)
    p.add_argument("--seconds", type=float, default=15.0)
    p.add_argument("--cluster", action="store_true", help="also 1 and 2 nodes on a 3-master Redis Cluster")
    p.add_argument("--write", action="store_true", help="append the table to bench/RESULTS.md")
    args = p.parse_args()
    text = table(run(args))
    print(text)
    if args.write:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        size = f"{args.rooms} rooms, {args.seconds:.0f} s each"
        head = f"\n## Nodes and Redis Cluster ({when}, commit {commit}, {size})\n\n"
        note = (
            "\n\nOne machine with 2 cores runs the nodes, Redis and the load: these ratios show that scale-out\n"
            "is correct (every move committed, no errors) and its cost per move, not a speed-up.\n"
        )
        with open(HERE / "RESULTS.md", "a", encoding="utf-8") as f:
            f.write(head + text + note)


if __name__ == "__main__":
    main()
