"""A Feast for Odin engine speed: full random games per second per configuration,
microseconds per legal_moves and per apply over whole games, and the slowest
legal_moves call (the richest decision) seen.

Run from the repository root: python -m bench.engine_feast [seconds per configuration]
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import sys

from bench.engines import describe, measure

CONFIGS = [(n, length) for n in (1, 2, 3, 4) for length in ("long", "short")]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players, length in CONFIGS:
        print(describe(measure("feast", players, {"length": length}, seconds)))


if __name__ == "__main__":
    main()
