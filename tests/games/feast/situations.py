"""Small situations for the Feast tests: a fresh game, a player's supply, driving phases by hand."""

from __future__ import annotations

from typing import Any

import pytest

from server.games.contract import IllegalMove, State, clone
from server.games.feast.game import GAME

Move = dict[str, Any]


def fresh(players: int = 2, length: str = "long", seed: int = 0, **options: Any) -> State:
    """A new game, advanced to the first decision (round 1, actions phase)."""
    return GAME.setup(players, GAME.resolve_options({"length": length, **options}), seed)


def act(s: State, seat: int, move: Move) -> State:
    return GAME.apply(s, seat, move)


def refused(s: State, move: Move, seat: int = 0) -> str | None:
    """The rule cited when `move` is refused; the state must be left unchanged."""
    before = clone(s)
    with pytest.raises(IllegalMove) as err:
        act(s, seat, move)
    assert s == before
    return err.value.rule


def turn_seat(s: State) -> int:
    assert s["prompt"]["kind"] == "turn"
    return int(s["prompt"]["seat"])


def pass_all(s: State) -> State:
    """Everybody passes until the actions phase is over."""
    while s["prompt"] and s["prompt"]["kind"] == "turn":
        s = act(s, turn_seat(s), {"type": "pass"})
    return s


def confirm_all(s: State, kind: str, move: Move) -> State:
    while s["prompt"] and s["prompt"]["kind"] == kind:
        s = act(s, s["prompt"]["waiting"][0], move)
    return s


def skip_feast(s: State) -> State:
    """Every player leaves his whole table empty (Thing penalties) to get past the feast."""
    while s["prompt"] and s["prompt"]["kind"] == "feast":
        seat = s["prompt"]["waiting"][0]
        f = s["feast"][seat]
        move = {"type": "leave_rest"} if f["end"] - f["pos"] > 1 else {"type": "leave"}
        s = act(s, seat, move)
    return s


def finish_round(s: State) -> State:
    """Pass, confirm income, leave the feast empty: the state of the next round's actions phase."""
    s = pass_all(s)
    s = confirm_all(s, "ready", {"type": "ready"})
    return skip_feast(s)


def on_turn(s: State, seat: int) -> State:
    """Make `seat` the player whose turn it is (a test shortcut; nothing else changes)."""
    s["turn"] = seat
    s["prompt"] = {"kind": "turn", "seat": seat}
    return s


def give(s: State, seat: int, **items: int) -> State:
    """Put resources or goods into a player's supply."""
    p = s["seats"][seat]
    for item, n in items.items():
        if item in ("silver", "wood", "stone", "ore"):
            p[item] += n
        elif item in p["weapons"]:
            p["weapons"][item] += n
        else:
            p["goods"][item] = p["goods"].get(item, 0) + n
    return s
