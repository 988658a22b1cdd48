"""README's table of limits lists every setting `longhall serve` takes as a flag."""

from __future__ import annotations

from pathlib import Path

from server.runtime.config import TUNABLE

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_every_limit_has_a_row_with_its_variable_and_flag() -> None:
    missing = [n for n in TUNABLE if f"| `LONGHALL_{n.upper()}` | `--{n.replace('_', '-')}` |" not in README]
    assert missing == []
