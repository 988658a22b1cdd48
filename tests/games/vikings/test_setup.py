"""Setup (section 3) and the round structure's first steps (V-30, V-31)."""

import pytest

from server.games.contract import IllegalMove
from server.games.vikings import GAME
from server.games.vikings.components import COINS, SHIPS
from tests.games.vikings.situations import game


@pytest.mark.parametrize(("players", "gold"), [(2, 30), (3, 25), (4, 20)])
def test_starting_gold_and_score(players, gold):
    # V-21 / VD-1: gold by player count, 10 VP, one start tile each.
    s = game(players)
    for f in s["table"]["fjords"]:
        assert (f["gold"], f["vp"], f["start_tile"]) == (gold, 10, True)
    # V-24 / VA-14: the rest of the 195 gold is the bank.
    assert s["table"]["bank"] == COINS - players * gold


@pytest.mark.parametrize("players", [2, 3, 4])
def test_unused_start_tiles_leave_the_game(players):
    # V-21: start tiles of absent players are removed.
    assert game(players)["table"]["removed"]["tiles"]["L"] == 4 - players


def test_player_count():
    # V-20: 2-4 players.
    for players in (1, 5):
        with pytest.raises(IllegalMove) as refused:
            GAME.setup(players, GAME.resolve_options({}), 1)
        assert refused.value.rule == "V-20"


def test_six_stacks_of_twelve():
    # V-22: 72 tiles (no start tile) in 6 stacks of 12, round 1's stack already laid out.
    s = game(4)
    stacks = s["hidden"]["stacks"]
    assert [len(st) for st in stacks] == [0, 12, 12, 12, 12, 12]
    on_wheel = [st["tile"] for st in s["table"]["wheel"]["spaces"]]
    assert len(on_wheel) + sum(len(st) for st in stacks) == 72


def test_bag_holds_all_vikings():
    # V-23: 78 vikings in the bag; the base game's offer takes 12 of them.
    s = game(2)
    assert sum(s["hidden"]["bag"].values()) == 78 - 12


def test_start_player_host_choice_or_random():
    # V-25 / VD-3 / V-12: the host's choice, or a seeded random seat, holds the figure.
    assert game(3, start_player=2)["table"]["start"] == 2
    drawn = {GAME.setup(4, GAME.resolve_options({}), seed)["table"]["start"] for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    with pytest.raises(IllegalMove) as refused:
        game(2, start_player=3)
    assert refused.value.rule == "V-25"


def test_advanced_special_pile():
    # V-26: 25 special tiles face down; 4 turned up before round 1 (V-116).
    s = game(2, variant="advanced")
    assert len(s["hidden"]["pile"]) == 21 and all(s["table"]["display"])
    assert game(2)["table"]["display"] == []  # base game: no special tiles


def test_first_round_starts_with_the_start_player_buying():
    # V-30 (1)-(2), V-31: round 1 starts with the offer, then the start player buys.
    s = game(3, start_player=1)
    assert s["table"]["round"] == 1
    assert GAME.to_act(s) == [1] and s["table"]["prompt"]["ask"] == "buy"


def test_same_seed_same_game():
    # V-22 / V-23 / VA-21: all randomness comes from the seed kept in the state.
    a, b = game(4, seed=7), game(4, seed=7)
    assert a == b
    assert a["hidden"]["stacks"] != game(4, seed=8)["hidden"]["stacks"]


def test_ship_tiles_fill_from_eleven_down():
    # V-36 on a real setup: ships from 11 down, islands from 0 up.
    spaces = game(2, seed=3)["table"]["wheel"]["spaces"]
    kinds = ["ship" if st["tile"] in SHIPS else "island" for st in spaces]
    first_ship = kinds.index("ship") if "ship" in kinds else 12
    assert kinds == ["island"] * first_ship + ["ship"] * (12 - first_ship)
