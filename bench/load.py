"""`python -m bench.load`: every performance figure of Longhall from one run.

Starts its own servers (embedded Redis) and drives them over real websockets from
separate processes; bounded in time, loopback only. Prints a table, and with --write
records it in bench/RESULTS.md with the machine, the date and the commit, plus plots.

Figures are ratios against baselines measured in the same run: the same games with
whole snapshots broadcast instead of diffs; a bare websocket echo on the same stack
(the ceiling for messages per second); raw Redis round trips and commit scripts (the
ceiling for commits per second); one server process against two sharing one Redis.
The seats ask `legal` before each move; with `--push` they join with `push` and get
their legal moves with the diff that makes them decide, as the reference clients do.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench import diffs, engines, scenarios

HERE = Path(__file__).resolve().parent


def progress(step: int, steps: int, label: str) -> None:
    bar = "#" * step + "." * (steps - step)
    print(f"\r[{bar}] {step}/{steps} {label:<40}", end="" if step < steps else "\n", file=sys.stderr, flush=True)


def run(args: argparse.Namespace) -> dict[str, Any]:
    def load(rooms: int, seconds: float, **kw: Any) -> dict[str, Any]:
        return scenarios.load(rooms, seconds, push=args.push, **kw)

    plan = [
        ("engines", lambda: [vars(f) for f in engines.all_engines(args.engine_seconds)]),
        ("view diffs", diffs.all_games),
        ("redis ceiling", lambda: scenarios.redis_ceiling(args.baseline_seconds)),
        ("echo ceiling", lambda: scenarios.echo(50, args.baseline_seconds)),
        ("asgi echo", lambda: scenarios.echo(50, args.baseline_seconds, lean=False)),
        ("load, diffs, 1 node", lambda: load(args.rooms, args.seconds)),
        ("load, snapshots, 1 node", lambda: load(args.rooms, args.seconds, fanout="snapshot")),
        ("load, diffs, 2 nodes", lambda: load(args.rooms, args.seconds, nodes=2)),
        ("paced load", lambda: load(args.paced_rooms, args.seconds, think=args.think)),
        *[
            (
                f"fan-out, {n} spectators",
                lambda n=n: load(1, args.fanout_seconds, players=2, spectators=n),
            )
            for n in args.fanout
        ],
        ("idle connections", lambda: scenarios.connections(args.connections)),
        ("flood", lambda: scenarios.flood(args.rooms, args.seconds)),
    ]
    out: dict[str, Any] = {}
    for i, (label, step) in enumerate(plan):
        progress(i, len(plan), label)
        out[label] = step()
    progress(len(plan), len(plan), "done")
    return out


def machine() -> dict[str, str]:
    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), platform.processor())  # fmt: skip
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE).stdout
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": f"{cpu}, {os.cpu_count()} cores", "python": platform.python_version(),
        "commit": commit.strip() or "?",
    }  # fmt: skip


def table(r: dict[str, Any]) -> str:
    d, s, two = r["load, diffs, 1 node"], r["load, snapshots, 1 node"], r["load, diffs, 2 nodes"]
    red, echo, conn = r["redis ceiling"], r["echo ceiling"], r["idle connections"]
    pace = r["paced load"]
    trips = "1 round trip, its legal moves pushed" if d.get("push") else "2 round trips, `legal` and `move`"
    per_move = s["bytes"] / max(s["moves"], 1) / (d["bytes"] / max(d["moves"], 1))
    rss = f"RSS {conn['rss_before_mib']:.0f} → {conn['rss_held_mib']:.0f} MiB"
    rows = [
        ("committed moves/s (1 node, diffs)", f"{d['moves_per_s']:.0f}", f"{d['rooms']} rooms × 4 players + 1 watcher"),
        ("move round trip p50 / p90 / p99 / max", _ms(d, "rtt"), "move sent → ok received"),
        ("move → last spectator p50 / p99", f"{d['fanout_p50']:.1f} / {d['fanout_p99']:.1f} ms", ""),
        ("server CPU per move", f"{d['cpu_ms_per_move']:.2f} ms", f"{d['server_cpu_s']:.1f} s in all"),
        ("server peak RSS", f"{d['server_peak_rss_mib']:.0f} MiB", ""),
        ("bytes per diff / per whole view", f"{d['bytes_per_frame']:.0f} / {d['snapshot_bytes']:.0f}",
         f"diff = {d['bytes_per_frame'] / d['snapshot_bytes']:.1%} of a snapshot"),
        ("snapshot broadcast: bytes ratio", f"{per_move:.1f}×",
         "bytes per move, snapshots ÷ diffs"),
        ("snapshot broadcast: server CPU ratio", f"{s['cpu_ms_per_move'] / d['cpu_ms_per_move']:.2f}×",
         f"{s['cpu_ms_per_move']:.2f} vs {d['cpu_ms_per_move']:.2f} ms per move"),
        ("ASGI echo (stock uvicorn/Starlette)", f"{r['asgi echo']['per_second']:.0f} round trips/s",
         f"the lean layer echoes {echo['per_second'] / r['asgi echo']['per_second']:.2f}× as many"),
        ("echo ceiling (same stack)", f"{echo['per_second']:.0f} round trips/s",
         f"moves/s = {d['moves_per_s'] / echo['per_second']:.1%} of it (a move is {trips} + fan-out)"),
        ("server CPU: a move ÷ an echo round trip", f"{d['cpu_ms_per_move'] * 1000 / echo['server_cpu_us']:.1f}×",
         f"{d['cpu_ms_per_move'] * 1000:.0f} µs per move, {echo['server_cpu_us']:.0f} µs per echo (1 frame in, 1 out)"),
        ("Redis ceiling: PING / commit script", f"{red['ping_per_s']:.0f} / {red['commit_per_s']:.0f} per s",
         f"moves/s = {d['moves_per_s'] / red['commit_per_s']:.1%} of the commit ceiling"),
        ("2 nodes / 1 node", f"{two['moves_per_s'] / d['moves_per_s']:.2f}×",
         f"{two['moves_per_s']:.0f} moves/s, p99 {two['rtt_p99']:.1f} ms"),
        ("paced load: moves/s, p50 / p99", f"{pace['moves_per_s']:.0f}, {_ms(pace, 'rtt')}",
         f"{pace['rooms']} rooms, bots think {pace['think']:g} s before each decision (below saturation)"),
        ("idle connections held", f"{conn['held']} of {conn['asked']}",
         f"{conn['kib_per_connection']:.1f} KiB each ({rss})"),
    ]  # fmt: skip
    for label, f in r.items():
        if label.startswith("fan-out"):
            rows.append(
                (
                    label,
                    f"p50 {f['fanout_p50']:.1f} / p99 {f['fanout_p99']:.1f} ms",
                    "move sent → last spectator",
                )
            )
    for e in r["engines"]:
        rows.append((f"engine {e['game']} {e['players']}p {json.dumps(e['options'])}",
                     f"{e['games_per_second']:.1f} games/s",
                     f"{e['decisions_per_game']:.0f} decisions; legal_moves {e['legal_us']:.0f} µs, "
                     f"apply {e['apply_us']:.0f} µs; richest legal_moves {e['richest_legal_us']:.0f} µs "
                     f"({e['richest_moves']} moves)"))  # fmt: skip
    for game, f in r["view diffs"].items():
        generic = f"jsonpatch.make_patch {f['jsonpatch_us']:.0f} µs on the same views ({f['speedup']:.0f}× slower)"
        size = f"{f['ours_ops']:.1f} ops, {f['ours_bytes']:.0f} B; a view is {f['view_bytes']:.0f} B"
        rows.append((f"view diff {game} (public view)", f"{f['ours_us']:.0f} µs", f"{generic}; {size}"))
    fl = r["flood"]
    rows.append(
        (
            "flood: games' p99 move round trip, flooded ÷ calm",
            f"{fl['p99_ratio']:.2f}×",
            f"{fl['rooms']} rooms; {fl['calm_p99_ms']:.1f} → {fl['flood_p99_ms']:.1f} ms; moves/s "
            f"{fl['calm_moves_per_s']:.0f} → {fl['flood_moves_per_s']:.0f}",
        )
    )
    f5 = fl["flood"]
    rows.append((f"flood: {fl['flooders']} sockets of `{fl['kind']}`", f"{f5['answered']} of {f5['sent']} served",
                 f"{f5['refused']} refused, closes {json.dumps(f5['closes'])}, first close after "
                 f"{f5['first_flood_s']:.2f} s"))  # fmt: skip
    errors = dict(d["errors"])
    rows.append(("errors (1 node, diffs)", str(sum(errors.values())), json.dumps(errors)))
    lines = ["| figure | value | note |", "|---|---|---|"] + [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def _ms(d: dict[str, Any], key: str) -> str:
    return " / ".join(f"{d[f'{key}_{q}']:.1f}" for q in ("p50", "p90", "p99", "max")) + " ms"


def plot(r: dict[str, Any], folder: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for label in ("load, diffs, 1 node", "load, snapshots, 1 node", "load, diffs, 2 nodes", "paced load"):
        ax.hist(r[label]["rtt_ms"], bins=80, histtype="step", label=label)
    ax.set_xlabel("move round trip (ms)")
    ax.set_ylabel("moves")
    ax.set_yscale("log")
    ax.legend()
    fig.tight_layout()
    fig.savefig(folder / "latency.png", dpi=110)
    fig, ax = plt.subplots(figsize=(5, 3))
    fans = [(int(k.split()[1]), v) for k, v in r.items() if k.startswith("fan-out")]
    ax.plot([n for n, _ in fans], [v["fanout_p50"] for _, v in fans], "o-", label="p50")
    ax.plot([n for n, _ in fans], [v["fanout_p99"] for _, v in fans], "o-", label="p99")
    ax.set_xscale("log")
    ax.set_xlabel("spectators in the room")
    ax.set_ylabel("move → last spectator (ms)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(folder / "fanout.png", dpi=110)
    return ["plots/latency.png", "plots/fanout.png"]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--seconds", type=float, default=15.0, help="each load run")
    p.add_argument("--fanout", type=int, nargs="*", default=[1, 100, 1000])
    p.add_argument("--fanout-seconds", type=float, default=6.0)
    p.add_argument("--connections", type=int, default=5000)
    p.add_argument("--paced-rooms", type=int, default=100)
    p.add_argument("--think", type=float, default=0.15, help="seconds a bot thinks in the paced run")
    p.add_argument("--baseline-seconds", type=float, default=5.0)
    p.add_argument("--engine-seconds", type=float, default=2.0)
    p.add_argument("--push", action="store_true", help="the seats get their legal moves pushed instead of asking")
    p.add_argument("--write", action="store_true", help="record the run in bench/RESULTS.md with plots")
    p.add_argument("--json", type=Path, help="also dump every raw figure here")
    args = p.parse_args()
    start = time.perf_counter()
    results = run(args)
    text = table(results)
    print(text)
    print(f"\n(run took {time.perf_counter() - start:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps(results, default=str))
    if args.write:
        m = machine()
        pics = plot(results, HERE / "plots")
        head = (f"Run of `python -m bench.load {' '.join(sys.argv[1:])}` on {m['date']}: {m['cpu']}, "
                f"Python {m['python']}, commit {m['commit']}.")  # fmt: skip
        body = "\n\n".join([head, text, *[f"![{Path(p).stem}]({p})" for p in pics]])
        path = HERE / "RESULTS.md"
        old = path.read_text() if path.exists() else ""
        intro, _, _ = old.partition("<!-- run -->")
        path.write_text((intro or "# Benchmark results\n\n") + "<!-- run -->\n\n" + body + "\n")


if __name__ == "__main__":
    main()
