"""Vikings engine speed: full random games per second for 2, 3 and 4 players in the base
game and the advanced version, and microseconds per legal_moves and per apply over every
decision of those games.

Run from the repository root: python -m bench.engine_vikings [games per configuration]
Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import random
import sys
import time

from server.games.playout import random_playout
from server.games.vikings import GAME


def games_per_second(players: int, options: dict[str, str], games: int) -> tuple[float, float]:
    """Games per second, and the mean number of decisions per game."""
    start = time.perf_counter()
    moves = 0
    for seed in range(games):
        moves += random_playout(GAME, players, options, seed).moves
    return games / (time.perf_counter() - start), moves / games


def per_call(players: int, options: dict[str, str], games: int) -> tuple[float, float]:
    """Mean microseconds of legal_moves and of apply over every decision of the games."""
    legal_t = apply_t = 0.0
    calls = 0
    for seed in range(games):
        pick = random.Random(seed)
        s = GAME.setup(players, GAME.resolve_options(options), seed)
        while GAME.result(s) is None:
            seat = GAME.to_act(s)[0]
            t0 = time.perf_counter()
            moves = GAME.legal_moves(s, seat)
            t1 = time.perf_counter()
            s = GAME.apply(s, seat, pick.choice(moves))
            t2 = time.perf_counter()
            legal_t += t1 - t0
            apply_t += t2 - t1
            calls += 1
    return legal_t / calls * 1e6, apply_t / calls * 1e6


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for variant in ("base", "advanced"):
        options = {"variant": variant}
        for players in (2, 3, 4):
            rate, length = games_per_second(players, options, games)
            legal_us, apply_us = per_call(players, options, max(5, games // 4))
            print(
                f"vikings {variant:8} {players}p: {rate:6.1f} games/s ({length:5.0f} decisions)"
                f"   legal_moves {legal_us:6.1f} us   apply {apply_us:6.1f} us"
            )


if __name__ == "__main__":
    main()
