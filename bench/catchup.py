"""`python -m bench.catchup`: what a pub/sub gap costs a busy node — the catch-up burst.

Pub/sub delivers at most once, so when a node's subscription drops (its Redis connection
lost, a Redis restarted or failed over) the node reads every room it has sockets in
again and sends each socket a snapshot (server.rooms.catchup): one snapshot per socket of
the node at once. This measures that burst on one node sharing an embedded Redis:

- idle rooms (`--rooms`, four seated players and `--spectators` each, games started,
  nobody moving) and a few rooms playing without a pause (`--movers`, four bots each,
  closed loop: the load clients of bench.load);
- after a warm-up, the node's pub/sub connection is killed in Redis (`CLIENT KILL TYPE
  pubsub`), as a dropped connection would be;
- figures: how long until every idle socket had its snapshot (p50 / p99 / last, from the
  kill), how many got one, the bytes; the node's CPU from the kill to the last snapshot;
  the moving rooms' move round trip (p50 / p99 / max) in the 5 s before the kill (`--before`) and
  during the burst (the kill to the last snapshot, and the second after).

The idle sockets and the moving rooms are driven from two processes of their own
(`python -m bench.catchup drive|movers ...`): the idle sockets' snapshots, read in the
movers' process, would hold up their reading and count as the server's delay. Loopback
only, bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
from redis.asyncio import Redis
from websockets.asyncio.client import ClientConnection, connect

from bench.loadgen import Stats, run_room
from bench.procs import ROOT, Cluster, cpu_seconds, run_client
from bench.scenarios import UNLIMITED, pct

pack = msgpack.packb
OPTIONS = {"variant": "advanced"}
AFTER = 1.0  # seconds after the last snapshot still counted as the burst


class Idle:
    """One idle socket: its requests answered through a queue; the first snapshot after `mark` timed."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.answers: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.mark = 0.0  # when the gap was made; 0: not yet
        self.caught = 0.0  # seconds from the mark to its snapshot; 0: none yet
        self.size = 0
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        try:
            async for data in self.ws:
                msg = msgpack.unpackb(data, raw=False)
                if msg["t"] == "snapshot":
                    if self.mark and not self.caught:
                        self.caught, self.size = time.perf_counter() - self.mark, len(data)
                elif msg["t"] not in ("diff", "moves", "presence", "chat", "clock"):
                    self.answers.put_nowait(msg)
        except Exception:
            pass

    async def ask(self, msg: dict[str, Any]) -> dict[str, Any]:
        await self.ws.send(pack(msg))
        return await asyncio.wait_for(self.answers.get(), 60)


async def idle_room(url: str, players: int, spectators: int, sem: asyncio.Semaphore) -> list[Idle]:
    async with sem:
        socks = []
        for _ in range(players + spectators):
            ws = await connect(url, max_size=None, ping_interval=None, compression=None, open_timeout=60)
            s = Idle(ws)
            await s.ask({"t": "hello", "versions": [1]})
            socks.append(s)
        joined = await socks[0].ask({"t": "create", "game": "vikings", "options": OPTIONS, "seats": players})
        room = joined["room"]
        for i, s in enumerate(socks[1:], 1):
            await s.ask({"t": "join", "room": room} if i < players else {"t": "spectate", "room": room})
        await socks[0].ws.send(pack({"t": "start", "room": room}))
        return socks


class Stamped(list[float]):
    """Round trips (ms), each with the wall-clock time it ended: the burst's window is set by
    another process."""

    def __init__(self) -> None:
        super().__init__()
        self.at: list[float] = []

    def append(self, rtt: float) -> None:
        super().append(rtt)
        self.at.append(time.time())


async def movers(args: argparse.Namespace) -> None:
    """The moving rooms, in a process of their own (the idle sockets' snapshots would otherwise
    hold up this process's reading and count as the server's delay): play until `--stop`
    exists, then print the round trips and end at once; say "moving" once the first move is back."""
    stats = Stats()
    rtt = stats.rtt = Stamped()
    mover = argparse.Namespace(players=4, spectators=0, push=False, options=json.dumps(OPTIONS), game="vikings",
                               clock="", seed=7, think=0.0)  # fmt: skip
    deadline = time.perf_counter() + 3600  # (stopped by the file)
    moving = asyncio.gather(*(run_room([args.url], mover, i, stats, deadline) for i in range(args.movers)))
    stop, said = Path(args.stop), False
    while not stop.exists() and not moving.done():
        if rtt and not said:
            print(json.dumps({"moving": True}), flush=True)
            said = True
        await asyncio.sleep(0.05)
    # the figures as they stand; the process then ends without waiting for the rooms
    # (a cancel can be lost in Python 3.11's wait_for, and a room would play on)
    print(json.dumps({"timed": list(zip(rtt.at, rtt, strict=True)), "errors": dict(stats.errors)}), flush=True)
    os._exit(0)


async def drive(args: argparse.Namespace) -> dict[str, Any]:
    """The idle rooms; the node's subscription killed; each socket's snapshot timed."""
    sem = asyncio.Semaphore(50)
    rooms = await asyncio.gather(*(idle_room(args.url, 4, args.spectators, sem) for _ in range(args.rooms)))
    idle = [s for room in rooms for s in room]
    await asyncio.sleep(2 + args.warmup + args.before)  # the starts' diffs delivered; the moving rooms' window
    redis = Redis.from_url(args.redis)
    cpu0 = cpu_seconds(args.node_pid)
    kill_at, kill_wall = time.perf_counter(), time.time()
    for s in idle:
        s.mark = kill_at
    killed = await redis.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
    while sum(1 for s in idle if s.caught) < len(idle) and time.perf_counter() - kill_at < args.burst_limit:
        await asyncio.sleep(0.01)
    last = time.perf_counter() - kill_at
    cpu = cpu_seconds(args.node_pid) - cpu0
    await redis.aclose()
    for s in idle:
        await s.ws.close()
    caught = [s.caught * 1000 for s in idle if s.caught]
    return {
        "sockets": len(idle), "pubsub_killed": killed, "caught_up": len(caught), "last_ms": last * 1000,
        "caught_p50_ms": pct(caught, 0.5), "caught_p99_ms": pct(caught, 0.99),
        "snapshot_bytes": sum(s.size for s in idle), "snapshot_bytes_p50": pct([s.size for s in idle if s.caught], 0.5),
        "node_cpu_ms": cpu * 1000, "kill_wall": kill_wall, "last_wall": kill_wall + last,
    }  # fmt: skip


