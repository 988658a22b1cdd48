"""One measurement of one system: a window of closed-loop moves, or idle sockets held.

The load is `load.js` in its own Node process; the harness reads the servers' CPU from
/proc when the load says its window starts and when it ends, so warm-up and room setup
are not counted; the load reports its own CPU over the window (the client's cost per
move, reported beside the server's: the three systems' client libraries differ).
"""

from __future__ import annotations

import json
import subprocess
import time
from typing import IO, Any

from bench.peers.systems import HERE, Running, Started


def load_process(running: Running, rooms: int, *more: str) -> subprocess.Popen[str]:
    args = ["node", "load.js", "--system", running.spec.client, "--port", str(running.port), "--rooms", str(rooms)]
    return subprocess.Popen([*args, *more], cwd=HERE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def event(out: IO[str], proc: subprocess.Popen[str], want: str) -> dict[str, Any]:
    line = out.readline()
    if not line:
        proc.wait(10)
        err = proc.stderr.read() if proc.stderr else ""
        raise RuntimeError(f"load.js ended before {want!r}: {err[-3000:]}")
    event = json.loads(line)
    if event.get("event") != want:
        raise RuntimeError(f"load.js said {event} where {want!r} was expected")
    return event


def window(name: str, rooms: int, warmup: float, seconds: float, spectators: int = 0) -> dict[str, Any]:
    """Committed moves/s, round-trip percentiles, server and client CPU per move; with
    `spectators` watching each room, move sent → its last spectator holding it."""
    with Started(name) as running:
        more = ("--warmup", str(warmup), "--window", str(seconds), "--spectators", str(spectators))
        load = load_process(running, rooms, *more)
        assert load.stdout is not None
        try:
            event(load.stdout, load, "ready")
            event(load.stdout, load, "window")
            cpu0 = running.cpu()
            done = event(load.stdout, load, "done")
            cpu1 = running.cpu()
        finally:
            load.kill()
            load.wait()
    moves = max(done["moves"], 1)
    used = [b - a for a, b in zip(cpu0, cpu1, strict=True)]
    return {
        "system": name, "rooms": rooms, "moves": done["moves"], "moves_per_s": done["moves"] / done["seconds"],
        "rtt_p50": done["rtt_p50"], "rtt_p90": done["rtt_p90"], "rtt_p99": done["rtt_p99"],
        "rtt_max": done["rtt_max"], "server_ms_per_move": used[0] / moves * 1000,
        "redis_ms_per_move": sum(used[1:]) / moves * 1000 if len(used) > 1 else None,
        "client_ms_per_move": done["client_cpu_s"] / moves * 1000, "stalls": done["stalls"],
        "spectators": spectators, "fanout": done["fanout"], "fanout_p50": done["fanout_p50"],
        "fanout_p99": done["fanout_p99"],
    }  # fmt: skip


def idle(name: str, rooms: int, settle: float = 2.0) -> dict[str, Any]:
    """Memory per socket seated in a room and idle: the servers' RSS (Redis's too for
    Longhall) with `rooms` × 4 seated sockets, less before them."""
    with Started(name) as running:
        time.sleep(settle)
        before = running.rss_kib()
        load = load_process(running, rooms, "--idle")
        assert load.stdout is not None and load.stdin is not None
        try:
            ready = event(load.stdout, load, "ready")
            time.sleep(settle)
            held = running.rss_kib()
        finally:
            load.stdin.close()
            load.wait(30)
    sockets = ready["sockets"]
    return {"system": name, "sockets": sockets, "rss_before_mib": before / 1024, "rss_held_mib": held / 1024,
            "kib_per_socket": (held - before) / sockets}  # fmt: skip
