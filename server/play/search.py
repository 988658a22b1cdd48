"""Information-set Monte Carlo tree search: the `easy`, `medium` and `strong` bots.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) through the engine contract.
Each iteration draws one determinisation of the state from the seat's own information
(`server.games.knowledge`: other hands, bags, stacks and the generator drawn again, never
read), walks the one tree of decisions with it (a child is selected among those legal in
this determinisation, by UCB over the times it was available), adds one decision, plays
on with the game's playout policy for a few decisions and values the state reached: the
result if the game ended, else the game's evaluation. Decisions of every seat are in the
tree, each valued from its decider's side; a phase where several seats may act is
searched as if they acted one after another, the bot's own seat first.

A node admits children progressively (about `WIDEN`·√visits) in the order a one-decision
look gives them at the root and at random below, so a decision with a hundred options
is not spread thin. The budget is in iterations, so a decision is a function of the
state, the seat and the generator the caller seeds (room, seq, seat); the time limit is
only a safety cap that a healthy search never meets.

Left out: parallel search, and a model of what opponents infer of the bot's own secrets.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

import ormsgpack

from server.games.contract import Game, IllegalMove, Move, State
from server.games.knowledge import Knowledge

EXPLORE = 0.7  # UCB's exploration constant, on values in [0, 1]
WIDEN = 2.0  # children admitted per √visit of a node
MARGIN = 0.25  # the share of a finished game's value that the score margin decides


@dataclass(frozen=True)
class Budget:
    iterations: int
    seconds: float  # a safety cap: a decision is deterministic only within it
    depth: int  # playout decisions before the evaluation

    def scaled(self, effort: float) -> Budget:
        """The budget for a game whose decisions cost more (effort < 1) or less."""
        return Budget(max(1, round(self.iterations * effort)), self.seconds, self.depth)


@dataclass
class Node:
    seat: int  # who made the decision leading here (-1: the root)
    move: Any = None
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[bytes, Node] = field(default_factory=dict)


@dataclass
class Searched:
    move: Move
    iterations: int
    visits: dict[bytes, int]


def key(move: Any) -> bytes:
    return ormsgpack.packb(move, option=ormsgpack.OPT_SORT_KEYS)


def values(scores: list[float], scale: float) -> list[float]:
    """Each seat's value in [0, 1] from scores: its lead over the best other seat, squashed."""
    out = []
    for i, s in enumerate(scores):
        best_other = max((x for j, x in enumerate(scores) if j != i), default=s)
        out.append(0.5 + 0.5 * math.tanh((s - best_other) / scale))
    return out


class Search:
    def __init__(self, game: Game, knowledge: Knowledge, seat: int, budget: Budget, rng: random.Random) -> None:
        self.game, self.knowledge, self.players = game, knowledge, 0
        self.seat, self.budget, self.rng = seat, budget, rng

    def run(self, state: State) -> Searched | None:
        """The most visited decision of the root, or None when the seat has none."""
        root = Node(seat=-1)
        start = time.monotonic()
        self.players = self.knowledge.players(state)
        first = self.knowledge.determinise(state, self.seat, self.rng)
        moves = self.knowledge.options(first, self.seat, self.game.legal_moves(first, self.seat))
        if not moves:
            return None
        order = self._ordered(first, moves)
        done = 0
        for done in range(1, self.budget.iterations + 1):
            world = first if done == 1 else self.knowledge.determinise(state, self.seat, self.rng)
            self._iterate(root, world, order)
            if time.monotonic() - start > self.budget.seconds:
                break
        if not root.children:
            return None
        best = max(root.children.values(), key=lambda n: (n.visits, n.total))
        return Searched(best.move, done, {k: n.visits for k, n in root.children.items()})

    def _ordered(self, state: State, moves: list[Move]) -> list[bytes]:
        """The root's decisions, best first by their value one decision ahead."""
        scored = []
        for m in moves:
            try:
                after = self.game.apply(state, self.seat, m)
                v = self._value(after)[self.seat]
            except IllegalMove:
                continue
            scored.append((-v, self.rng.random(), key(m)))
        scored.sort()
        return [k for _, _, k in scored]

    def _iterate(self, root: Node, state: State, order: list[bytes]) -> None:
        node, path = root, [root]
        while self.game.result(state) is None:
            actors = self.game.to_act(state)
            if not actors:
                break
            actor = self.seat if node is root else actors[0]
            moves = {key(m): m for m in self.knowledge.options(state, actor, self.game.legal_moves(state, actor))}
            if not moves:
                break
            chosen = self._select(node, moves, order if node is root else None)
            try:
                state = self.game.apply(state, actor, moves[chosen])
            except IllegalMove:  # a determinisation the rules do not quite allow: stop here
                break
            child = node.children.get(chosen)
            if child is None:
                child = node.children[chosen] = Node(seat=actor, move=moves[chosen], available=1)
                path.append(child)
                break
            node = child
            path.append(node)
        value = self._rollout(state)
        for n in path:
            n.visits += 1
            if n.seat >= 0:
                n.total += value[n.seat]

    def _select(self, node: Node, moves: dict[bytes, Move], order: list[bytes] | None) -> bytes:
        there = [k for k in moves if k in node.children]
        for k in there:
            node.children[k].available += 1
        room = len(node.children) < max(1, math.ceil(WIDEN * math.sqrt(node.visits + 1)))
        if room or not there:
            fresh = [k for k in (order or moves) if k in moves and k not in node.children]
            if fresh:
                return fresh[0] if order is not None else self.rng.choice(fresh)
        log_of = {k: math.log(node.children[k].available) for k in there}
        return max(there, key=lambda k: _ucb(node.children[k], log_of[k]))

    def _rollout(self, state: State) -> list[float]:
        for _ in range(self.budget.depth):
            if self.game.result(state) is not None:
                break
            actors = self.game.to_act(state)
            if not actors:
                break
            actor = actors[0]
            moves = self.knowledge.options(state, actor, self.game.legal_moves(state, actor))
            if not moves:
                break
            try:
                state = self.game.apply(state, actor, self.knowledge.playout(state, actor, moves, self.rng))
            except IllegalMove:
                break
        return self._value(state)

    def _value(self, state: State) -> list[float]:
        result = self.game.result(state)
        scale = self.knowledge.scale
        if result is None:
            return values(self.knowledge.evaluate(state, self.players), scale)
        scores = [float(x) for x in result.get("scores") or [0.0] * self.players]
        winners = set(result.get("winners") or [])
        margin = values(scores, scale)
        return [(1 - MARGIN) * (1.0 if i in winners else 0.0) + MARGIN * margin[i] for i in range(len(margin))]


def _ucb(n: Node, log_available: float) -> float:
    return n.total / n.visits + EXPLORE * math.sqrt(log_available / n.visits)
