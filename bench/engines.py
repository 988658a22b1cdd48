"""Engine speed for every registered game: full random games per second, and
microseconds per `legal_moves` and per `apply` over every decision of those games."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from server.games import registry
from server.games.contract import Game

CONFIGS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "vikings": [(4, {"variant": "base"}), (4, {"variant": "advanced"})],
    "hunters": [(2, {}), (5, {})],
    "feast": [(2, {"length": "long"}), (4, {"length": "long"})],
}


@dataclass
class EngineFigure:
    game: str
    players: int
    options: dict[str, Any]
    games_per_second: float
    decisions_per_game: float
    legal_us: float
    apply_us: float


def timed_game(game: Game, players: int, options: dict[str, Any], seed: int) -> tuple[int, float, float]:
    """One random game: decisions, seconds in legal_moves, seconds in apply."""
    pick = random.Random(seed)
    state = game.setup(players, game.resolve_options(options), seed)
    n, legal_t, apply_t = 0, 0.0, 0.0
    while game.result(state) is None:
        seat = pick.choice(game.to_act(state))
        t0 = time.perf_counter()
        moves = game.legal_moves(state, seat)
        t1 = time.perf_counter()
        state = game.apply(state, seat, pick.choice(moves))
        apply_t += time.perf_counter() - t1
        legal_t += t1 - t0
        n += 1
    return n, legal_t, apply_t


def measure(name: str, players: int, options: dict[str, Any], seconds: float) -> EngineFigure:
    game = registry.get(name)
    assert game is not None
    games = decisions = 0
    legal_t = apply_t = 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        n, lt, at = timed_game(game, players, options, games)
        games, decisions, legal_t, apply_t = games + 1, decisions + n, legal_t + lt, apply_t + at
    elapsed = time.perf_counter() - start
    return EngineFigure(
        name,
        players,
        options,
        games / elapsed,
        decisions / games,
        legal_t / decisions * 1e6,
        apply_t / decisions * 1e6,
    )


def all_engines(seconds: float) -> list[EngineFigure]:
    out = []
    for name in sorted(registry.games()):
        for players, options in CONFIGS.get(name, []):
            out.append(measure(name, players, options, seconds))
    return out


if __name__ == "__main__":
    for f in all_engines(3.0):
        print(
            f"{f.game:8} {f.players}p {f.options}: {f.games_per_second:7.1f} games/s "
            f"({f.decisions_per_game:.0f} decisions)  legal_moves {f.legal_us:.1f} us  apply {f.apply_us:.1f} us"
        )
