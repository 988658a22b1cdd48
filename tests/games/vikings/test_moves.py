"""Refusals (a test per kind: rule number, nothing changed), malformed moves, and the
agreement between legal_moves and apply."""

import contextlib
import copy
import itertools
import random

import ormsgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.games.contract import IllegalMove
from server.games.vikings import GAME
from server.games.vikings.components import COLOURS
from tests.games.vikings.situations import ask, game, home, lay, tile, wheel


def refusal(s, seat, move):
    """Apply a move that must be refused; check the state is untouched; return the error."""
    before = copy.deepcopy(s)
    with pytest.raises(IllegalMove) as err:
        GAME.apply(s, seat, move)
    assert s == before
    return err.value


def buying():
    s = game(2)
    wheel(s, {0: ("L", "blue"), 1: ("R", "blue"), 9: ("SG", "black")})
    s["table"]["fjords"][0]["gold"] = 5
    return s


def placing(kind, viking, rows):
    s = game(2)
    lay(s, 0, rows)
    s["table"]["hand"] = {"tile": kind, "viking": viking, "pos": None}
    ask(s, 0, "place")
    return s


def carrying(mode="colour", colour="blue"):
    s = game(2)
    s["table"]["round"] = 2
    lay(s, 0, {2: [tile("L")], 5: [tile("L", "blue"), tile("R")]})
    home(s, 0, blue=2, red=1, grey=1)
    s["table"]["scoring"] = {"next": 0, "done": False}
    s["table"]["trip"] = {"mode": mode, "colour": colour, "carried": []}
    ask(s, 0, "carry")
    return s


def case(name, make, move, rule, seat=0, code="illegal_move"):
    return pytest.param(make, seat, move, code, rule, id=name)


def corner():
    return placing("L", "red", {2: ["L", "R"]})


def mismatch():
    return placing("R", "red", {2: ["L", "R"]})


def island():
    return placing("L", "red", {})


def ship():
    return placing("SG", "red", {})


CASES = [
    case("unaffordable set", buying, {"type": "buy", "slot": 9}, "V-47"),
    case("0 set while its colour remains", buying, {"type": "buy", "slot": 0}, "V-46"),
    case("empty offer space", buying, {"type": "buy", "slot": 5}, "V-45"),
    case("acting out of turn", buying, {"type": "buy", "slot": 1}, "V-31", seat=1, code="not_your_turn"),
    case("convert more VP than held", buying, {"type": "convert", "vp": 11}, "V-50", seat=1),
    case("tile that does not match", mismatch, {"type": "place", "row": 2, "col": 3}, "V-60"),
    case("tile touching only a corner", corner, {"type": "place", "row": 3, "col": 3}, "V-58"),
    case("island tile in the ship row", island, {"type": "place", "row": 0, "col": 1}, "V-57"),
    case("ship in an island row", ship, {"type": "place", "row": 1, "col": 1}, "V-56"),
    case("ship beyond column 3 too early", ship, {"type": "place", "row": 0, "col": 4}, "V-56"),
    case("discarding a placeable tile", island, {"type": "discard"}, "V-61"),
    case("figure into the wrong row", carrying, {"type": "carry", "row": 2, "col": 1}, "V-67"),
    case("second figure on a tile", carrying, {"type": "carry", "row": 5, "col": 1}, "V-67"),
    case("landing an all-of-a-colour trip early", carrying, {"type": "land"}, "V-80"),
    case("wrong kind of decision", buying, {"type": "viking", "to": "home"}, "V-45", code="wrong_decision"),
]


@pytest.mark.parametrize(("make", "seat", "move", "code", "rule"), CASES)
def test_refusal_names_the_rule_and_changes_nothing(make, seat, move, code, rule):
    # V-45, V-46, V-47, V-31, V-50, V-60, V-58, V-57, V-56, V-61, V-67, V-80
    err = refusal(make(), seat, move)
    assert (err.code, err.rule) == (code, rule)
    assert err.detail and (code != "illegal_move" or err.detail.startswith(rule))


