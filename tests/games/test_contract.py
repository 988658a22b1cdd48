"""Every game a server hosts keeps the engine contract, checked through its public interface:
the registered games, the test game and the template game (tests.cluster.hosted_games), so
a game added under server/games is checked without naming it here.

After every move of random games: the state is plain msgpack data (a round trip gives
it back exactly: no tuples, floats or sets); `apply` left its input untouched; every
view (each seat and the public one) is plain data whose diff from the previous view,
applied by a standard JSON Patch library, rebuilds it exactly (so the view keeps one
type per path, as protocol/diff.py requires); no view carries the random generator;
and every listed legal move is accepted verbatim.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import jsonpatch
import msgpack
import pytest

from protocol.diff import make_patch, strict_equal
from server.games.contract import Game, IllegalMove
from tests.cluster import hosted_games

HOSTED = hosted_games()
GAMES = sorted(HOSTED)
MAX_MOVES = 3000  # per game: enough to cross rounds and scorings
# each game with its default options, and the options whose decisions take other paths
# through the engine (Vikings' advanced game: the auction, boxing, the colour-by-colour offer)
CONFIGURATIONS = [pytest.param(name, {}, id=name) for name in GAMES] + [
    pytest.param("vikings", {"variant": "advanced"}, id="vikings-advanced")
]


def walk_keys(tree: Any) -> set[str]:
    keys: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            keys.update(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return keys


def roundtrip(tree: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(tree), raw=False)


def check_views(game: Game, state: dict[str, Any], players: int, before: dict[Any, Any]) -> dict[Any, Any]:
    views = {}
    for seat in [*range(players), None]:
        view = game.view(state, seat)
        assert strict_equal(roundtrip(view), view)
        assert "rng" not in walk_keys(view) and "seed" not in walk_keys(view)
        if seat in before:
            rebuilt = jsonpatch.apply_patch(copy.deepcopy(before[seat]), make_patch(before[seat], view))
            assert strict_equal(rebuilt, view), f"seat {seat}: a view changed the type at some path"
        views[seat] = copy.deepcopy(view)
    if game.open_information:  # the room then cuts one view for everyone (server.rooms.document.views)
        assert all(v == views[None] for v in views.values()), "an open-information game hid something"
    return views


def check_out_of_turn(game: Game, state: dict[str, Any], players: int, acting: list[int], legal: list[Any]) -> None:
    """The engine itself keeps a seat that is not asked from taking the decision (the
    server relies on it). Some moves are open to anyone at any time (V-50 converts VP):
    those may be accepted, but must leave the decision where it was."""
    for other in set(range(players)) - set(acting):
        for move in legal[:3]:
            try:
                after = game.apply(state, other, move)
            except IllegalMove:
                continue
            assert game.to_act(after) == acting, f"seat {other} took the decision of {acting} with {move}"


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_contract_holds_over_random_games(name: str, options: dict[str, Any]) -> None:
    game = HOSTED[name]
    info = game.info
    for players in range(info.min_players, info.max_players + 1):
        pick = random.Random(players)
        state = game.setup(players, game.resolve_options(options), seed=players * 7)
        views = check_views(game, state, players, {})
        for _ in range(MAX_MOVES):
            if game.result(state) is not None:
                break
            acting = game.to_act(state)
            seat = pick.choice(acting)
            legal = game.legal_moves(state, seat)
            check_out_of_turn(game, state, players, acting, legal)
            packed = msgpack.packb(state)
            move = pick.choice(legal)
            nxt = game.apply(state, seat, move)
            if game.open_information:  # ... and words a decision once, for every viewer
                said = [game.describe(state, seat, move, v) for v in [*range(players), None]]
                assert all(s == said[-1] for s in said), "an open-information game words a move per viewer"
            assert msgpack.packb(state) == packed, "apply mutated its input"
            assert strict_equal(roundtrip(nxt), nxt), "state is not plain msgpack data"
            state = nxt
            views = check_views(game, state, players, views)
