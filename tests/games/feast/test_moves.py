"""The move interface: legal moves apply verbatim, malformed input is refused, refusals change nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.games.contract import IllegalMove, clone
from server.games.feast.game import GAME
from tests.games.feast.situations import act, fresh


def states_along_a_game(seed: int, every: int = 7) -> list[dict]:
    """Snapshots of one random game, every few decisions."""
    pick = random.Random(seed)
    s = fresh(3, "short", seed)
    out = []
    n = 0
    while GAME.result(s) is None:
        seat = pick.choice(GAME.to_act(s))
        s = GAME.apply(s, seat, pick.choice(GAME.legal_moves(s, seat)))
        n += 1
        if n % every == 0:
            out.append(s)
    return out


SNAPSHOTS = states_along_a_game(11)


def test_every_legal_move_is_accepted_verbatim() -> None:
    # contract: each entry of legal_moves applies; the input state is never mutated
    for s in SNAPSHOTS[::5]:
        before = clone(s)
        for seat in GAME.to_act(s):
            for move in GAME.legal_moves(s, seat):
                GAME.apply(s, seat, move)
        assert s == before


def test_seats_not_asked_have_no_moves() -> None:
    # F-240
    s = fresh(3)
    waiting = GAME.to_act(s)
    assert len(waiting) == 1
    others = [seat for seat in range(3) if seat not in waiting]
    assert all(GAME.legal_moves(s, seat) == [] for seat in others)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
TYPES = ["occupy", "pass", "option", "play", "skip", "stop", "ready", "done", "serve", "leave"]
TYPES += [
    "leave_rest",
    "place",
    "cancel",
    "store",
    "buy_ship",
    "arm",
    "take",
    "upgrade",
    "finish",
    "nonsense",
]
KEYS = ["space", "copy", "pick", "card", "item", "lay", "area", "turn", "row", "col", "res", "shed", "ship"]
KEYS += ["strip", "n", "part", "good", "to", "tile", "wood"]
moves_like = st.fixed_dictionaries(
    {"type": st.sampled_from(TYPES)},
    optional={k: json_values | st.sampled_from(["oil", "c1_fishing", "silver_1", "wood", 0, 1, -1, 99]) for k in KEYS},
)


@settings(max_examples=400, deadline=None)
@given(move=json_values | moves_like, which=st.integers(0, len(SNAPSHOTS) - 1), seat=st.integers(-2, 4))
def test_garbage_moves_only_raise_illegal_move(move: object, which: int, seat: int) -> None:
    # contract: untrusted input raises IllegalMove, never another exception, and changes nothing
    s = SNAPSHOTS[which]
    before = clone(s)
    try:
        GAME.apply(s, seat, move)
    except IllegalMove as err:
        assert err.code in ("bad_move", "illegal_move", "not_your_turn", "not_implemented")
    assert s == before


@pytest.mark.parametrize("move", [None, 3, "pass", [], {}, {"type": 5}, {"type": "fly"}])
def test_malformed_moves(move: object) -> None:
    s = fresh(2)
    with pytest.raises(IllegalMove) as err:
        act(s, s["prompt"]["seat"], move)  # type: ignore[arg-type]
    assert err.value.code == "bad_move" and err.value.rule is None


def test_wrong_phase_moves_cite_a_rule() -> None:
    # F-240, F-270, F-347, F-721: a decision that is not asked now
    s = fresh(2)
    seat = s["prompt"]["seat"]
    for move, rule in [
        ({"type": "serve", "item": "mead", "lay": "h"}, "F-270"),
        ({"type": "ready"}, "F-347"),
        ({"type": "done"}, "F-721"),
        ({"type": "option", "pick": 0}, "F-243"),
    ]:
        with pytest.raises(IllegalMove) as err:
            act(s, seat, move)
        assert err.value.rule == rule


def test_huge_and_negative_numbers() -> None:
    s = fresh(2)
    seat = s["prompt"]["seat"]
    s["seats"][seat]["goods"]["oil"] = 1
    for value in (2**80, -1, -(2**80), True):
        move = {"type": "place", "item": "oil", "area": 0, "turn": 0, "row": value, "col": 0}
        with pytest.raises(IllegalMove):
            act(s, seat, move)