def test_start_tile_twice_and_game_over():
    # V-62: a start tile only once; V-30: nothing after the end.
    s = placing("L", "red", {})
    s["table"]["fjords"][0]["start_tile"] = False
    assert refusal(s, 0, {"type": "start", "row": 3}).rule == "V-62"
    s["table"]["over"], s["table"]["prompt"] = True, None
    assert refusal(s, 0, {"type": "convert", "vp": 1}).code == "game_over"


GARBAGE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.binary(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)
TYPES = [
    "buy",
    "place",
    "start",
    "discard",
    "viking",
    "special",
    "decline",
    "exchange",
    "bid",
    "pass",
    "box",
    "colour",
    "boatsman",
    "done",
    "carry",
    "land",
    "convert",
    "nonsense",
]
KEYS = ["slot", "row", "col", "to", "space", "amount", "colour", "mode", "vp"]
FIELD = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 5, 11, 12, -1, True, False, None]),
    st.sampled_from(COLOURS + ["tile", "home", "one", "each", "colour", ""]),
    GARBAGE,
)
SHAPED = st.builds(lambda t, f: {"type": t, **f}, st.sampled_from(TYPES), st.dictionaries(st.sampled_from(KEYS), FIELD))


def sample_states():
    states = []
    for players, options in ((2, {"variant": "base"}), (4, {"variant": "advanced"})):
        pick = random.Random(players)
        s = GAME.setup(players, GAME.resolve_options(options), players)
        while GAME.result(s) is None:
            seat = GAME.to_act(s)[0]
            if pick.random() < 0.08:
                states.append(s)
            s = GAME.apply(s, seat, pick.choice(GAME.legal_moves(s, seat)))
        states.append(s)
    return states


STATES = sample_states()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(STATES))), st.integers(-2, 5), GARBAGE | SHAPED)
def test_untrusted_moves_never_crash_or_mutate(index, seat, move):
    # contract: anything off the wire is either applied or refused with IllegalMove.
    s = STATES[index]
    before = copy.deepcopy(s)
    try:
        GAME.apply(s, seat, move)
    except IllegalMove as err:
        assert err.code in ("bad_move", "illegal_move", "not_your_turn", "wrong_decision", "game_over")
    assert s == before


def candidates(s):
    """A grid of well-formed moves around every decision type."""
    cols = range(0, 9)
    yield from ({"type": "buy", "slot": i} for i in range(12))
    yield from ({"type": "place", "row": r, "col": c} for r, c in itertools.product(range(6), cols))
    yield from ({"type": t, "row": r} for t in ("start",) for r in range(6))
    yield from (
        {"type": t, "row": r, "col": c} for t in ("exchange", "carry") for r, c in itertools.product(range(6), cols)
    )
    yield from ({"type": t} for t in ("discard", "decline", "pass", "done", "land"))
    yield from ({"type": "viking", "to": to} for to in ("tile", "home"))
    yield from ({"type": "special", "space": i} for i in range(4))
    yield from ({"type": "bid", "amount": a} for a in range(0, 80))
    yield from ({"type": t, "colour": c} for t in ("box", "colour") for c in COLOURS)
    yield from ({"type": "convert", "vp": n} for n in range(0, 60))
    yield {"type": "boatsman", "mode": "one"}
    yield {"type": "boatsman", "mode": "each"}
    yield from ({"type": "boatsman", "mode": "colour", "colour": c} for c in COLOURS)


def test_apply_accepts_exactly_the_legal_moves():
    # contract, V-50, VA-2: every listed move is accepted verbatim, and nothing else is;
    # every seat's VP conversions are listed, asked or not.
    for s in STATES:
        for seat in range(s["table"]["players"]):
            legal = GAME.legal_moves(s, seat)
            for move in candidates(s):
                try:
                    GAME.apply(s, seat, move)
                    accepted = True
                except IllegalMove:
                    accepted = False
                assert accepted == (move in legal), (move, s["table"]["prompt"])


