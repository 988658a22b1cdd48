"""Hunters & Gatherers engine speed: full random games per second (2..5 players),
microseconds per legal_moves and per apply over whole games, and the cost of one tile
placement (listing every legal place, then applying one) on a 70-tile landscape.

Run from the repository root: python -m bench.engine_hunters [seconds per player count]
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import random
import sys
import time

from bench.engines import describe, measure
from server.games.hunters import GAME


def seventy_tile_map(seed: int = 1) -> dict:
    pick = random.Random(seed)
    s = GAME.setup(2, GAME.resolve_options(None), seed)
    while len(s["map"]) < 70 or s["turn"]["phase"] != "place":
        seat = GAME.to_act(s)[0]
        s = GAME.apply(s, seat, pick.choice(GAME.legal_moves(s, seat)))
    return s


def placement_on_big_map(rounds: int = 300) -> tuple[int, int, float, float]:
    s = seventy_tile_map()
    seat = GAME.to_act(s)[0]
    moves = GAME.legal_moves(s, seat)
    t0 = time.perf_counter()
    for _ in range(rounds):
        GAME.legal_moves(s, seat)
    t1 = time.perf_counter()
    for i in range(rounds):
        GAME.apply(s, seat, moves[i % len(moves)])
    t2 = time.perf_counter()
    return len(s["map"]), len(moves), (t1 - t0) / rounds * 1e6, (t2 - t1) / rounds * 1e6


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in (2, 3, 4, 5):
        print(describe(measure("hunters", players, {}, seconds)))
    tiles, options, legal_us, apply_us = placement_on_big_map()
    print(
        f"hunters placement on a {tiles}-tile map: {options} legal places, "
        f"legal_moves {legal_us:.1f} us, apply(place) {apply_us:.1f} us"
    )


if __name__ == "__main__":
    main()
