"""Occupation cards as a mechanism: drawing, playing, and the hooks card effects plug into (F-600…F-612).

Hands are private (the view shows only their size), the dark-brown deck is hidden and
never reshuffled (F-602). A played card lies face up and scores its printed VP. The card
*effects* are the next issue; this module gives them their hooks so that adding a card
is adding an entry to `EFFECTS`:

* `on_play(state, seat)` — a one-time effect when the card is played (yellow, F-640);
* `before_action(state, seat, space)` / `after_action(state, seat, space)` — red cards
  that fire around an action (F-650, F-651);
* `on_phase(state, seat, phase)` — after an automatic phase has run (e.g. extra breeding);
* `anytime_moves(state, seat)` / `anytime_apply(state, seat, move)` — exchanges a blue
  card allows whenever its owner likes (F-645), offered as `{"type": "use_card", "card":
  id, ...}` moves alongside the other anytime actions;
* `rules` — rule changes read with `rule()` (blue cards, F-646; e.g. "max_rolls": 4 for
  Proficient Hunter, F-653).

No card has an entry yet, so every hook is a no-op and a played card only scores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from server.games.contract import Move, State
from server.games.feast.refusals import refuse
from server.games.feast.supply import Player


@dataclass
class CardEffect:
    on_play: Callable[[State, int], None] | None = None
    before_action: Callable[[State, int, str], None] | None = None
    after_action: Callable[[State, int, str], None] | None = None
    on_phase: Callable[[State, int, int], None] | None = None
    anytime_moves: Callable[[State, int], list[Move]] | None = None
    anytime_apply: Callable[[State, int, Move], None] | None = None
    rules: dict[str, Any] = field(default_factory=dict)


EFFECTS: dict[str, CardEffect] = {}


def draw(s: State, p: Player) -> None:
    """Draw the top dark-brown card; an empty deck gives nothing (F-602)."""
    deck = s["secret"]["occupations"]
    if deck:
        p["hand"].append(deck.pop())


def play(s: State, seat: int, card: Any) -> None:
    """F-606: lay a card from hand face up, then its one-time effect (if it has one)."""
    p = s["seats"][seat]
    if not isinstance(card, str) or card not in p["hand"]:
        raise refuse("F-606", "you can only play an occupation from your hand")
    p["hand"].remove(card)
    p["played"].append(card)
    effect = EFFECTS.get(card)
    if effect and effect.on_play:
        effect.on_play(s, seat)


def _effects(s: State, seat: int) -> list[CardEffect]:
    return [EFFECTS[c] for c in s["seats"][seat]["played"] if c in EFFECTS]


def before_action(s: State, seat: int, space: str) -> None:
    for effect in _effects(s, seat):
        if effect.before_action:
            effect.before_action(s, seat, space)


def after_action(s: State, seat: int, space: str) -> None:
    for effect in _effects(s, seat):
        if effect.after_action:
            effect.after_action(s, seat, space)


def on_phase(s: State, phase: int) -> None:
    for seat in range(s["players"]):
        for effect in _effects(s, seat):
            if effect.on_phase:
                effect.on_phase(s, seat, phase)


def rule(s: State, seat: int, name: str, default: Any) -> Any:
    """A rule value as changed by the seat's played cards (the last card played wins)."""
    value = default
    for effect in _effects(s, seat):
        value = effect.rules.get(name, value)
    return value


def anytime_moves(s: State, seat: int) -> list[Move]:
    """F-645: the exchanges the seat's played blue cards offer now."""
    moves: list[Move] = []
    for card in s["seats"][seat]["played"]:
        effect = EFFECTS.get(card)
        if effect and effect.anytime_moves:
            moves += [{**m, "type": "use_card", "card": card} for m in effect.anytime_moves(s, seat)]
    return moves


def use_card(s: State, seat: int, move: Move) -> None:
    """Apply an anytime exchange of one of the seat's played cards."""
    card = move.get("card")
    effect = EFFECTS.get(card) if isinstance(card, str) else None
    if card not in s["seats"][seat]["played"] or effect is None or effect.anytime_apply is None:
        raise refuse("F-645", "only a played card with an anytime effect can be used")
    if move not in anytime_moves(s, seat):
        raise refuse("F-645", "that card offers no such exchange now")
    effect.anytime_apply(s, seat, move)
