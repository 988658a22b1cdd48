"""`python -m bench.movepath`: server CPU per committed move, this tree against another.

The move path as bench.load drives it: 4-player Vikings bot games at full speed from a
load process of its own, each decision a `legal` then a `move`, 4 players and 1 spectator
per room (5 frames out per move), one node on its embedded Redis. The figure is the
node's CPU (utime + stime, from /proc) over the moves committed: the whole process, the
gateway, the engine, the commit and the fan-out included, Redis not.

By default the rounds alternate between the two ways a seat learns its legal moves: it
asks (`legal`, then `move`: 2 frames in and 6 out per decision) and pushed (the seats
join with `push`: the moves come with the diff that makes the seat decide, in the same
write; 1 frame in and 5 writes out); it prints both and their ratio.

`--replicas` measures instead what LONGHALL_COMMIT_REPLICAS=1 costs (a Redis with one
replica, the setting off and on in alternating rounds); `--timed` what a room clock costs
(untimed rooms against rooms timed as matchmade games are).

`--before REF` runs the same load against a checkout of REF (a git worktree in a
temporary directory, the same Python), rounds alternating so both trees see the same
machine; it prints every round, the medians and their ratio (with `--push`, this tree's
rounds push the moves: a tree from before `push` only answers `legal`). The parts table times, in
process and over recorded games, the pieces of one commit of this tree: where a move's
CPU goes (the rest is sockets, framing, the event loop and the Redis client).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from bench.procs import cpu_seconds, run_client
from bench.scenarios import UNLIMITED
from server.storage.embedded import EmbeddedRedis
from testbed.nodes import PER_IP_OFF, free_port
from testbed.replica import replica_of

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"variant": "advanced"}  # as bench.loadgen plays Vikings


def cli_of(tree: Path) -> str:
    """The `longhall` command's module in `tree` (server/cli.py before server/ had packages)."""
    return "server.node.cli" if (tree / "server" / "node" / "cli.py").exists() else "server.cli"


