"""A Feast for Odin engine speed: full random games per second per configuration,
microseconds per legal_moves and per apply over whole games, and the slowest
legal_moves call (the richest decision) seen.

Run from the repository root: python -m bench.engine_feast [games per configuration]
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import random
import sys
import time

from server.games.feast import GAME
from server.games.playout import random_playout

CONFIGS = [(n, length) for n in (1, 2, 3, 4) for length in ("long", "short")]


def games_per_second(players: int, length: str, games: int) -> tuple[float, float]:
    """Games per second and mean decisions per game."""
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        decisions += random_playout(GAME, players, {"length": length}, seed).moves
    return games / (time.perf_counter() - start), decisions / games


def per_call(players: int, games: int) -> tuple[float, float, float, int]:
    """Mean µs of legal_moves and apply, and the slowest legal_moves (µs, list length)."""
    legal_t = apply_t = worst = 0.0
    worst_len = calls = 0
    for seed in range(games):
        pick = random.Random(seed)
        s = GAME.setup(players, GAME.resolve_options({"length": "long"}), seed)
        while GAME.result(s) is None:
            seat = pick.choice(GAME.to_act(s))
            t0 = time.perf_counter()
            moves = GAME.legal_moves(s, seat)
            t1 = time.perf_counter()
            s = GAME.apply(s, seat, pick.choice(moves))
            t2 = time.perf_counter()
            legal_t += t1 - t0
            apply_t += t2 - t1
            calls += 1
            if t1 - t0 > worst:
                worst, worst_len = t1 - t0, len(moves)
    return legal_t / calls * 1e6, apply_t / calls * 1e6, worst * 1e6, worst_len


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"A Feast for Odin, {games} random games per configuration")
    for players, length in CONFIGS:
        rate, decisions = games_per_second(players, length, games)
        print(f"  {players} players {length:5}: {rate:7.1f} games/s  ({decisions:.0f} decisions/game)")
    for players in (2, 4):
        legal_us, apply_us, worst_us, worst_len = per_call(players, max(1, games // 4))
        print(
            f"  {players} players long: legal_moves {legal_us:6.1f} µs, apply {apply_us:6.1f} µs; "
            f"richest legal_moves {worst_us:7.0f} µs ({worst_len} moves)"
        )


if __name__ == "__main__":
    main()
