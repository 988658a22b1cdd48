"""`python scripts/native.py [OUT]`: the move path's hottest modules compiled to C (mypyc).

`COMPILED` is the set: the Vikings engine, the view differ, the room document, the cached
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
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path[:1]:
    sys.path.insert(0, str(ROOT))  # this tree's loader, not one installed from elsewhere

from protocol import native  # noqa: E402

GROUP = "longhall_native"  # the shared library: {GROUP}__mypyc, one module per source beside it
_VIKINGS = ("auction", "boatsman", "describe", "fjord", "flow", "forms", "move_fields", "moves", "offer",
            "placement", "scoring", "setup", "standings", "treasury", "view")  # fmt: skip
COMPILED = (
    "protocol/diff.py",
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
    print(f"native: compiling {len(COMPILED)} modules into {out} (about a minute)", file=sys.stderr)
    shutil.rmtree(out, ignore_errors=True)
    c_dir = out.parent / f"{out.name}-c"
    script = (
        "import sys\n"
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"ext = mypycify({list(COMPILED)!r}, opt_level='3', group_name={GROUP!r}, target_dir={str(c_dir)!r})\n"
        "setup(name='longhall-native', ext_modules=ext, script_args=['build_ext', '--build-lib', sys.argv[1],"
        f" '--build-temp', {str(c_dir / 'obj')!r}])\n"
    )
    log = out.parent / f"{out.name}.log"
    out.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as f:
        done = subprocess.run([sys.executable, "-c", script, str(out)], cwd=ROOT, stdout=f, stderr=subprocess.STDOUT)
    libraries = sorted(p.name for p in out.glob(f"{GROUP}__mypyc.*"))
    # failed, or a source changed meanwhile
    if done.returncode != 0 or not libraries or native.fingerprint(COMPILED, ROOT) != want:
        print(f"native: not compiled (see {log}); the server runs as Python", file=sys.stderr)
        shutil.rmtree(out, ignore_errors=True)
        return False
    manifest: native.Manifest = {"sources": list(COMPILED), "fingerprint": want, "library": libraries[0]}
    (out / native.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    return True


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
