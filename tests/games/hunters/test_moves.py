"""Untrusted moves: malformed input is refused as bad_move, rule breaks name their rule,
and no refusal changes the state (contract; H-14, H-15, H-60)."""

from __future__ import annotations

import random

from hypothesis import given as hypothesis_given
from hypothesis import settings
from hypothesis import strategies as st

from server.games.contract import IllegalMove, clone
from server.games.hunters import GAME

from .table import BLUE, RED, last_tile, new_game, place, refused

wire = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
moveish = st.fixed_dictionaries(
    {"type": st.sampled_from(["place", "clan", "hut", "pass", "x"]) | wire},
    optional={"x": wire, "y": wire, "rotation": wire, "segment": wire},
)

PLACE_PHASE = new_game(3)
FIGURE_PHASE = place(new_game(3), "T14", -1, 0, 1)


@settings(max_examples=300, deadline=None)
@hypothesis_given(move=wire | moveish, figure=st.booleans())
def test_garbage_never_raises_anything_but_illegal_move(move: object, figure: bool) -> None:
    state = FIGURE_PHASE if figure else PLACE_PHASE
    before = clone(state)
    seat = state["turn"]["seat"]
    try:
        after = GAME.apply(state, seat, move)
    except IllegalMove as err:
        assert err.code in ("bad_move", "illegal_move")
    else:
        # accepted only if it is a legal move (extra keys are ignored)
        legal = GAME.legal_moves(state, seat)
        assert any(all(move.get(k) == v for k, v in m.items()) for m in legal)  # type: ignore[union-attr]
        assert after is not state
    assert state == before


def test_random_junk_at_every_step_of_a_game() -> None:
    # Every few moves of a random game, garbage is thrown at the engine: refused cleanly.
    rng = random.Random(5)
    junk = [
        None,
        3,
        "place",
        [],
        {},
        {"type": None},
        {"type": "place", "x": True, "y": 0, "rotation": 0},
        {"type": "place", "x": 10**40, "y": -(10**40), "rotation": 0},
        {"type": "place", "x": 0, "y": -1, "rotation": 4},
        {"type": "clan", "segment": "0"},
        {"type": "hut", "segment": 2**70},
        {"type": "clan"},
        {"type": ["pass"]},
    ]
    s = new_game(4)
    while GAME.result(s) is None:
        seat = GAME.to_act(s)[0]
        for bad in rng.sample(junk, 3):
            refused(s, seat=seat, move=bad)
        s = GAME.apply(s, seat, rng.choice(GAME.legal_moves(s, seat)))


def test_bad_move_kinds() -> None:
    for move in (None, 1, "pass", ["pass"], {"type": "fly"}, {"kind": "pass"}):
        assert refused(PLACE_PHASE, seat=0, move=move).code == "bad_move"
    for move in (
        {"type": "place", "x": 0, "y": -1},
        {"type": "place", "x": 0.0, "y": -1, "rotation": 0},
        {"type": "place", "x": 0, "y": -1, "rotation": -1},
        {"type": "place", "x": 0, "y": -1, "rotation": False},
    ):
        err = refused(PLACE_PHASE, seat=0, move=move)
        assert (err.code, err.rule) == ("bad_move", None)


def test_h15_not_your_turn() -> None:
    # H-15: only the seat whose turn it is may act; others get no legal moves.
    err = refused(PLACE_PHASE, seat=BLUE, move={"type": "pass"})
    assert (err.code, err.rule) == ("not_your_turn", "H-15")
    assert GAME.legal_moves(PLACE_PHASE, BLUE) == []


def test_h14_steps_in_order() -> None:
    # H-14: first the tile, then the figure (or pass); not the other way round.
    err = refused(PLACE_PHASE, seat=RED, move={"type": "pass"})
    assert (err.code, err.rule) == ("illegal_move", "H-14")
    move = {"type": "place", "x": 0, "y": -1, "rotation": 0}
    assert refused(FIGURE_PHASE, seat=RED, move=move).rule == "H-22"


def test_h60_no_move_after_the_end() -> None:
    # H-60: once over, every move is refused with game_over.
    s = last_tile(new_game())
    s = GAME.apply(s, RED, GAME.legal_moves(s, RED)[0])
    s = GAME.apply(s, RED, {"type": "pass"})
    assert GAME.result(s) is not None
    err = refused(s, seat=RED, move={"type": "pass"})
    assert (err.code, err.rule) == ("game_over", "H-60")


def test_every_legal_move_is_accepted_verbatim() -> None:
    # contract: each legal_moves entry applies as it is, in both kinds of step.
    for state in (PLACE_PHASE, FIGURE_PHASE):
        seat = state["turn"]["seat"]
        for move in GAME.legal_moves(state, seat):
            GAME.apply(state, seat, move)