def one_round(tree: Path, rooms: int, seconds: float, redis_url: str = "", push: bool = False,
              clock: str = "", **extra: str) -> dict[str, float]:  # fmt: skip
    """One node of `tree` under the load (on its embedded Redis, or on `redis_url`, with
    `extra` settings; `push`: the seats get their moves pushed); its CPU per committed move."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(tree), **UNLIMITED, **PER_IP_OFF, "LONGHALL_IP_CONNECTIONS": "0",
           "LONGHALL_LOCAL_ARCHIVE": "1", **extra}  # fmt: skip
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    with tempfile.TemporaryDirectory() as data:
        node = subprocess.Popen(
            [sys.executable, "-m", cli_of(tree), "serve", "--port", str(port), "--data", data,
             "--log-level", "warning"],
            cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        try:
            _healthy(port, node)
            cpu0 = cpu_seconds(node.pid)
            raw = run_client(
                "bench.loadgen", "--urls", f"ws://127.0.0.1:{port}/ws", "--rooms", str(rooms),
                "--seconds", str(seconds), "--players", "4", "--spectators", "1", "--think", "0",
                "--game", "vikings", *(["--push"] if push else []), *(["--clock", clock] if clock else []),
                timeout=seconds + 120,
            )  # fmt: skip
            cpu = cpu_seconds(node.pid) - cpu0
        finally:
            node.terminate()
            try:
                node.wait(timeout=30)
            except subprocess.TimeoutExpired:  # (seen with an old tree's node): it and its Redis go at once
                print("the node did not stop within 30 s of SIGTERM: killed", file=sys.stderr)
                os.killpg(node.pid, signal.SIGKILL)
                node.wait()
    moves = len(raw["rtt_ms"])
    rtt = sorted(raw["rtt_ms"]) or [0.0]
    return {"moves": moves, "moves_per_s": moves / raw["seconds"], "cpu_ms_per_move": cpu / max(moves, 1) * 1000,
            "errors": sum(raw["errors"].values()), "p50_ms": rtt[len(rtt) // 2],
            "p99_ms": rtt[int(len(rtt) * 0.99)]}  # fmt: skip


def _healthy(port: int, node: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if node.poll() is not None:
            raise RuntimeError(f"the node exited with {node.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=0.5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    node.kill()
    raise RuntimeError("the node did not become healthy")


def build_command(tree: Path) -> list[str]:
    """The command that compiles `tree`'s move path into its own build/native: its
    scripts/native.py, or in a tree from before that script, its protocol.native.build."""
    if (tree / "scripts" / "native.py").exists():
        return [sys.executable, "scripts/native.py"]
    return [sys.executable, "-c", "import sys, protocol.native as n; sys.exit(not n.build(n.out_dir()))"]


def checkout(ref: str, where: Path) -> Path:
    """A worktree of `ref`, with its own move path compiled where this tree's is (both trees
    then run compiled, or both as Python: a ratio of like with like)."""
    subprocess.run(["git", "worktree", "add", "--detach", str(where), ref], cwd=ROOT, check=True,
                   capture_output=True)  # fmt: skip
    from protocol import native

    if native.usable():
        env = {k: v for k, v in os.environ.items() if k != "LONGHALL_NATIVE_DIR"}
        done = subprocess.run(build_command(where), cwd=where, env={**env, "PYTHONPATH": str(where)})
        print(f"{ref}: its move path {'compiled' if done.returncode == 0 else 'NOT compiled: it runs as Python'}")
    return where


FIGURES = ("cpu_ms_per_move", "moves_per_s", "p50_ms", "p99_ms", "errors")  # errors: a pushed seat that asked too


def alternate(rounds: int, base: str, other: str, run: Callable[[str], dict[str, float]],
              what: str) -> dict[str, dict[str, float]]:  # fmt: skip
    """`run(label)` for both labels in alternating rounds (both see the same machine),
    every round printed; the medians of each label, `other` printed against `base`."""
    runs: dict[str, list[dict[str, float]]] = {base: [], other: []}
    for i in range(rounds):
        for label in (base, other) if i % 2 == 0 else (other, base):
            r = run(label)
            runs[label].append(r)
            print(f"round {i + 1} {label:>8}: {r['cpu_ms_per_move']:.3f} ms CPU per move, "
                  f"{r['moves_per_s']:.0f} moves/s, p50 {r['p50_ms']:.1f} / p99 {r['p99_ms']:.1f} ms, "
                  f"{r['errors']:.0f} errors")  # fmt: skip
    med = {label: {k: statistics.median(r[k] for r in rs) for k in FIGURES} for label, rs in runs.items()}
    b, o = med[base], med[other]
    if not (b["cpu_ms_per_move"] and b["moves_per_s"]):  # no move committed in the base's windows: no ratio
        print(f"\n{what}: {base} committed no move in {rounds} round(s); give more seconds")
        return med
    print(f"\n{what}, median of {rounds}: CPU per move {o['cpu_ms_per_move']:.3f} vs {b['cpu_ms_per_move']:.3f} ms "
          f"({o['cpu_ms_per_move'] / b['cpu_ms_per_move']:.2f}×), moves/s {o['moves_per_s']:.0f} vs "
          f"{b['moves_per_s']:.0f} ({o['moves_per_s'] / b['moves_per_s']:.2f}×), p99 {o['p99_ms']:.1f} vs "
          f"{b['p99_ms']:.1f} ms")  # fmt: skip
    return med


def compare(ref: str, rounds: int, rooms: int, seconds: float, push: bool = False) -> dict[str, dict[str, float]]:
    """This tree ("after"; `push`: its seats get their moves pushed) against `ref`."""
    with tempfile.TemporaryDirectory() as tmp:
        before = checkout(ref, Path(tmp) / "before")
        try:
            return alternate(
                rounds, "before", "after",
                lambda label: one_round(before if label == "before" else ROOT, rooms, seconds,
                                        push=push and label == "after"),
                f"this tree{' (pushed moves)' if push else ''} against {ref}",
            )  # fmt: skip
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, capture_output=True)


def pushed(rounds: int, rooms: int, seconds: float) -> dict[str, dict[str, float]]:
    """Asked against pushed legal moves; the medians of each."""
    return alternate(rounds, "asked", "pushed", lambda mode: one_round(ROOT, rooms, seconds, push=mode == "pushed"),
                     "pushed against asked")  # fmt: skip


def replicas(rounds: int, rooms: int, seconds: float) -> dict[str, dict[str, float]]:
    """The cost of LONGHALL_COMMIT_REPLICAS=1 (a WAIT after each batch of commits): the
    same load on a Redis (fsync always) with one replica, the setting off ("0") and on
    ("1"). The replica shares the machine's cores with everything else."""
    with tempfile.TemporaryDirectory() as tmp:
        master = EmbeddedRedis(Path(tmp) / "master")
        url = master.start()
        try:
            with replica_of(url, Path(tmp) / "replica"):
                return alternate(rounds, "0", "1",
                                 lambda n: one_round(ROOT, rooms, seconds, url, LONGHALL_COMMIT_REPLICAS=n),
                                 "commit replicas 1 against 0")  # fmt: skip
        finally:
            master.stop()


