"""Random playouts through the engine contract: for soak tests, fuzzing and benchmarks.

A playout drives a game from setup to its end with uniformly random legal moves, and
after every move may call a checker (invariants). It uses only the public contract, so
it exercises every game the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.games.contract import Game, State

Checker = Callable[[State], None]
Picker = Callable[[random.Random, list[dict[str, Any]]], dict[str, Any]]


def uniform(rng: random.Random, moves: list[dict[str, Any]]) -> dict[str, Any]:
    return rng.choice(moves)


@dataclass
class Playout:
    state: State
    moves: int
    result: dict[str, Any]


def random_playout(
    game: Game,
    players: int,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    check: Checker | None = None,
    max_moves: int = 200_000,
    pick: Picker = uniform,
) -> Playout:
    """Play one full game with random legal moves (chosen by `pick`, uniformly unless
    told otherwise); raise if it stalls or never ends."""
    rng = random.Random(seed)
    state = game.setup(players, game.resolve_options(options), seed)
    for n in range(max_moves):
        result = game.result(state)
        if result is not None:
            return Playout(state, n, result)
        seats = game.to_act(state)
        if not seats:
            raise AssertionError(f"nobody may act but the game is not over (move {n})")
        seat = rng.choice(seats)
        legal = game.legal_moves(state, seat)
        if not legal:
            raise AssertionError(f"seat {seat} must act but has no legal move (move {n})")
        state = game.apply(state, seat, pick(rng, legal))
        if check is not None:
            check(state)
    raise AssertionError(f"no end after {max_moves} moves")