def test_v50_va2_every_seat_lists_every_conversion_at_any_time():
    # V-50, VA-2: any seat, asked or not, may convert any whole amount 1..VP before the
    # end; legal_moves lists each amount, after the prompt's own decisions.
    s = game(3)
    for f, vp in zip(s["table"]["fjords"], (0, 3, 10), strict=True):
        f["vp"] = f["vp_items"]["start"] = vp
    assert GAME.to_act(s) == [0]
    assert not [m for m in GAME.legal_moves(s, 0) if m["type"] == "convert"]
    assert GAME.legal_moves(s, 1) == [{"type": "convert", "vp": n} for n in (1, 2, 3)]
    listed = GAME.legal_moves(s, 2)
    assert listed == [{"type": "convert", "vp": n} for n in range(1, 11)]
    for move in listed:
        after = GAME.apply(s, 2, move)
        f = after["table"]["fjords"][2]
        assert (f["vp"], f["gold"] - s["table"]["fjords"][2]["gold"]) == (10 - move["vp"], move["vp"])
        assert GAME.to_act(after) == [0]
    s["table"]["over"] = True
    assert all(GAME.legal_moves(s, seat) == [] for seat in range(3))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["base", "advanced"])
def test_apply_never_changes_its_input(players, variant):
    # contract: apply copies what it changes (copy-on-write), the old state stays intact,
    # also across round ends, scorings and the auction.
    pick = random.Random(players)
    s = GAME.setup(players, GAME.resolve_options({"variant": variant}), players)
    while GAME.result(s) is None:
        seat = GAME.to_act(s)[0]
        before = copy.deepcopy(s)
        moves = GAME.legal_moves(s, seat)
        new = GAME.apply(s, seat, pick.choice(moves))
        if pick.random() < 0.2:  # an out-of-turn conversion by anyone (VA-2)
            other = pick.randrange(players)
            if new["table"]["fjords"][other]["vp"]:
                GAME.apply(new, other, {"type": "convert", "vp": 1})
        assert s == before
        s = new


OPTION_MIXES = [
    {"variant": "advanced"},
    {"variant": "advanced", "auction": False, "zero_purchase_lockout": True},
    {"variant": "advanced", "ship_row_contiguous": True, "island_adjacency_islands_only": True},
    {"variant": "base", "food_ignores_figures_on_special_tiles": True, "zero_purchase_lockout": True},
]


def _skewed(move, pick):
    """A move like `move` with one field pushed off: mostly refused, now and then legal."""
    bent = dict(move)
    for key in ("row", "col", "slot", "space", "amount", "vp"):
        if key in bent and pick.random() < 0.5:
            bent[key] += pick.choice((-1, 1, 2, 7))
    if "colour" in bent and pick.random() < 0.5:
        bent["colour"] = pick.choice(COLOURS)
    return bent


@pytest.mark.parametrize("mix", range(len(OPTION_MIXES)))
def test_no_decision_changes_a_part_it_shares(mix):
    # contract: apply copies only the parts a decision changes and shares the rest with its
    # input (moves.writable); every decision of every kind, legal or refused, in turn or an
    # out-of-turn conversion (VA-2), over whole games with the options that change the
    # placement, the purchase and the auction, leaves its input byte for byte as it was.
    pick = random.Random(mix)
    options = GAME.resolve_options(OPTION_MIXES[mix])
    kinds = set()
    for g in range(12):
        players = 2 + g % 3
        s = GAME.setup(players, options, 100 * mix + g)
        while GAME.result(s) is None:
            seat = GAME.to_act(s)[0]
            before = ormsgpack.packb(s)
            moves = GAME.legal_moves(s, seat)
            for move in pick.sample(moves, min(3, len(moves))):
                with contextlib.suppress(IllegalMove):
                    GAME.apply(s, seat, _skewed(move, pick))
                other = pick.randrange(players)
                if pick.random() < 0.3 and s["table"]["fjords"][other]["vp"]:
                    GAME.apply(s, other, {"type": "convert", "vp": 1})
                assert ormsgpack.packb(s) == before
            move = pick.choice(moves)
            kinds.add((s["table"]["prompt"]["ask"], move["type"]))
            s = GAME.apply(s, seat, move)
    assert len(kinds) >= 10  # the decisions met: bids, purchases, placements, trips, carries...