# a matchmade Vikings game's clock (server.matchmaking.matchmaker.MATCH_CLOCKS): a total
# per player and an increment, so every decision changes the document's clocks
TIMED = '{"total": 600, "increment": 5, "timeout": "bot"}'


def timed(rounds: int, rooms: int, seconds: float) -> dict[str, dict[str, float]]:
    """What a clock costs per move: the same load in untimed rooms and in rooms timed as
    matchmade games are (a clock in the document, written with every decision)."""
    return alternate(rounds, "untimed", "timed",
                     lambda label: one_round(ROOT, rooms, seconds, clock=TIMED if label == "timed" else ""),
                     "timed rooms against untimed")  # fmt: skip


def parts(games: int) -> dict[str, float]:
    """Microseconds per move of each piece of a commit, over `games` recorded games."""
    from protocol.codec import encode, pack
    from protocol.diff import make_patch
    from server.games.vikings import GAME
    from server.rooms import document as rm
    from server.storage.fanout import payload

    rng = random.Random(1)
    steps: list[tuple[dict[str, Any], int, Any, dict[str, Any]]] = []  # before, seat, move, after
    for g in range(games):
        state = GAME.setup(4, GAME.resolve_options(OPTIONS), g)
        while GAME.result(state) is None:
            seat = GAME.to_act(state)[0]
            move = rng.choice(GAME.legal_moves(state, seat))
            after = GAME.apply(state, seat, move)
            steps.append((state, seat, move, after))
            state = after
    seats: list[rm.Seat | None] = [{"player": f"p{i}", "name": f"p{i}"} for i in range(4)]
    base: rm.Doc = {**rm.new_doc(GAME, GAME.resolve_options(OPTIONS), 4, False, "p0", "p0"), "seats": seats,
            "status": rm.PLAYING}  # fmt: skip
    docs = [rm.moved(base, after, None, rm.last_decision(GAME, before, seat, move, 4, i + 1))
            for i, (before, seat, move, after) in enumerate(steps)]  # fmt: skip
    views = [rm.views(d, GAME, "r") for d in docs]
    pieces: list[tuple[str, Callable[[int], object]]] = [
        ("engine apply (its copy-on-write included)", lambda i: GAME.apply(steps[i][0], steps[i][1], steps[i][2])),
        ("engine legal_moves", lambda i: GAME.legal_moves(steps[i][0], steps[i][1])),
        ("describe the decision", lambda i: rm.last_decision(GAME, steps[i][0], steps[i][1], steps[i][2], 4, i)),
        ("cut the views (4 seats + spectators)", lambda i: rm.views(docs[i], GAME, "r")),
        (
            "diff and encode the frame",
            lambda i: encode(
                {"t": "diff", "room": "r", "seq": i, "ops": make_patch(views[i - 1][None], views[i][None])}
            ),
        ),
        ("pack the room document", lambda i: pack(docs[i])),
        ("pack the publish", lambda i: payload("n", "r", i, {"p": b"x" * 300}, None, "k", ["p0", "p1", "p2", "p3"])),
    ]
    print(f"\nwhere a commit's CPU goes (in process, {len(steps)} decisions of {games} games, µs per move)")
    total = 0.0
    out: dict[str, float] = {}
    for label, fn in pieces:
        t0 = time.perf_counter()
        for i in range(1, len(steps)):
            fn(i)
        us = (time.perf_counter() - t0) / (len(steps) - 1) * 1e6
        total += us
        out[label] = us
        print(f"  {label:<45} {us:7.1f}")
    print(f"  {'sum':<45} {total:7.1f}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default="", help="a git ref to compare with (e.g. a commit)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rooms", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--games", type=int, default=20, help="recorded games for the parts table")
    ap.add_argument("--replicas", action="store_true", help="the cost of LONGHALL_COMMIT_REPLICAS=1 instead")
    ap.add_argument("--timed", action="store_true", help="the cost of a room clock (as matchmade games have) instead")
    ap.add_argument("--push", action="store_true", help="with --before: this tree's seats get their moves pushed")
    args = ap.parse_args()
    if args.timed:
        timed(args.rounds, args.rooms, args.seconds)
        return
    if args.replicas:
        replicas(args.rounds, args.rooms, args.seconds)
        return
    if args.before:
        compare(args.before, args.rounds, args.rooms, args.seconds, args.push)
    else:
        pushed(args.rounds, args.rooms, args.seconds)
    parts(args.games)


if __name__ == "__main__":
    main()
