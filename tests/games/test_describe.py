"""Game.describe: every accepted decision of random games, described for every viewer.

A description is flat, language-neutral data a client words (docs/protocol.md, "The
last decision"): a "k" naming the wording and plain values, never a view path or a
sentence. Prices are the ones the buyer paid; nothing hidden from a viewer is in its
description (Vikings and Hunters hide nothing a decision shows: VA-21, HA-26, so every
viewer reads the same).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from server.games import registry
from server.games.contract import Game

VALUE = (int, str, bool, type(None))
PATH_WORDS = ("table", "to_act", "fjords", "prompt")


def described_game(name: str, players: int, seed: int, options: dict[str, Any] | None = None):
    """Yield (before, seat, move, after, {viewer: description}) over one random game."""
    game = registry.get(name)
    assert isinstance(game, Game)
    pick = random.Random(seed)
    state = game.setup(players, game.resolve_options(options), seed)
    while game.result(state) is None:
        seat = pick.choice(game.to_act(state))
        move = pick.choice(game.legal_moves(state, seat))
        after = game.apply(state, seat, move)
        said = {viewer: game.describe(state, seat, move, viewer) for viewer in [None, *range(players)]}
        yield state, seat, move, after, said
        state = after


def check_shape(name: str, said: dict[str, Any]) -> None:
    assert said["k"].startswith(f"{name}."), said
    assert all(isinstance(v, VALUE) for v in said.values()), said  # flat values, no subtrees
    text = json.dumps(said)
    assert not any(word in text for word in PATH_WORDS), said


@pytest.mark.parametrize("variant", ["base", "advanced"])
def test_vikings_descriptions_name_what_was_paid(variant: str) -> None:
    seen: set[str] = set()
    for before, seat, move, after, said in described_game("vikings", 3, seed=5, options={"variant": variant}):
        public = said[None]
        assert all(d == public for d in said.values()), "VA-21: everyone reads the same"
        check_shape("vikings", public)
        seen.add(public["k"])
        if move["type"] == "buy":
            # V-45, VA-1: the price is the space number less the wheel's offset, paid in gold
            wheel = before["table"]["wheel"]
            assert public["space"] == move["slot"]
            assert public["gold"] == move["slot"] - wheel["offset"]
            paid = before["table"]["fjords"][seat]["gold"] - after["table"]["fjords"][seat]["gold"]
            assert public["gold"] == paid
            assert public["tile"] == wheel["spaces"][move["slot"]]["tile"]
        if move["type"] == "place" and move["row"] > 0:
            assert public["extends"] == (public["tile"] != "L")  # V-7: a left end begins an island
    assert {"vikings.buy", "vikings.place", "vikings.start"} <= seen
    if variant == "advanced":
        assert {"vikings.bid", "vikings.pass", "vikings.box", "vikings.colour"} & seen


def test_hunters_descriptions_name_the_tile_and_the_role() -> None:
    roles: set[str] = set()
    for before, _seat, move, after, said in described_game("hunters", 2, seed=3):
        public = said[None]
        assert all(d == public for d in said.values()), "HA-26: everyone reads the same"
        check_shape("hunters", public)
        if move["type"] == "place":
            assert public["tile"] == before["hand"]  # H-17: the tile that was in hand
            assert after["map"][f"{move['x']},{move['y']}"]["tile"] == public["tile"]
        elif move["type"] in ("clan", "hut"):
            # H-24 / H-26: the figure's role is the one it stands as on the board
            # (a figure on a feature the tile completed is scored and back home already)
            placed = [f for f in after["figures"] if (f["at"], f["segment"]) == (public["at"], move["segment"])]
            assert all(f["role"] == public["role"] for f in placed)
            roles.add(public["role"])
    assert {"hunter", "gatherer", "fisher", "hut"} <= roles


def test_the_default_describe_names_only_the_move_type() -> None:
    """What a game without its own describe says: safe for hidden information, since the
    move's fields (a card, a bid) are left out for every viewer."""
    game = registry.get("feast")
    assert game is not None
    state = game.setup(2, game.resolve_options({}), 1)
    seat = game.to_act(state)[0]
    move = game.legal_moves(state, seat)[0]
    for viewer in (None, 0, 1):
        assert Game.describe(game, state, seat, move, viewer) == {"k": "move", "type": move["type"]}
