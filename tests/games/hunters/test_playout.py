"""Random bots play whole games through the public contract, checking invariants after
every move: tiles, figures and points are conserved and completed features hold no
follower. The default run plays a sample; `-m soak` plays the issue's 300 per count."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from server.games.hunters import GAME
from server.games.hunters.features import root
from server.games.hunters.figures import segment_of
from server.games.hunters.scoring import ITEMS
from server.games.hunters.tiles import BONUS, LAND, START
from server.games.playout import random_playout

ALL_TILES = Counter([START, *LAND, *BONUS])


def check(state: dict[str, Any]) -> None:
    # H-1, H-20, H-71: every tile is on the map, in a stack, in hand or discarded.
    where = [t["tile"] for t in state["map"].values()] + state["land"] + state["bonus"] + state["discards"]
    if state["hand"] is not None:
        where.append(state["hand"])
    assert Counter(where) == ALL_TILES
    # H-12, H-28: 5 clan members and 2 huts per seat, on the board or in supply.
    for seat, supply in enumerate(state["supply"]):
        mine = [f for f in state["figures"] if f["seat"] == seat]
        assert supply["clan"] + sum(f["role"] != "hut" for f in mine) == 5
        assert supply["huts"] + sum(f["role"] == "hut" for f in mine) == 2
        assert supply["clan"] >= 0 and supply["huts"] >= 0
    # H-41, H-50: a finished river or forest never keeps a follower.
    for f in state["figures"]:
        if f["role"] in ("gatherer", "fisher"):
            assert not state["feats"][root(state["parent"], segment_of(state, f))].get("done")
    # H-67, H-82: points are non-negative and a score is the sum of its breakdown.
    view = GAME.view(state, None)
    for seat, points in enumerate(state["points"]):
        assert all(points[item] >= 0 for item in ITEMS)
        assert view["scores"][seat] == sum(points.values())
    result = GAME.result(state)
    if result is not None:
        assert result["scores"] == [sum(b.values()) for b in result["breakdown"]]
        assert result["winners"] == [s for s, v in enumerate(result["scores"]) if v == max(result["scores"])]
        assert GAME.to_act(state) == []


def play_games(players: int, games: int) -> None:
    for seed in range(games):
        out = random_playout(GAME, players, None, seed * 101 + players, check)
        # H-60: the game ends only once the land stack is empty and the hand too.
        assert out.state["land"] == [] and out.state["hand"] is None
        assert len(out.result["scores"]) == players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants(players: int) -> None:
    play_games(players, 25)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_soak_300_games(players: int) -> None:
    play_games(players, 300)


def test_apply_never_changes_its_input() -> None:
    # contract: copy-on-write apply leaves every earlier state exactly as it was.
    import random

    from server.games.contract import clone

    pick = random.Random(11)
    for players in (2, 5):
        s = GAME.setup(players, GAME.resolve_options(None), players)
        history = []
        while GAME.result(s) is None:
            seat = GAME.to_act(s)[0]
            history.append((s, clone(s)))
            s = GAME.apply(s, seat, pick.choice(GAME.legal_moves(s, seat)))
        assert all(state == copy for state, copy in history)
