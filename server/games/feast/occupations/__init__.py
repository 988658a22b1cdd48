"""Occupation cards: drawing, playing, and every card effect (F-600…F-659).

The model:

* `cards.py` — the effect *data*: `data/occupation_effects_<deck>.json` says for each
  card when each part applies and which *kind* it is, with what numbers;
* `flow.py` — when effects happen: the step queue run by `rounds.advance`, triggers
  (before / after an action, around a phase, on an event, instead of a rule step),
  watched conditions, observers, rule values; `counters.py` — what a card counts;
* `kinds.py` — the dozen kinds (gain, gain_per, tiered, exchange, upgrade, mountain,
  choice, phase, special, discount, rule): the options a part offers and applying one;
  `offers.py` — the card prompt and blue exchanges;
* `bespoke.py` plus one module per deck (`deck_a.py` …) — the few cards no kind fits.

Two layers, so that the rule modules and the cards do not import each other. This
package (drawing, playing, and the names of `flow.py` and `cards.py` it passes on) is what
the rule modules (`actions`, `dice`, `rounds`, `trade` …) call; it imports none of them.
The kinds, `offers.py` and the deck modules sit above the rule modules: they use them, and
the rule modules reach them only through the registries of `flow.py` (`STEPS`,
`CONDITIONS`, `WATCHERS`, `OBSERVERS`), filled at import. `moves`, above both, imports
`offers.py` for the card moves and the game package imports the deck modules, so every
registry is full before play.

README.md in this folder tells how to add the cards of another deck.
"""

from __future__ import annotations

from server.games.contract import State
from server.games.feast import actionlog
from server.games.feast.occupations.cards import PARTS, dealable, parts, timing
from server.games.feast.occupations.flow import (
    STEPS,
    Step,
    action_steps,
    card_step,
    discount,
    enqueue,
    fewer_vikings,
    fire,
    fire_all,
    instead,
    interrupt,
    observe,
    restore,
    roll_mod,
    rule,
    step,
    watch,
)
from server.games.feast.refusals import refuse
from server.games.feast.supply import Player

__all__ = [
    "PARTS", "STEPS", "Step", "action_steps", "card_step", "dealable", "discount", "draw", "draw_steps", "enqueue",
    "fewer_vikings", "fire", "fire_all", "instead", "interrupt", "observe", "parts", "play_steps", "restore",
    "roll_mod", "rule", "step", "timing", "watch",
]  # fmt: skip


def draw(s: State, p: Player) -> None:
    """Draw the top dark-brown card; an empty deck gives nothing (F-602)."""
    deck = s["secret"]["occupations"]
    if deck:
        p["hand"].append(deck.pop())


def draw_steps(s: State, seat: int) -> list[Step]:
    """A draw (F-601, F-610) — or the card step that may replace it (Tutor 99A)."""
    p = s["seats"][seat]
    replace = instead(s, seat, "draw") if p["hand"] and s["secret"]["occupations"] else None
    if replace:
        return [replace]
    draw(s, p)
    return []


def play_steps(s: State, seat: int, card: object) -> list[Step]:
    """F-606: lay a card from hand face up; its one-time parts are the steps returned (F-640)."""
    p = s["seats"][seat]
    if not isinstance(card, str) or card not in p["hand"]:
        raise refuse("F-606", "you can only play an occupation from your hand")
    p["hand"].remove(card)
    p["played"].append(card)
    actionlog.note(s, "played", True)  # Etiquette Teacher 176B
    return [card_step(seat, card, i) for i, part in enumerate(parts(card)) if part["when"] == "play"]
