"""Feast decisions described for the move log (server/games/feast/describe.py).

Whole random games: every accepted decision is described for each seat and for the
spectators, as plain JSON-compatible data naming ids and prices, never view paths; prices
are the ones the player paid (read before the move); a starting card chosen from a
private hand stays hidden from everyone else (F-119).
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from server.games.feast.catalog import GOODS, SHIPS, SPACES, SPECIALS
from server.games.feast.describe import DESCRIBE, describe
from server.games.feast.game import GAME
from server.games.feast.moves import HANDLERS


@cache
def _play(seed: int) -> list[tuple[dict, int, dict, dict]]:
    """One random two-player short game: (state before, seat, move, state after) per decision."""
    rng = random.Random(seed)
    s = GAME.setup(2, {"length": "short"}, seed)
    out = []
    while not s["over"]:
        seat = GAME.to_act(s)[0]
        move = rng.choice(GAME.legal_moves(s, seat))
        after = GAME.apply(s, seat, move)
        out.append((s, seat, move, after))
        s = after
    return out


def test_every_move_type_has_a_description() -> None:
    assert set(HANDLERS) <= set(DESCRIBE)


def test_random_games_are_described_for_every_viewer_without_paths_or_words() -> None:
    seen = set()
    for seed in (2,):
        for before, seat, move, after in _play(seed):
            for viewer in (0, 1, None):
                said = describe(before, seat, move, viewer)
                assert said["k"] == f"feast.{move['type']}"
                text = json.dumps(said)  # JSON-compatible, no sets or tuples
                for path in ('"table"', "to_act", "/seats/"):
                    assert path not in text
                seen.add(move["type"])
            said = describe(before, seat, move, None)
            if move["type"] == "occupy":
                assert said["space"] in SPACES and said["vikings"] == SPACES[said["space"]]["column"]  # F-241
            if move["type"] == "buy_ship":
                assert said["silver"] == SHIPS[move["ship"]]["buy_price_silver"]  # F-350
                assert before["seats"][seat]["silver"] - after["seats"][seat]["silver"] == said["silver"]
            if move["type"] == "buy":
                assert said["silver"] == SPECIALS[move["tile"]]["silver_price"]  # F-505
            if move["type"] == "serve" and said["item"] != "silver":
                assert said["item"] in GOODS and said["lay"] in ("h", "v")  # F-273
            if move["type"] == "take":
                taken = said["items"]
                assert len(taken) == move["n"] and all(isinstance(x, str) for x in taken)  # F-451
    assert {"occupy", "serve", "place", "ready"} <= seen


def test_a_starting_card_chosen_from_the_hand_is_hidden_from_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    # F-805 solo choice of the starting occupation; F-119 hands are private
    from server.games.feast import setup

    monkeypatch.setattr(setup, "dealable", lambda card: True)  # starting cards are not dealt until implemented
    s = GAME.setup(1, {"length": "short", "solo_start_card": "choose"}, 4)
    assert s["prompt"]["kind"] == "start_card"
    move = GAME.legal_moves(s, 0)[0]
    GAME.apply(s, 0, move)
    assert describe(s, 0, move, 0) == {"k": "feast.choose_card", "card": move["card"]}
    assert describe(s, 0, move, None) == {"k": "feast.choose_card", "card": None}


def test_a_played_card_is_named_to_everyone() -> None:
    played = [(b, seat, m) for b, seat, m, _ in _play(2) if m["type"] == "play"]
    assert played, "the game had a card played"
    for before, seat, move in played:
        assert describe(before, seat, move, 1 - seat)["card"] == move["card"]  # F-606: played cards lie open


def test_a_space_with_one_way_says_its_price_and_the_player_paid_it() -> None:
    # F-243: a space's one way is carried out on placing; its cost (silver, wood, stone) is what was paid
    priced = 0
    for seed in (2, 3):
        for before, seat, move, after in _play(seed):
            if move["type"] != "occupy":
                continue
            said = describe(before, seat, move, None)
            if "cost" not in said:
                continue
            assert said["cost"] and all(isinstance(n, int) and n > 0 for n in said["cost"].values())
            if after["prompt"] is not None and after["prompt"]["kind"] != "turn":
                continue  # a card or a choice comes first: the action is carried out later
            gain = SPACES[move.get("copy") or move["space"]]["effect"].get("gain", {})
            for res, n in said["cost"].items():
                if isinstance(before["seats"][seat].get(res), int) and res not in gain:
                    assert before["seats"][seat][res] - after["seats"][seat][res] == n, (said, res)
                    priced += 1
    assert priced > 0, "no priced space was taken in two games"
