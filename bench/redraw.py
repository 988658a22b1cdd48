"""`python -m bench.redraw`: click → redraw in the browser app, per game.

    python -m bench.redraw [--rounds 3] [--decisions 40] [--games feast,vikings,hunters]
                           [--web DIR] [--baseline DIR] [--json FILE]

A real node on an embedded Redis serves the built app (`--web`, clients/web/dist by
default); headless Chromium plays each game by clicks on its board
(clients/web/test/redraw/play.js, with the browser tests' helpers: two players, one on a
1280×800 screen, one on a 390×844 phone, the plain list of decisions hidden) and measures
each decision in the page that clicked, from the click's input event to the first frame
painted after the table drew the server's answer (clients/web/test/play/redraw.js says
how, and what is left out: the compositor's raster).

With `--baseline DIR` (another build of the app, e.g. an earlier commit's
clients/web/dist) a second node on the same Redis serves it, and each round plays both
builds with the same seed, in turn, the first one alternating from round to round, so a
machine whose load drifts weighs on both alike. Printed per game and screen: the count
and the p50/p90/p99 of the whole time, the p50 of its parts (`answer`: the network, the
server and decoding; `draw`: the app drawing the table; `frame`: style, layout and paint
of the frame after it), and the ratios of this build to the baseline. The load average
is printed with each round: the figures are only comparable within a run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench.procs import ROOT
from bench.scenarios import pct
from server.storage.embedded import EmbeddedRedis
from testbed.nodes import ServerProc

WEB = ROOT / "clients" / "web"
SCREENS = {1280: "desktop", 390: "phone"}
PARTS = ("answer", "draw", "frame")

Sample = dict[str, Any]


def play(http: str, games: str, decisions: int, seed: int) -> dict[str, list[Sample]]:
    """One run of the browser player against the node at `http`: each game's samples."""
    args = ["node", "test/redraw/play.js", "--games", games, "--decisions", str(decisions), "--seed", str(seed)]
    out = subprocess.run(
        args, cwd=WEB, env={**os.environ, "LONGHALL_HTTP": http}, capture_output=True, text=True, timeout=1800
    )
    if out.returncode != 0:
        raise RuntimeError(f"the browser player failed: {out.stdout[-2000:]}{out.stderr[-3000:]}")
    runs = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    for r in runs:
        if r["errors"]:
            raise RuntimeError(f"errors in the pages of {r['game']}: {r['errors'][:5]}")
    return {r["game"]: r["samples"] for r in runs}


def row(samples: list[Sample]) -> dict[str, float]:
    total = [s["total"] for s in samples]
    figures = {"n": float(len(total)), "p50": pct(total, 0.5), "p90": pct(total, 0.9), "p99": pct(total, 0.99)}
    for part in PARTS:
        figures[part] = pct([s[part] for s in samples], 0.5)
    return figures


def groups(samples: list[Sample]) -> dict[str, list[Sample]]:
    """The samples of both screens together, and of each screen."""
    out = {"both": samples}
    for width, screen in SCREENS.items():
        out[screen] = [s for s in samples if s["width"] == width]
    return out


def report(builds: dict[str, dict[str, list[Sample]]], games: list[str]) -> None:
    head = f"{'game':<8} {'screen':<8} {'build':<9} {'n':>4} {'p50':>6} {'p90':>6} {'p99':>6}   "
    print(head + "  ".join(f"{p:>6}" for p in PARTS))
    for game in games:
        for screen in ("both", *SCREENS.values()):
            rows = {b: row(groups(by_game.get(game, []))[screen]) for b, by_game in builds.items()}
            for b, r in rows.items():
                whole = f"{r['n']:4.0f} {r['p50']:6.0f} {r['p90']:6.0f} {r['p99']:6.0f}"
                parts = "  ".join(f"{r[p]:6.0f}" for p in PARTS)
                print(f"{game:<8} {screen:<8} {b:<9} {whole}   {parts}")
            if "baseline" in rows and rows["baseline"]["n"] and rows["this"]["n"]:
                ratio = "  ".join(f"{q} {rows['this'][q] / rows['baseline'][q]:.2f}x" for q in ("p50", "p90", "p99"))
                print(f"{game:<8} {screen:<8} this ÷ baseline: {ratio}")


def measure(
    builds: dict[str, Path], games: list[str], rounds: int, decisions: int
) -> dict[str, dict[str, list[Sample]]]:
    """Each build's samples per game: a node per build on one embedded Redis, each round
    playing every build in turn (the first alternating), with the round's seed."""
    samples: dict[str, dict[str, list[Sample]]] = {b: {g: [] for g in games} for b in builds}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        redis = EmbeddedRedis(work / "redis")
        nodes: dict[str, ServerProc] = {}
        try:
            url = redis.start()
            for name, web in builds.items():
                (work / name).mkdir()
                nodes[name] = ServerProc(work / name, url, args=("--web", str(web))).start()
            for rnd in range(rounds):
                order = list(builds) if rnd % 2 == 0 else list(reversed(builds))
                for name in order:
                    load = os.getloadavg()[0]
                    got = play(nodes[name].http, ",".join(games), decisions, seed=rnd + 1)
                    for game, xs in got.items():
                        samples[name][game] += [{**x, "round": rnd + 1} for x in xs]
                    p90s = ", ".join(f"{g} {pct([x['total'] for x in xs], 0.9):.0f}" for g, xs in got.items())
                    print(f"round {rnd + 1} {name:<8} load {load:5.2f}  p90 ms: {p90s}", flush=True)
        finally:
            for n in nodes.values():
                n.stop()
            redis.stop()
    return samples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--decisions", type=int, default=40, help="decisions per game per round")
    ap.add_argument("--games", default="feast,vikings,hunters")
    ap.add_argument("--web", type=Path, default=WEB / "dist", help="the build measured")
    ap.add_argument("--baseline", type=Path, default=None, help="another build, measured in turn with it")
    ap.add_argument("--json", type=Path, default=None, help="write every sample here")
    a = ap.parse_args()
    builds = {"this": a.web.resolve(), **({"baseline": a.baseline.resolve()} if a.baseline else {})}
    for name, web in builds.items():
        if not (web / "index.html").exists():
            raise SystemExit(f"{name}: no built app in {web} (bash scripts/setup.sh web)")
    games = a.games.split(",")
    samples = measure(builds, games, a.rounds, a.decisions)
    load = os.getloadavg()[0]
    print(f"\nclick → redraw, ms ({a.rounds} rounds of {a.decisions} decisions per game; load now {load:.2f})")
    report(samples, games)
    if a.json:
        a.json.write_text(json.dumps({"builds": {b: str(w) for b, w in builds.items()}, "samples": samples}))


if __name__ == "__main__":
    main()
