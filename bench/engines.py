"""Engine speed for every registered game: full random games per second, and
microseconds per `legal_moves` and per `apply` over every decision of those games."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from server.games import registry
from server.games.contract import Game

# the configurations each game's issue asks to measure
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
    richest_legal_us: float  # the slowest legal_moves call seen
    richest_moves: int  # how many moves it listed


@dataclass
class Tally:
    decisions: int = 0
    legal_s: float = 0.0
    apply_s: float = 0.0
    richest_s: float = 0.0
    richest_moves: int = 0


def timed_game(game: Game, players: int, options: dict[str, Any], seed: int, tally: Tally) -> None:
    """One random game, its calls timed into `tally`."""
    pick = random.Random(seed)
    state = game.setup(players, game.resolve_options(options), seed)
    while game.result(state) is None:
        seat = pick.choice(game.to_act(state))
        t0 = time.perf_counter()
        moves = game.legal_moves(state, seat)
        t1 = time.perf_counter()
        state = game.apply(state, seat, pick.choice(moves))
        tally.apply_s += time.perf_counter() - t1
        tally.legal_s += t1 - t0
        tally.decisions += 1
        if t1 - t0 > tally.richest_s:
            tally.richest_s, tally.richest_moves = t1 - t0, len(moves)


def measure(name: str, players: int, options: dict[str, Any], seconds: float) -> EngineFigure:
    game = registry.get(name)
    assert game is not None
    games, t = 0, Tally()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        timed_game(game, players, options, games, t)
        games += 1
    elapsed = time.perf_counter() - start
    n = max(t.decisions, 1)
    return EngineFigure(
        name, players, options, games / elapsed, t.decisions / games,
        t.legal_s / n * 1e6, t.apply_s / n * 1e6, t.richest_s * 1e6, t.richest_moves,
    )  # fmt: skip


def all_engines(seconds: float, games: list[str] | None = None) -> list[EngineFigure]:
    out = []
    for name in games or sorted(registry.games()):
        for players, options in CONFIGS.get(name, []):
            out.append(measure(name, players, options, seconds))
    return out


def describe(f: EngineFigure) -> str:
    return (
        f"{f.game:8} {f.players}p {f.options}: {f.games_per_second:7.1f} games/s "
        f"({f.decisions_per_game:.0f} decisions)  legal_moves {f.legal_us:.1f} µs  apply {f.apply_us:.1f} µs  "
        f"richest legal_moves {f.richest_legal_us:.0f} µs ({f.richest_moves} moves)"
    )


if __name__ == "__main__":
    import argparse

    p = argparse.ArgumentParser(description="engine speed of every registered game (or the named ones)")
    p.add_argument("games", nargs="*")
    p.add_argument("--seconds", type=float, default=3.0, help="per configuration")
    a = p.parse_args()
    for figure in all_engines(a.seconds, a.games or None):
        print(describe(figure))
