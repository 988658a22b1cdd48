"""Random bots play whole games; every move keeps the invariants (invariants.py).

Half the games pick uniformly among the legal moves (then the many VP conversions are
often taken and scores stay low); the other half treat every conversion as one choice,
as the browser app shows them, so VP is kept and scored as well."""

import pytest

from server.games.playout import random_playout, uniform
from server.games.vikings import GAME
from tests.games.vikings.invariants import Invariants, one_control

CONFIGS = [(players, options) for players in (2, 3, 4) for options in ({"variant": "base"}, {"variant": "advanced"})]
OTHER_READINGS = [
    {"variant": "advanced", "auction": False},
    {
        "variant": "advanced",
        "ship_row_contiguous": True,
        "island_adjacency_islands_only": True,
        "zero_purchase_lockout": True,
        "food_ignores_figures_on_special_tiles": True,
    },
]


def play(players, options, seeds):
    for seed in seeds:
        pick = one_control if seed % 2 else uniform
        done = random_playout(GAME, players, options, seed, Invariants(), pick=pick)
        result = done.result
        # V-98: the winners hold the most VP and, among those, the most gold.
        best = max(zip(result["scores"], result["gold"], strict=True))
        assert [(result["scores"][w], result["gold"][w]) for w in result["winners"]] == [best] * len(result["winners"])
        assert done.state["table"]["round"] == 6  # V-30


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_games_keep_the_invariants(players, options):
    # V-30, V-45, V-98: full games to the end, invariants after every move; V-50, VA-2,
    # V-111 and V-83 as invariants.py checks them.
    play(players, options, range(8))


@pytest.mark.parametrize("options", OTHER_READINGS)
def test_random_games_with_the_other_readings(options):
    # V-114 (no auction), VD-5, VD-6, VD-8, VD-9 as options.
    for players in (2, 3, 4):
        play(players, options, range(3))


@pytest.mark.soak
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_soak_300_games(players, options):
    play(players, options, range(1000, 1300))
