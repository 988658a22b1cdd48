"""`python -m bench.kids [--sockets 10] [--seconds 15]`: a flood of `hello`s naming a fresh
signing-key id each, against a node with `LONGHALL_SECRET` set, and what it costs a bystander.

Issue 36 found that such a flood (10 sockets) took a bystander's ping p50/p99 from 4.5/60 ms
to 236/876 ms, growing with every kid seen: the node derived and kept a key for any kid a
token named before checking its signature. Now a kid is looked at only in the form nodes
write, derived keys are kept only once a signature proves them, and a flood keeps nothing.

One node on an embedded Redis; a bystander socket in this process pings the node back to
back for a calm window, then for a window of the same length while the flooders (a process
of their own: `python -m bench.kids flood URL SOCKETS SECONDS`, from another loopback
address, under the shipped per-address limits) send hellos whose tokens
name kids of the worst kind — well-formed, live, of rotations no node uses (each one
derived afresh) — with forged signatures. Prints the bystander's p50/p99 both ways and the
ratio flooded ÷ calm (the issue's goal: p99 within 2×), the hellos refused, and the node's
resident memory before and after (a flood that kept something would grow it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import jwt
import msgpack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bench.procs import ROOT, Cluster, cpu_seconds
from bench.scenarios import pct

SECRET = "bench-secret-" + "x" * 32
# the flooders and the bystander are addresses of their own (of the loopback network), and
# the node runs with the shipped per-address limits, as a public node would
FLOODERS, BYSTANDER = "127.0.0.3", "127.0.0.2"


def forged_token(rng: random.Random) -> str:
    """A token naming a fresh, well-formed, live kid of some other rotation, badly signed."""
    seconds = rng.randrange(60, 10**6)
    start = int(time.time()) // seconds * seconds
    header = {"kid": f"lh-{start}-{seconds}"}
    claims = {"sub": f"p{rng.randrange(10**9)}", "iss": "longhall", "exp": int(time.time()) + 3600}
    return jwt.encode(claims, rng.randbytes(32), algorithm="HS256", headers=header)


async def flooder(url: str, deadline: float, tally: Counter[str], rng: random.Random) -> None:
    while time.perf_counter() < deadline:
        try:
            async with connect(url, max_size=None, ping_interval=None, local_addr=(FLOODERS, 0)) as ws:
                while time.perf_counter() < deadline:
                    await ws.send(msgpack.packb({"t": "hello", "versions": [1], "token": forged_token(rng)}))
                    tally["sent"] += 1
                    answer = msgpack.unpackb(await ws.recv(), raw=False)
                    tally[answer.get("code") or answer.get("t", "?")] += 1
        except InvalidStatus:  # 429: the address is spent, turned away at the upgrade
            tally["turned_away"] += 1
            await asyncio.sleep(0.05)
        except (ConnectionClosed, OSError):
            tally["closed"] += 1
            await asyncio.sleep(0.05)


def flood(url: str, sockets: int, seconds: float) -> None:
    tally: Counter[str] = Counter()

    async def go() -> None:
        deadline = time.perf_counter() + seconds
        await asyncio.gather(*(flooder(url, deadline, tally, random.Random(i)) for i in range(sockets)))

    asyncio.run(go())
    print(json.dumps(dict(tally)))


async def pings(url: str, seconds: float) -> list[float]:
    """Round trips (ms) of pings sent back to back for `seconds`."""
    out: list[float] = []
    async with connect(url, max_size=None, ping_interval=None, local_addr=(BYSTANDER, 0)) as ws:
        await ws.send(msgpack.packb({"t": "hello", "versions": [1], "name": "bystander"}))
        await ws.recv()
        deadline = time.perf_counter() + seconds
        n = 0
        while time.perf_counter() < deadline:
            n += 1
            t0 = time.perf_counter()
            await ws.send(msgpack.packb({"t": "ping", "n": n}))
            while msgpack.unpackb(await ws.recv(), raw=False).get("t") != "pong":
                pass
            out.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.01)  # a player's pace, not a flood of its own
    return out


def run(sockets: int, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        cluster = Cluster(Path(work), LONGHALL_SECRET=SECRET, LONGHALL_IP_RATE="2000", LONGHALL_IP_CONNECTIONS="256")
        node = cluster.nodes[0]
        try:
            rss0 = node.rss_kib()
            cpu0 = cpu_seconds(node.pid)
            calm = asyncio.run(pings(node.url, seconds))
            cpu1 = cpu_seconds(node.pid)
            flooders = subprocess.Popen(
                [sys.executable, "-m", "bench.kids", "flood", node.url, str(sockets), str(seconds + 1)],
                cwd=ROOT, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            time.sleep(0.5)  # the flood under way before the window opens
            cpu2 = cpu_seconds(node.pid)
            flooded = asyncio.run(pings(node.url, seconds))
            cpu3 = cpu_seconds(node.pid)
            out, _ = flooders.communicate(timeout=seconds + 60)
            tally = json.loads(out.strip().splitlines()[-1])
            rss1 = node.rss_kib()
        finally:
            cluster.stop()
    figures = {
        "sockets": sockets, "seconds": seconds, "hellos": tally["sent"], "refused": tally.get("bad_token", 0),
        "rate_limited": tally.get("rate_limited", 0), "closed": tally.get("closed", 0),
        "turned_away": tally.get("turned_away", 0), "welcomed": tally.get("welcome", 0),
        "calm_p50_ms": pct(calm, 0.5), "calm_p99_ms": pct(calm, 0.99),
        "flooded_p50_ms": pct(flooded, 0.5), "flooded_p99_ms": pct(flooded, 0.99),
        "rss_kib_before": rss0, "rss_kib_after": rss1,
        "node_cpu_calm": (cpu1 - cpu0) / seconds, "node_cpu_flooded": (cpu3 - cpu2) / seconds,
    }  # fmt: skip
    figures["p99_ratio"] = figures["flooded_p99_ms"] / figures["calm_p99_ms"]
    return figures


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "flood":
        flood(sys.argv[2], int(sys.argv[3]), float(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    f = run(args.sockets, args.seconds)
    print(json.dumps(f))
    print(
        f"kid flood, {f['sockets']} sockets, {f['hellos']} hellos ({f['refused']} bad_token, "
        f"{f['rate_limited']} rate_limited, {f['closed']} sockets closed, {f['turned_away']} upgrades turned away, "
        f"{f['welcomed']} welcomed): "
        f"bystander ping p50 {f['calm_p50_ms']:.1f} → {f['flooded_p50_ms']:.1f} ms, "
        f"p99 {f['calm_p99_ms']:.1f} → {f['flooded_p99_ms']:.1f} ms (flooded ÷ calm {f['p99_ratio']:.2f}×); "
        f"node CPU {f['node_cpu_calm']:.0%} → {f['node_cpu_flooded']:.0%} of a core; "
        f"node RSS {f['rss_kib_before'] / 1024:.1f} → {f['rss_kib_after'] / 1024:.1f} MiB"
    )


if __name__ == "__main__":
    main()
