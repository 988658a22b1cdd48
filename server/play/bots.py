"""Bots: the decision a bot seat makes, or a timed-out seat's bot makes for it.

`random` picks a kind of decision uniformly (the move's `type`), then one move of that
kind: a list that spells out a parametrised decision once per amount (Vikings lists one
VP conversion per amount) does not drown the others. `greedy` looks one decision ahead
with the engine's own running score (`Game.score`) where the engine keeps one, and plays
like `random` elsewhere. Both are deterministic given the room, seq and seat, so a
decision recomputed after a crash is the same decision.
"""

from __future__ import annotations

import logging
import random
from collections import defaultdict
from typing import Any

from server.games.contract import Game, IllegalMove

log = logging.getLogger("longhall.bots")
LEVELS = ("random", "greedy")
GREEDY_LOOK = 24  # candidate decisions a greedy bot scores, at most


def rng_for(room: str, seq: int, seat: int) -> random.Random:
    return random.Random(f"{room}:{seq}:{seat}")


def by_kind(moves: list[Any], rng: random.Random) -> Any:
    kinds: dict[str, list[Any]] = defaultdict(list)
    for m in moves:
        kinds[str(m.get("type")) if isinstance(m, dict) else type(m).__name__].append(m)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def choose(game: Game, state: dict[str, Any], seat: int, level: str, rng: random.Random) -> Any:
    """A legal decision for `seat` (None when it has none). A greedy look that fails
    (a scoring bug) falls back to `random`: a bot must never stall its table."""
    moves = game.legal_moves(state, seat)
    if not moves:
        return None
    if level == "greedy" and len(moves) > 1:
        try:
            best = _greedy(game, state, seat, moves, rng)
        except Exception:
            log.exception("%s: greedy bot failed; playing at random", game.info.name)
            best = None
        if best is not None:
            return best
    return by_kind(moves, rng)


def _greedy(game: Game, state: dict[str, Any], seat: int, moves: list[Any], rng: random.Random) -> Any:
    if game.score(state, seat) is None:
        return None
    pool = moves if len(moves) <= GREEDY_LOOK else rng.sample(moves, GREEDY_LOOK)
    scored = []
    for m in pool:
        try:
            after = game.apply(state, seat, m)
        except IllegalMove:
            continue
        scored.append((game.score(after, seat) or 0.0, rng.random(), m))
    if not scored:
        return None
    return max(scored, key=lambda x: (x[0], x[1]))[2]
