"""`python -m bench.peers`: Longhall against boardgame.io and Colyseus on the same game.

HighCard dealt again (`bench/peers/highcard.py`, `highcard.js`) served three ways — Longhall
with `appendfsync always`, boardgame.io 0.50 in memory, Colyseus 0.16 with a patch sent
after each move — and driven by one Node load client (`load.js`): R rooms × 4 seats, one
move in flight per room, a warm-up, then a measured window. Systems alternate within a
round, in a rotated order each round; each measurement starts its server fresh. Printed:
the medians per system, each round's ratios against Longhall measured in that round, move
→ 500th spectator of one room, memory per idle seated socket, and, once for the record,
Colyseus at its default 50 ms patch interval, boardgame.io on its FlatFile storage, and
Longhall's Redis fsyncing every second instead of at every write.

The machine's load average is printed with the figures: on a shared 2-core machine the
servers, Redis and the load client take turns on the same cores.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path
from typing import Any

from bench.peers import measure
from bench.peers.systems import SPECS, native_ready, npm_ready

MAIN = ("longhall", "bgio", "colyseus")
RECORD = ("colyseus-50ms", "bgio-flatfile", "longhall-everysec")


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def run(args: argparse.Namespace) -> dict[str, Any]:
    npm_ready()
    compiled = native_ready()
    log(f"Longhall's move path: {'compiled (scripts/native.py)' if compiled else 'Python: no compiled build'}")
    rounds: list[dict[str, dict[str, Any]]] = []
    for i in range(args.rounds):
        order = MAIN[i % len(MAIN) :] + MAIN[: i % len(MAIN)]
        got = {}
        for name in order:
            got[name] = measure.window(name, args.rooms, args.warmup, args.window)
            got[name]["load_average"] = load_average()
            log(f"round {i + 1}: {_line(got[name])}")
        rounds.append(got)
    record = {}
    failed = {}
    for name in RECORD if args.record else ():
        try:
            record[name] = measure.window(name, args.rooms, args.warmup, args.window)
        except RuntimeError as exc:  # for the record only: said in the report, the run goes on
            failed[name] = str(exc).strip().splitlines()[-1]
            log(f"for the record: {name} failed: {failed[name]}")
            continue
        record[name]["load_average"] = load_average()
        log(f"for the record: {_line(record[name])}")
    fanout = {}
    for name in MAIN if args.spectators else ():
        fanout[name] = measure.window(name, 1, args.warmup, args.window, spectators=args.spectators)
        f = fanout[name]
        log(f"fan-out {name}: {f['fanout_p50']:.1f} / {f['fanout_p99']:.1f} ms to the {args.spectators}th spectator")
    idle = {}
    for name in MAIN if args.idle_rooms else ():
        idle[name] = measure.idle(name, args.idle_rooms)
        log(f"idle {name}: {idle[name]['kib_per_socket']:.1f} KiB per socket")
    return {
        "rounds": rounds,
        "record": record,
        "failed": failed,
        "fanout": fanout,
        "idle": idle,
        "args": vars(args),
        "compiled": compiled,
    }


def _line(f: dict[str, Any]) -> str:
    return (f"{f['system']}: {f['moves_per_s']:.0f} moves/s, p50/p99 {f['rtt_p50']:.1f}/{f['rtt_p99']:.1f} ms, "
            f"server {f['server_ms_per_move']:.3f} ms/move, load {f['load_average']}")  # fmt: skip


def medians(rounds: list[dict[str, dict[str, Any]]], name: str) -> dict[str, Any]:
    runs = [r[name] for r in rounds]
    keys = ("moves_per_s", "rtt_p50", "rtt_p99", "server_ms_per_move", "client_ms_per_move")
    out: dict[str, Any] = {k: statistics.median(f[k] for f in runs) for k in keys}
    redis = [f["redis_ms_per_move"] for f in runs if f["redis_ms_per_move"] is not None]
    out["redis_ms_per_move"] = statistics.median(redis) if redis else None
    out["stalls"] = sum(f["stalls"] for f in runs)
    return out


def ratios(rounds: list[dict[str, dict[str, Any]]], name: str) -> dict[str, list[float]]:
    """Each round's figure of `name` ÷ Longhall's in the same round."""
    keys = {"moves/s": "moves_per_s", "server CPU per move": "server_ms_per_move", "p99": "rtt_p99"}
    return {label: [r[name][k] / r["longhall"][k] for r in rounds] for label, k in keys.items()}


def _cpu(m: dict[str, Any]) -> str:
    extra = f" (+ Redis {m['redis_ms_per_move']:.3f})" if m.get("redis_ms_per_move") is not None else ""
    return f"{m['server_ms_per_move']:.3f} ms{extra}"


def idle_report(r: dict[str, Any]) -> str:
    lines = ["| system | sockets | servers' RSS before → held | per socket |", "|---|---|---|---|"]
    for name, f in r["idle"].items():
        rss = f"{f['rss_before_mib']:.0f} → {f['rss_held_mib']:.0f} MiB"
        lines.append(f"| {SPECS[name].label} | {f['sockets']} | {rss} | {f['kib_per_socket']:.1f} KiB |")
    return "\n".join(lines)


def _fanout(f: dict[str, Any]) -> str:
    if not f["fanout"]:
        return "no move reached them all"
    return f"{f['fanout_p50']:.1f} / {f['fanout_p99']:.1f} ms"


def report(r: dict[str, Any]) -> str:
    rounds, a = r["rounds"], r["args"]
    if not rounds:  # --rounds 0: the idle sockets only
        return idle_report(r)
    med = {name: medians(rounds, name) for name in MAIN}
    rec = r["record"]
    cols = [SPECS[n].label for n in MAIN] + [f"{SPECS[n].label}, once" for n in rec]
    figs = [med[n] for n in MAIN] + [rec[n] for n in rec]
    names = [*MAIN, *rec]
    rows = [
        ("committed moves/s", [f"{f['moves_per_s']:,.0f}" for f in figs]),
        ("p50 / p99 move round trip", [f"{f['rtt_p50']:.1f} / {f['rtt_p99']:.1f} ms" for f in figs]),
        ("server CPU per move", [_cpu(f) for f in figs]),
        ("load client CPU per move", [f"{f['client_ms_per_move']:.3f} ms" for f in figs]),
        (f"move → {a['spectators']}th spectator p50 / p99 (1 room)",
         [_fanout(r["fanout"][n]) if n in r["fanout"] else "—" for n in names]),
        ("memory per idle socket in a room",
         [f"{r['idle'][n]['kib_per_socket']:.1f} KiB" if n in r["idle"] else "—" for n in names]),
        ("an acknowledged move survives the process dying", [SPECS[n].durable for n in names]),
    ]  # fmt: skip
    lines = [
        f"R = {a['rooms']} rooms × 4 seats, {a['rounds']} rounds of {a['warmup']:g} s warm-up + {a['window']:g} s "
        f"window, medians (the record columns: one window); Longhall's move path "
        f"{'compiled' if r.get('compiled') else 'NOT compiled (Python)'}",
        "",
        "| figure | " + " | ".join(cols) + " |",
        "|---" * (len(cols) + 1) + "|",
        *[f"| {label} | " + " | ".join(vals) + " |" for label, vals in rows],
        "",
        "Per round, ÷ Longhall in the same round (moves/s; server CPU per move, Redis not counted; p99):",
        "",
        "| system | moves/s | server CPU per move | p99 |",
        "|---|---|---|---|",
    ]
    for name in MAIN[1:]:
        q = ratios(rounds, name)
        lines.append(f"| {SPECS[name].label} | " + " | ".join(", ".join(f"{x:.2f}" for x in q[k]) for k in q) + " |")
    loads = "; ".join(", ".join(f"{rd[n]['load_average']}" for n in MAIN) for rd in rounds)
    lines += ["", f"Load average (1, 5, 15 min) at the end of each window, by round: {loads}"]
    stalls = {n: med[n]["stalls"] for n in MAIN if med[n]["stalls"]}
    if stalls:
        lines.append(f"Times a room waited 5 s for a change (stalls): {json.dumps(stalls)}")
    for name, why in r["failed"].items():
        lines.append(f"{SPECS[name].label} (for the record) did not run: {why}")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=50, help="R: rooms of 4 seats (the issue's runs: 50 and 200)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--warmup", type=float, default=5.0, help="seconds of moves before each window")
    p.add_argument("--window", type=float, default=10.0, help="seconds measured per system and round")
    p.add_argument("--spectators", type=int, default=500, help="spectators of 1 room (0: skip)")
    p.add_argument("--idle-rooms", type=int, default=100, help="rooms of idle seated sockets (0: skip)")
    p.add_argument("--no-record", dest="record", action="store_false",
                   help="skip the record runs (Colyseus at 50 ms, FlatFile, fsync everysec)")  # fmt: skip
    p.add_argument("--json", type=Path, help="also dump every raw figure here")
    args = p.parse_args()
    args.json = str(args.json) if args.json else None
    results = run(args)
    print(report(results))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
