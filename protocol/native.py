"""Loads the move path's hottest modules compiled to C (mypyc), used only while their
sources are exactly what was compiled.

`scripts/native.py` (scripts/setup.sh and the image's build stage run it) decides what is
compiled and compiles it into `build/native/` (`LONGHALL_NATIVE_DIR` elsewhere), with a
manifest: the sources it compiled, a fingerprint of them and of the interpreter, and the
shared library their modules load. Each package that holds one calls
`extend(__path__, __name__)` first thing, so its compiled modules are found before the
`.py` files — when the manifest's fingerprint matches those sources as they are now. A
source edited since, a manifest missing (no build, no C compiler, a build from before
the manifest): the whole set is ignored and the same code runs as Python, slower, until
the next build. `LONGHALL_NATIVE=0` runs Python regardless.

It lives in `protocol` because every process imports that package first; it imports
nothing of the server and names none of its files: what was compiled is the manifest's
word. The compiled code is the same source, held to its annotations at run time: a value
of another type than declared raises TypeError where Python would go on.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypedDict, cast

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "manifest.json"  # written last by the build: a folder without one holds no usable set


class Manifest(TypedDict):
    sources: list[str]  # paths relative to the tree's root, as the build lists them
    fingerprint: str  # of those sources and the interpreter (`fingerprint`)
    library: str  # the shared library's file in the folder; its module is the name before the first dot


_SHAPE = {"sources": list, "fingerprint": str, "library": str}  # Manifest's keys, as the loader checks them
_usable: bool | None = None


def out_dir() -> Path:
    return Path(os.environ.get("LONGHALL_NATIVE_DIR") or ROOT / "build" / "native")


def fingerprint(sources: Iterable[str], root: Path = ROOT) -> str:
    """The sources, by relative path and content, and the interpreter they are compiled for."""
    h = hashlib.sha256(sys.version.encode())
    for rel in sources:
        h.update(rel.encode() + b"\0" + (root / rel).read_bytes() + b"\0")
    return h.hexdigest()


def manifest(out: Path) -> Manifest | None:
    """What the build in `out` compiled, or None where it holds no finished build."""
    try:
        found = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or not all(isinstance(found.get(k), t) for k, t in _SHAPE.items()):
        return None
    return cast(Manifest, found)


def matches(found: Manifest, root: Path = ROOT) -> bool:
    """Whether the sources a manifest lists are, under `root`, the ones it was built from."""
    try:
        return found["fingerprint"] == fingerprint(found["sources"], root)
    except OSError:  # a compiled source is gone
        return False


def fresh(out: Path, root: Path = ROOT) -> bool:
    """Whether `out` holds a build of the sources under `root` as they are now."""
    found = manifest(out)
    return found is not None and matches(found, root)


def usable() -> bool:
    """Whether the compiled set is used in this process (decided once, at first import):
    its shared library is loaded here, so each module's own library finds it."""
    global _usable
    if _usable is None:
        _usable = False
        out = out_dir()
        found = manifest(out) if os.environ.get("LONGHALL_NATIVE", "1") != "0" else None
        if found is not None and matches(found):
            name = found["library"].split(".")[0]
            spec = importlib.util.spec_from_file_location(name, out / found["library"])
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
