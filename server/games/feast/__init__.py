"""A Feast for Odin (base game): the rules engine, registered as `feast`.

Spec: ../shared/rules/feast-for-odin.md (rules F-…); component data: data/ (verbatim
copies of ../shared/data/feast, checked by tests/games/feast/test_catalog.py).
RULES-CHECKLIST.md says which numbered rules are implemented and tested. Everything of
the base game is in — 1–4 players, long and short, solo, the 12 phases, all 61 action
spaces, placement on boards and buildings, feast, scoring — and the occupation card
effects of decks A, B and C (`occupations/`: data-driven effect kinds, triggers and a step
queue), the starting occupations among them (the `start_cards` option).

Spec against seed: the seed (Ukrainian rulebook) was checked on the feast, bonuses and
the solo set-up, which agree with the spec. The one departure is the spec's deliberate
exception O-1: a raid takes a tile of sword value *at most* the result (the seed says
"equal to"). Readings the spec resolved (its A-A-… and A-B-… entries) are followed,
with options for some configurable ones: `length`, `decks`, `final_income` (F-297),
`placement` (strict / lenient, F-772), `solo_start_card` (F-805) and `raid_exact_match`
(O-1). The other config readings of the spec keep their defaults, without an option.

Module map: catalog (data), shapes and areas (placement geometry), setup, rounds and
turns (phase flow), actions / trade / sailing / dice (action spaces), occupations (the
cards and their effects; actionlog records what an action did for them), feast, anytime,
supply, weapons, scoring, view, moves (move vocabulary), game (contract).
"""

from server.games.feast.game import GAME

# The deck modules register the cards no effect kind fits, and the counters, conditions,
# watchers and observers they add; no rule module imports them (they import the rule
# modules), so registration happens here, before any game is played.
from server.games.feast.occupations import deck_a, deck_b, deck_b_watch, deck_c, deck_start  # noqa: F401

__all__ = ["GAME"]
