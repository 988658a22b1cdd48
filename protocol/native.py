"""The move path's hottest modules compiled to C (mypyc), used only while their sources
are exactly what was compiled.

`build` (scripts/setup.sh runs it) compiles `COMPILED` — the Vikings engine, the view
differ, the room document, the cached room and its frames, the room service, the gateway,
the websocket endpoint, a socket's session, the fan-out, the commit's
Redis connection and the store, flood limits, clocks, move forms — into `build/native/`
(`LONGHALL_NATIVE_DIR` elsewhere), with a fingerprint of every one of those sources.
Each package that holds one calls `extend(__path__, __name__)` first thing, so its
compiled modules are found before the `.py` files — when the fingerprint matches the
sources as they are now. A source edited since, or no build at all (no C compiler):
the whole set is ignored and the same code runs as Python, slower, until the next build.
`LONGHALL_NATIVE=0` runs Python regardless.

It lives in `protocol` because every process imports that package first; it imports
nothing of the server. The compiled code is the same source, held to its annotations at
run time: a value of another type than declared raises TypeError where Python would go on.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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
STAMP = "FINGERPRINT"

_usable: bool | None = None


def out_dir() -> Path:
    return Path(os.environ.get("LONGHALL_NATIVE_DIR") or ROOT / "build" / "native")


def fingerprint(root: Path = ROOT) -> str:
    """The sources of `COMPILED` and the interpreter they were compiled for."""
    h = hashlib.sha256(sys.version.encode())
    for rel in COMPILED:
        h.update(rel.encode() + b"\0" + (root / rel).read_bytes() + b"\0")
    return h.hexdigest()


def fresh(out: Path, root: Path = ROOT) -> bool:
    """Whether `out` holds a build of the sources under `root` as they are now."""
    try:
        return (out / STAMP).read_text().strip() == fingerprint(root)
    except OSError:
        return False


def usable() -> bool:
    """Whether the compiled set is used in this process (decided once, at first import):
    its shared library is loaded here, so each module's own library finds it."""
    global _usable
    if _usable is None:
        _usable = False
        out = out_dir()
        if os.environ.get("LONGHALL_NATIVE", "1") != "0" and fresh(out):
            libs = sorted(out.glob(f"{GROUP}__mypyc.*"))
            spec = importlib.util.spec_from_file_location(f"{GROUP}__mypyc", libs[0]) if libs else None
            if spec is not None and spec.loader is not None:
                lib = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(lib)
                sys.modules[spec.name] = lib
                _usable = True
    return _usable


def extend(path: list[str], package: str) -> None:
    """Put the package's compiled modules before its sources (`__path__`), if usable."""
    if usable():
        compiled = out_dir().joinpath(*package.split("."))
        if compiled.is_dir():
            path.insert(0, str(compiled))


def compiled(module: object) -> bool:
    """Whether a module was loaded from the compiled set."""
    return str(getattr(module, "__file__", "") or "").endswith(".so")


def build(out: Path) -> bool:
    """Compile `COMPILED` into `out` unless it holds them already; False if it failed."""
    if fresh(out):
        return True
    import shutil
    import subprocess

    want = fingerprint()
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
    if done.returncode != 0 or fingerprint() != want:  # failed, or a source changed meanwhile
        print(f"native: not compiled (see {log}); the server runs as Python", file=sys.stderr)
        shutil.rmtree(out, ignore_errors=True)
        return False
    (out / STAMP).write_text(want)
    return True
