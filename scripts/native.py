"""`python scripts/native.py [OUT]`: the move path's hottest modules compiled to C (mypyc).

`COMPILED` is the set: the Vikings engine, the frame codec and its message checks, the view
differ, the room document, the cached
room and its frames, the room service, the gateway, the websocket endpoint, a socket's
session, the fan-out, the commit's Redis connection and the store, flood limits, clocks,
move forms. They go into OUT (`LONGHALL_NATIVE_DIR`, else `build/native/`), with
`manifest.json` written last: the sources compiled, their fingerprint and the shared
library. `protocol/native.py` loads the set from that manifest alone, so the list of
server files lives here, with the build, and not in the wire package. Nothing is done
while OUT holds a build of this list from these sources; exit status 1 when the build
failed (the server then runs as Python). scripts/setup.sh and the image's build stage
run it; `--sources` prints the list, one path a line.

It needs mypy (mypyc) and setuptools, and a C compiler; it imports `protocol.native` of
the tree it sits in, whatever else is installed, for the fingerprint the loader checks.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path[:1]:
    sys.path.insert(0, str(ROOT))  # this tree's loader, not one installed from elsewhere

from protocol import native  # noqa: E402

PROGRESS_S = 30.0  # how often a long compile says how far it is
GROUP = "longhall_native"  # the shared library: {GROUP}__mypyc, one module per source beside it
JOBS = max(1, len(os.sched_getaffinity(0)))  # C files compiled at once: the shared code is split per module
_VIKINGS = ("auction", "boatsman", "describe", "fjord", "flow", "forms", "move_fields", "moves", "offer",
            "placement", "scoring", "setup", "standings", "treasury", "view")  # fmt: skip
COMPILED = (
    "protocol/diff.py",
    "protocol/codec.py",
    "protocol/messages.py",
    "server/rooms/cache.py",
    "server/rooms/document.py",
    "server/rooms/transition.py",
    "server/rooms/attachments.py",
    "server/transport/session.py",
    "server/storage/fanout.py",
    "server/rooms/service.py",
    "server/transport/gateway.py",
    "server/transport/websocket.py",
    "server/storage/resp.py",
    "server/storage/store.py",
    "server/transport/limits.py",
    "server/runtime/buckets.py",
    "server/rooms/clocks.py",
    "server/games/forms.py",
    *(f"server/games/vikings/{name}.py" for name in _VIKINGS),
)


def built(out: Path) -> bool:
    """Whether `out` holds a build of `COMPILED` from the sources as they are now."""
    found = native.manifest(out)
    return found is not None and found["sources"] == list(COMPILED) and native.matches(found, ROOT)


def build(out: Path) -> bool:
    """Compile `COMPILED` into `out` unless it holds them already; False if it failed."""
    if built(out):
        return True
    want = native.fingerprint(COMPILED, ROOT)
    every = f"progress every {PROGRESS_S:.0f} s"
    print(f"native: compiling {len(COMPILED)} modules into {out} (a minute or more; {every})", file=sys.stderr)
    shutil.rmtree(out, ignore_errors=True)
    c_dir = out.parent / f"{out.name}-c"
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"ext = mypycify({list(COMPILED)!r}, opt_level='3', group_name={GROUP!r}, target_dir={str(c_dir)!r},"
        " multi_file=True)\n"
        "setup(name='longhall-native', ext_modules=ext, script_args=['build_ext', '--build-lib', sys.argv[1],"
        f" '--build-temp', {str(c_dir / 'obj')!r}, '--parallel', {str(JOBS)!r}])\n"
    )
    log = out.parent / f"{out.name}.log"
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with log.open("w") as f:
        proc = subprocess.Popen([sys.executable, "-c", script, str(out)], cwd=ROOT, stdout=f, stderr=subprocess.STDOUT)
        while True:
            try:
                proc.wait(timeout=PROGRESS_S)
                break
            except subprocess.TimeoutExpired:
                elapsed = time.monotonic() - started
                print(f"native: still compiling, {elapsed:.0f} s: {stage(c_dir, log)}", file=sys.stderr)
    print(f"native: compiler finished in {time.monotonic() - started:.0f} s", file=sys.stderr)
    libraries = sorted(p.name for p in out.glob(f"{GROUP}__mypyc.*"))
    # failed, or a source changed meanwhile
    if proc.returncode != 0 or not libraries or native.fingerprint(COMPILED, ROOT) != want:
        print(f"native: not compiled (see {log}); the server runs as Python", file=sys.stderr)
        shutil.rmtree(out, ignore_errors=True)
        return False
    manifest: native.Manifest = {"sources": list(COMPILED), "fingerprint": want, "library": libraries[0]}
    (out / native.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return True


_COMPILE = re.compile(r"\s-c\s+\S+\.c\b")  # a C compiler's command line, as build_ext logs it


def stage(c_dir: Path, log: Path) -> str:
    """How far a compile into `c_dir` logging to `log` is, in words: mypyc checks and
    translates the modules to C first, then build_ext says "building" and runs the C
    compiler once per C file (JOBS at once), each command line logged as it starts."""
    lines = log.read_text(errors="replace").splitlines()
    if not any(line.startswith("building ") for line in lines):
        return f"type-checking {len(COMPILED)} modules and translating them to C"
    started = sum(1 for line in lines if _COMPILE.search(line))
    files = len(list(c_dir.rglob("*.c")))  # the shared code, then a small shim per module
    return f"C compiler on file {max(1, started)} of {files}, {JOBS} at once"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="default: LONGHALL_NATIVE_DIR, else build/native")
    parser.add_argument("--sources", action="store_true", help="print the sources compiled, one a line, and stop")
    args = parser.parse_args()
    if args.sources:
        print("\n".join(COMPILED))
        return 0
    return 0 if build(args.out or native.out_dir()) else 1


if __name__ == "__main__":
    sys.exit(main())
