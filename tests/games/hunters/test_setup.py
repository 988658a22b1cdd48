"""Setup (H-8..H-13)."""

from __future__ import annotations

import pytest

from server.games.contract import IllegalMove
from server.games.hunters import GAME
from server.games.hunters.tiles import BONUS, LAND

from .table import new_game


def test_h8_two_to_five_players() -> None:
    # H-8
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 5)
    for n in (2, 5):
        assert len(new_game(n)["supply"]) == n
    with pytest.raises(IllegalMove) as err:
        new_game(6)
    assert err.value.rule == "H-8"


def test_h9_start_tile_at_origin() -> None:
    # H-9: the start tile lies at (0, 0) with rotation 0, alone.
    s = new_game()
    assert s["map"] == {"0,0": {"tile": "S00", "rotation": 0}}


def test_h10_h11_stacks_are_shuffled_by_seed() -> None:
    # H-10, H-11: 78 land tiles (one drawn into the hand) and 12 bonus tiles, shuffled.
    a, b = new_game(seed=1), new_game(seed=2)
    assert sorted(a["land"] + [a["hand"]]) == sorted(LAND)
    assert sorted(a["bonus"]) == sorted(BONUS)
    assert a["land"] != b["land"] and a["bonus"] != b["bonus"]
    assert new_game(seed=1) == a  # the same seed deals the same game


def test_h12_supply_and_zero_scores() -> None:
    # H-12: 5 clan members (the sixth is the score marker) and 2 huts; scores 0.
    s = new_game(4)
    assert s["supply"] == [{"clan": 5, "huts": 2}] * 4
    assert GAME.view(s, None)["scores"] == [0, 0, 0, 0]


def test_h13_first_player_option_and_clockwise_order() -> None:
    # H-13: the first player is an option; play passes in seat order.
    s = new_game(3, first_player=2)
    assert GAME.to_act(s) == [2]
    with pytest.raises(IllegalMove) as err:
        new_game(2, first_player=3)
    assert err.value.rule == "H-13"
    move = GAME.legal_moves(s, 2)[0]
    s = GAME.apply(s, 2, move)
    s = GAME.apply(s, 2, {"type": "pass"})
    assert GAME.to_act(s) == [0]
