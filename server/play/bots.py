"""Bots: the decision a bot seat makes, or a timed-out seat's bot makes for it.

`random` picks a kind of decision uniformly (the move's `type`), then one move of that
kind: a list that spells out a parametrised decision once per amount (Vikings lists one
VP conversion per amount) does not drown the others. `greedy` looks one decision ahead
with the engine's own running score (`Game.score`) where the engine keeps one, and plays
like `random` elsewhere. `easy`, `medium` and `strong` search (server.play.search) with
the game's knowledge (server.games.knowledge) under the budget of their level: they are
the ones that take time, so the referee has them think in a worker process
(server.play.thinking) and never under the room's lock. Every level is deterministic
given the room, seq and seat, so a decision recomputed after a crash is the same decision
(within a search's safety cap of time, which a healthy search does not meet).
"""

from __future__ import annotations

import logging
import random
from typing import Any

from server.games import knowledge
from server.games.contract import Game, IllegalMove
from server.play.search import Budget, Search, key

log = logging.getLogger("longhall.bots")
# Iterations decide; the seconds are a cap against a pathological state or a starved
# machine, some ten times what a decision takes here (bench/RESULTS.md, "Bots"): a decision
# cut by it would no longer be the same when recomputed.
BUDGETS = {
    "easy": Budget(iterations=30, seconds=10.0, depth=4),
    "medium": Budget(iterations=150, seconds=20.0, depth=5),
    "strong": Budget(iterations=500, seconds=30.0, depth=6),
}
LEVELS = ("random", "greedy", *BUDGETS)
SEARCHING = frozenset(BUDGETS)  # the levels that think off the event loop
GREEDY_LOOK = 24  # candidate decisions a greedy bot scores, at most
by_kind = knowledge.by_kind


def rng_for(room: str, seq: int, seat: int) -> random.Random:
    return random.Random(f"{room}:{seq}:{seat}")


def choose(game: Game, state: dict[str, Any], seat: int, level: str, rng: random.Random) -> Any:
    """A legal decision for `seat` (None when it has none). A look or a search that fails
    (a bug in a game's knowledge) falls back to `random`: a bot must never stall its
    table."""
    moves = game.legal_moves(state, seat)
    if not moves:
        return None
    if len(moves) > 1 and level in BUDGETS:
        try:
            known = knowledge.of(game)
            budget = BUDGETS[level].scaled(known.effort)
            found = Search(game, known, seat, budget, rng).run(state)
        except Exception:
            log.exception("%s: %s bot failed; playing at random", game.info.name, level)
            found = None
        legal = {key(m) for m in moves}
        if found is not None and key(found.move) in legal:
            return found.move
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
