"""A node's clock moved by a test: ms added to the system's time, written to the file the
node reads at every look (the `clock_file` setting, server.runtime.wallclock), so a day
or a deadline passes without sleeping through it."""

from __future__ import annotations

from pathlib import Path


class Time:
    """The nodes' clock, moved by the test: ms added to the system's."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        path.write_text("0")

    def advance(self, ms: int) -> None:
        self.offset += ms
        self.path.write_text(str(self.offset))
