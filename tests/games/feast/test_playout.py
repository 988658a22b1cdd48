"""Random bots play whole games through the public contract, checking invariants after every move."""

from __future__ import annotations

import pytest

from server.games.feast.game import GAME
from server.games.playout import random_playout
from tests.games.feast.invariants import check

CONFIGS = [(n, length) for n in (1, 2, 3, 4) for length in ("long", "short")]


def _play(players: int, length: str, seed: int, **options: str) -> None:
    out = random_playout(GAME, players, {"length": length, **options}, seed=seed, check=check)
    result = out.result
    assert len(result["scores"]) == players
    for score, row in zip(result["scores"], result["breakdown"], strict=True):
        assert score == sum(row.values())  # F-730
    assert result["winners"] == [i for i, sc in enumerate(result["scores"]) if sc == max(result["scores"])]
    assert out.state["round"] == out.state["rounds"]  # F-720: ends in the last round


@pytest.mark.parametrize("players,length", CONFIGS)
def test_random_games_reach_the_end(players: int, length: str) -> None:
    # F-152, F-200, F-202, F-720
    for seed in range(4):
        _play(players, length, seed)


@pytest.mark.soak
@pytest.mark.parametrize("players,length", CONFIGS)
def test_random_games_soak(players: int, length: str) -> None:
    for seed in range(100):
        _play(players, length, 1000 + seed)


@pytest.mark.parametrize(
    "players,options",
    [
        (1, {"solo_start_card": "choose", "decks": "C"}),
        (3, {"decks": "mixed", "final_income": "record"}),
        (4, {"decks": "B", "placement": "lenient"}),
    ],
)
def test_random_games_with_other_options(players: int, options: dict[str, str]) -> None:
    # F-115, F-297, F-805, F-772
    for seed in range(2):
        _play(players, "short", seed, **options)