def run(rooms: int, spectators: int, movers: int, warmup: float = 3.0, before: float = 5.0,
        burst_limit: float = 60.0) -> dict[str, Any]:  # fmt: skip
    """One node, an embedded Redis (appendfsync always); the moving rooms and the idle ones
    each driven from a process of its own. The moving rooms' round trips are split by the
    times the idle one gives: the `before` seconds before the kill, and the kill to the last
    snapshot and AFTER more."""
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work), nodes=1, fsync="always", redis_url="", redis_pids=(), **UNLIMITED)
        node, stop = cluster.nodes[0], Path(work) / "stop"
        moving = subprocess.Popen(
            [sys.executable, "-m", "bench.catchup", "movers", "--url", node.url, "--stop", str(stop),
             "--movers", str(movers)],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        try:
            assert moving.stdout is not None
            if movers and "moving" not in moving.stdout.readline():
                raise RuntimeError("the moving rooms did not move")
            r = run_client(
                "bench.catchup", "drive", "--url", node.url, "--redis", cluster.redis_url, "--node-pid", str(node.pid),
                "--rooms", str(rooms), "--spectators", str(spectators),
                "--warmup", str(warmup), "--before", str(before), "--burst-limit", str(burst_limit),
                timeout=warmup + before + burst_limit + rooms * 0.2 + 300,
            )  # fmt: skip
            time.sleep(AFTER)
            stop.touch()
            out, _ = moving.communicate(timeout=120)
            moved = json.loads(out.strip().splitlines()[-1])
        finally:
            if moving.poll() is None:
                moving.kill()
                moving.wait()
            cluster.stop()
    timed = moved["timed"]
    before_rtt = [ms for at, ms in timed if r["kill_wall"] - before <= at < r["kill_wall"]]
    during = [ms for at, ms in timed if r["kill_wall"] <= at <= r["last_wall"] + AFTER]
    return {
        **r, "moves_before": len(before_rtt), "rtt_before_p50": pct(before_rtt, 0.5),
        "rtt_before_p99": pct(before_rtt, 0.99), "moves_during": len(during), "rtt_during_p50": pct(during, 0.5),
        "rtt_during_p99": pct(during, 0.99), "rtt_during_max": max(during, default=float("nan")),
        "errors": moved["errors"],
    }  # fmt: skip


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| idle sockets | caught up | snapshot to every socket: p50 / p99 / last | bytes (a snapshot) "
            "| node CPU | moving rooms' round trip before: p50 / p99 | during: p50 / p99 / max |")  # fmt: skip
    out = [head, "|" + "---|" * 7]
    for r in rows:
        out.append(
            f"| {r['sockets']:,} | {r['caught_up']:,} | {r['caught_p50_ms']:.0f} / {r['caught_p99_ms']:.0f} / "
            f"{r['last_ms']:.0f} ms | {r['snapshot_bytes'] / 1e6:.1f} MB ({r['snapshot_bytes_p50'] / 1024:.1f} KiB) "
            f"| {r['node_cpu_ms']:.0f} ms | {r['rtt_before_p50']:.1f} / {r['rtt_before_p99']:.1f} ms "
            f"| {r['rtt_during_p50']:.1f} / {r['rtt_during_p99']:.1f} / {r['rtt_during_max']:.1f} ms |"
        )
    return "\n".join(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = p.add_subparsers(dest="command")
    d = sub.add_parser("drive", help="the client (run by the bench in its own process)")
    d.add_argument("--url", required=True)
    d.add_argument("--redis", required=True)
    d.add_argument("--node-pid", type=int, required=True)
    m = sub.add_parser("movers", help="the moving rooms (run by the bench in its own process)")
    m.add_argument("--url", required=True)
    m.add_argument("--stop", required=True, help="a file: the rooms stop once it exists")
    m.add_argument("--movers", type=int, default=10)
    for q in (p, d):
        q.add_argument("--rooms", type=int, nargs="+" if q is p else None, default=[250, 1000] if q is p else 250,
                       help="idle rooms (four players each); the bench runs each size in turn")  # fmt: skip
        q.add_argument("--spectators", type=int, default=1, help="spectators in each idle room")
        q.add_argument("--warmup", type=float, default=3.0)
        q.add_argument("--before", type=float, default=5.0, help="seconds of round trips counted before the kill")
        q.add_argument("--burst-limit", type=float, default=60.0, help="seconds the burst may take at most")
    p.add_argument("--movers", type=int, default=10, help="rooms playing without a pause")
    args = p.parse_args()
    if args.command == "drive":
        print(json.dumps(asyncio.run(drive(args))))
        return
    if args.command == "movers":
        asyncio.run(movers(args))
        return
    rows = []
    for rooms in args.rooms:
        r = run(rooms, args.spectators, args.movers, args.warmup, args.before, args.burst_limit)
        print(json.dumps(r), file=sys.stderr, flush=True)
        rows.append(r)
    print(table(rows))


if __name__ == "__main__":
    main()
