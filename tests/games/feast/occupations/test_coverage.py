"""Every card of an implemented deck has effects and a test that names it (`# occupation 79A`)."""

from __future__ import annotations

import re
from pathlib import Path

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.occupations import PARTS, dealable

# Decks whose every card is implemented. Add "B", "C", "start_a", "start_b", "start_c"
# here when a deck is complete (README.md in server/games/feast/occupations).
IMPLEMENTED_DECKS = ("A", "B", "C", "start_a", "start_b", "start_c")


def _deck(card: str) -> str:
    c = OCCUPATIONS[card]
    return f"start_{c['deck'].lower()}" if c["starting"] else str(c["deck"])


def _named_in_tests() -> set[str]:
    named: set[str] = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        named |= set(re.findall(r"# occupation (\d+[A-Ca-c])\b", path.read_text(encoding="utf-8")))
    return named


def test_every_card_of_an_implemented_deck_has_effects() -> None:
    missing = [c for c in OCCUPATIONS if _deck(c) in IMPLEMENTED_DECKS and c not in PARTS]
    assert missing == []


def test_every_card_with_effects_has_a_test() -> None:
    untested = sorted(set(PARTS) - _named_in_tests(), key=lambda c: (len(c), c))
    assert untested == []


def test_only_cards_with_effects_are_dealable() -> None:
    assert {c for c in OCCUPATIONS if dealable(c)} == set(PARTS)
