"""What a search bot knows of a game beyond its rules: the `Knowledge` a game's package
gives in its `bot` module (`server/games/<game>/bot.py`), beside the rules it reads.

- `determinise(state, seat, rng)`: a full state the seat cannot tell from the real one.
  Everything the seat cannot see (other seats' hands, bags, stacks, decks, their order,
  the game's generator) is drawn again from what the seat can know, so the search never
  reads a secret: the result must not change when the hidden parts of `state` are
  re-shuffled consistently (tests/server/play/test_search.py holds the three games to it).
  Pools are sorted before they are shuffled, so their hidden order cannot leak through.
- `evaluate(state, players)`: a score per seat of an unfinished game (higher is better), in the
  game's points, where a playout stops before the end.
- `players(state)`: how many seats play.
- `playout(state, seat, moves, rng)`: the decision a playout makes for `seat`.
- `options(state, seat, moves)`: the legal decisions the search considers (by default all
  of them; a game drops those a bot never needs, e.g. taking back a step of its own).
  `Defaults` gives these two their plain form: every option, a kind of decision at random.
- `scale`: how many points apart two seats are when one is clearly ahead (the search
  turns score differences into values with it); `effort`: the share of a level's
  iterations the game's search makes (less where a decision costs more to play out).

A game without a `bot` module gets `Plain`: its state is searched as it stands (right
only for a game without secrets) and valued by its running score (`Game.score`).
This module knows nothing of rooms, processes or clocks.
"""

from __future__ import annotations

import importlib
import random
from collections import defaultdict
from functools import cache
from typing import Any, Protocol, TypeVar

from server.games.contract import Game, Move, State

T = TypeVar("T")


class Knowledge(Protocol):
    scale: float
    effort: float

    def players(self, state: State) -> int: ...

    def determinise(self, state: State, seat: int, rng: random.Random) -> State: ...

    def evaluate(self, state: State, players: int) -> list[float]: ...

    def playout(self, state: State, seat: int, moves: list[Move], rng: random.Random) -> Move: ...

    def options(self, state: State, seat: int, moves: list[Move]) -> list[Move]: ...


class Defaults:
    """A game's knowledge that has nothing to add to a playout or to the options searched."""

    def playout(self, state: State, seat: int, moves: list[Move], rng: random.Random) -> Move:
        return by_kind(moves, rng)

    def options(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        return moves


def by_kind(moves: list[Any], rng: random.Random, weights: dict[str, float] | None = None) -> Any:
    """A kind of decision (the move's `type`) uniformly, or by `weights` (1 for a kind not
    named), then one move of that kind: a list that spells a parametrised decision once per
    amount does not drown the others."""
    kinds: dict[str, list[Any]] = defaultdict(list)
    for m in moves:
        kinds[str(m.get("type")) if isinstance(m, dict) else type(m).__name__].append(m)
    names = sorted(kinds)
    if weights is None:
        return rng.choice(kinds[rng.choice(names)])
    return rng.choice(kinds[rng.choices(names, [weights.get(k, 1.0) for k in names])[0]])


def fresh_rng(rng: random.Random) -> dict[str, int]:
    """A game generator (server.games.rng) the seat cannot predict, drawn from the bot's own."""
    return {"seed": rng.getrandbits(64), "n": 0}


def redeal(piles: list[list[T]], rng: random.Random) -> list[list[T]]:
    """The items of `piles` shuffled together and dealt back in piles of the same sizes:
    what a seat knows of face-down piles whose contents it knows only as a whole."""
    pool: list[Any] = sorted(item for pile in piles for item in pile)
    rng.shuffle(pool)
    out: list[list[T]] = []
    for pile in piles:
        out.append(pool[: len(pile)])
        pool = pool[len(pile) :]
    return out


class Plain(Defaults):
    """A game without bot knowledge: the state as it stands, its running score."""

    scale = 10.0
    effort = 1.0

    def __init__(self, game: Game) -> None:
        self.game = game

    def players(self, state: State) -> int:
        table = state.get("table")
        count = state.get("players") or (table.get("players") if isinstance(table, dict) else None)
        return count if isinstance(count, int) else 2

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        return state

    def evaluate(self, state: State, players: int) -> list[float]:
        return [self.game.score(state, s) or 0.0 for s in range(players)]


@cache
def of(game: Game) -> Knowledge:
    """The game's knowledge (`server.games.<name>.bot.KNOWLEDGE`), or `Plain`."""
    try:
        module = importlib.import_module(f"server.games.{game.info.name}.bot")
    except ModuleNotFoundError:
        return Plain(game)
    knowledge: Knowledge = module.KNOWLEDGE
    return knowledge
