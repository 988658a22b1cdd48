"""Situations for the occupation card tests: a table, a card played through the real
occupation space, triggered cards laid out, and answering the card prompt."""

from __future__ import annotations

from typing import Any

import pytest

from server.games.contract import State
from server.games.feast import dice, moves
from tests.games.feast.situations import act, confirm_all, give, on_turn, pass_all

Move = dict[str, Any]


def table(players: int = 2, seed: int = 3, **supply: int) -> State:
    """Seat 0 to act in round 1 with 6 Vikings on his Thing square, no goods, the starting
    weapons (1 bow, 1 snare, 1 spear) and an empty hand, plus `supply`."""
    from tests.games.feast.situations import fresh

    s = on_turn(fresh(players, seed=seed), 0)
    for p in s["seats"]:
        p["goods"] = {}
        p["hand"] = []
        p["weapons"] = {"bow": 1, "snare": 1, "spear": 1, "long_sword": 0}
        p["thing"] = 6
    return give(s, 0, **supply)


def play(s: State, card: str, seat: int = 0) -> State:
    """Play `card` on `c2_play_occupations` (no cost, no gain of its own)."""
    s = on_turn(s, seat)
    s["seats"][seat]["hand"] = [card]
    s = act(s, seat, {"type": "occupy", "space": "c2_play_occupations"})
    return act(s, seat, {"type": "play", "card": card})


def lay(s: State, *cards: str, seat: int = 0) -> State:
    """Cards already played earlier by `seat` (for triggered and anytime cards)."""
    s["seats"][seat]["played"] += list(cards)
    return s


def asked(s: State, card: str, seat: int = 0) -> list[dict[str, Any]]:
    """The options the card prompt offers (asserting that this card asks this seat)."""
    prompt = s["prompt"]
    assert prompt is not None and prompt["kind"] == "card", prompt
    assert (prompt["card"], prompt["seat"]) == (card, seat)
    return list(prompt["options"])


def pick(s: State, option: dict[str, Any], seat: int = 0) -> State:
    """Choose the offered option equal to `option`."""
    options = s["prompt"]["options"]
    assert option in options, (option, options)
    return act(s, seat, {"type": "choose", "pick": options.index(option)})


def ships(s: State, seat: int = 0, **counts: int) -> State:
    for ship, n in counts.items():
        s["seats"][seat]["ships"] += [{"type": ship, "ore": 0} for _ in range(n)]
    return s


def rolls(monkeypatch: pytest.MonkeyPatch, value: int) -> None:
    """Every die shows `value`."""
    monkeypatch.setattr(dice, "below", lambda rng, n: value - 1)


def goods(s: State, seat: int = 0) -> dict[str, int]:
    return dict(s["seats"][seat]["goods"])


def weapons(s: State, seat: int = 0) -> int:
    return int(sum(s["seats"][seat]["weapons"].values()))


def occupy(s: State, space: str, seat: int = 0) -> State:
    """`seat` places Vikings on `space` (skipping a column-4 bonus play it may offer)."""
    s = act(on_turn(s, seat), seat, {"type": "occupy", "space": space})
    if s["prompt"]["kind"] == "bonus_play":
        s = act(s, seat, {"type": "skip"})
    return s


def to_feast(s: State) -> State:
    """Everyone passes, then confirms: the round goes on to its feast."""
    return confirm_all(pass_all(s), "ready", {"type": "ready"})


def uses(s: State, card: str, seat: int = 0) -> list[dict[str, Any]]:
    """The `use_card` decisions of `card` that `seat` may make now."""
    return [m for m in moves.legal(s, seat) if m["type"] == "use_card" and m["card"] == card]
