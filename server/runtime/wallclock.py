"""The node's time of day, in ms since the epoch: what deadlines, commits and the
referee read (server.rooms.clocks, server.play.referee).

It is the system's clock, unless the `clock_file` setting names a file: then the whole
number of ms written in that file is added to it, read again at every call. Tests move a
node's time forward a day that way (a correspondence clock's deadline) without sleeping
through it; the file outlives the node, so a node started again keeps the same time.
"""

from __future__ import annotations

import time
from pathlib import Path

_file: Path | None = None


def use_file(path: str) -> None:
    """Add the offset written in `path` to every time read (empty: the system's clock)."""
    global _file
    _file = Path(path) if path else None


def offset() -> int:
    if _file is None:
        return 0
    try:
        return int(_file.read_text().strip() or 0)
    except (OSError, ValueError):
        return 0


def now_ms() -> int:
    return int(time.time() * 1000) + offset()
