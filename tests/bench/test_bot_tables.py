"""bench.bot_tables still runs end to end: the human-paced tables measured alone and beside
bot tables, their figures checked for sense, never for speed."""

from __future__ import annotations

import re
import subprocess
import sys


def test_the_bench_measures_human_tables_alone_and_beside_bot_tables() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.bot_tables", "--rounds", "1", "--seconds", "3", "--human", "2", "--bots", "2",
         "--level", "easy", "--think", "0.05"],
        capture_output=True, text=True, check=True, timeout=600,
    )  # fmt: skip
    row = re.search(r"^\| 1 \| ([\d.]+) → ([\d.]+) \|.*\| ([\d.]+)% \| ([\d.]+) \|$", out.stdout, re.MULTILINE)
    assert row, out.stdout + out.stderr
    alone, beside = float(row.group(1)), float(row.group(2))
    assert alone > 0 and beside > 0  # the human tables played in both windows
    tables = re.search(r"the bot tables: (\d+) games under way", out.stdout)
    assert tables and int(tables.group(1)) >= 2, out.stdout  # each bot table had started its game
