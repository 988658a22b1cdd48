"""`python -m bench.peers.profile`: where Longhall's server CPU goes on `bench.peers`'s load.

Starts Longhall as `bench.peers` does (HighCard dealt again, `appendfsync always`), drives it
with the same Node load client, and samples the node with py-spy (`--native`: the
compiled modules of the move path show as their C functions) over the load's window.
Prints the share of the node's samples under each function (callees included) and in
each function itself; `--out` keeps the collapsed stacks (flame graph input).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from bench.peers import measure
from bench.peers.systems import Started, native_ready, npm_ready

LINE = re.compile(r":\d+\)")


def sample(rooms: int, warmup: float, seconds: float, rate: int) -> Path:
    """Collapsed stacks of the node over one window of the load."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    out = Path(tempfile.mkdtemp()) / "node.stacks"
    with Started("longhall") as running:
        load = measure.load_process(running, rooms, "--warmup", str(warmup), "--window", str(seconds + 5))
        assert load.stdout is not None
        try:
            measure.event(load.stdout, load, "ready")
            measure.event(load.stdout, load, "window")
            spied = subprocess.run([spy, "record", "--pid", str(running.pids[0]), "--duration", str(int(seconds)),
                            "--rate", str(rate), "--native", "--format", "raw",
                            "--output", str(out)], check=False, capture_output=True, text=True)  # fmt: skip
        finally:
            load.kill()
            load.wait()
    if spied.returncode != 0:
        raise RuntimeError(f"py-spy failed: {spied.stderr[-2000:]}")
    return out


def shares(stacks: Path) -> tuple[int, Counter[str], Counter[str]]:
    """Samples of the event loop's thread (the node's work; its thread pools only wait);
    per function (file, no line), samples under it and samples in it."""
    total, under, inside = 0, Counter[str](), Counter[str]()
    for line in stacks.read_text().splitlines():
        path, _, count = line.rpartition(" ")
        if not path:
            continue
        n = int(count)
        if "run_forever" not in path:  # not the event loop's thread (the thread pools wait)
            continue
        frames = [LINE.sub(")", f) for f in path.split(";")]
        total += n
        for f in set(frames):
            under[f] += n
        inside[frames[-1]] += n
    return total, under, inside


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--seconds", type=float, default=15.0)
    p.add_argument("--rate", type=int, default=100, help="samples per second")
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--out", type=Path, help="keep the collapsed stacks here")
    args = p.parse_args()
    npm_ready()
    if not native_ready():
        print("Longhall's move path is NOT compiled here: this profiles the Python source")
    stacks = sample(args.rooms, args.warmup, args.seconds, args.rate)
    if args.out:
        shutil.copy(stacks, args.out)
    total, under, inside = shares(stacks)
    print(
        f"{total} samples of the node's event loop over {args.seconds:g} s at {args.rate}/s "
        f"({total / (args.seconds * args.rate):.0%} of the window), {args.rooms} rooms"
    )
    print("\nunder (callees included):")
    for f, n in under.most_common(args.top):
        print(f"{n / total:6.1%}  {f}")
    print("\nin the function itself:")
    for f, n in inside.most_common(args.top):
        print(f"{n / total:6.1%}  {f}")


if __name__ == "__main__":
    main()
