"""Strict move shapes (server.games.forms): every listed legal move fits its game's
declared forms, and a move with a field more or less, an unknown type or an oversized
value is refused as bad_move before the engine sees it. Every hosted game: the registered
ones, the test game and the template game (tests.cluster.hosted_games)."""

from __future__ import annotations

import random

import pytest

from server.games import forms
from server.games.contract import IllegalMove
from tests.cluster import hosted_games

HOSTED = hosted_games()
GAMES = sorted(HOSTED)
OPTIONS = {"vikings": {"variant": "advanced"}}


def refused(game, state, seat, move) -> str:
    with pytest.raises(IllegalMove) as err:
        forms.check(game, state, seat, move)
    assert err.value.code == "bad_move" and err.value.rule is None
    return err.value.detail


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_fits_a_declared_form_and_no_variation_does(name) -> None:
    game = HOSTED[name]
    assert game.move_forms is not None, "every hosted game declares its move forms"
    pick = random.Random(7)
    players = game.info.max_players
    state = game.setup(players, game.resolve_options(OPTIONS.get(name)), 7)
    seen: set[str] = set()
    for _ in range(400):
        if game.result(state) is not None:
            break
        seat = pick.choice(game.to_act(state))
        legal = game.legal_moves(state, seat)
        for move in legal:
            forms.check(game, state, seat, move)  # accepted verbatim
            if move["type"] not in seen:
                seen.add(move["type"])
                refused(game, state, seat, {**move, "extra": 1})
                refused(game, state, seat, {**move, "type": "teleport"})
                shapes = game.move_forms[move["type"]] or ()
                for field in set(move) - {"type"}:
                    fewer = {k: v for k, v in move.items() if k != field}
                    if frozenset(fewer) not in shapes:  # some types have a shorter form
                        refused(game, state, seat, fewer)
                    refused(game, state, seat, {**move, field: "x" * 65})
                    refused(game, state, seat, {**move, field: [1]})
        state = game.apply(state, seat, pick.choice(legal))
    refused(game, state, 0, ["not", "a", "map"])
    refused(game, state, 0, None)
    refused(game, state, 0, {"type": 3})
