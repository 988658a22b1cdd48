"""Random bots play whole games with deck B, 1–4 players, long and short: every part-1
invariant holds after every decision, every game ends and, over the soak, every deck B
card is played (F-115, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.setup import setup
from tests.games.feast.occupations.playouts import per_card, played_in, regular, varied

DECK_B = regular("B")


def _games(seeds: range) -> Counter[str]:
    return played_in(varied(seed, decks="B") for seed in seeds)


def test_deck_b_and_mixed_deal_deck_b_cards() -> None:
    # F-115: the decks option B deals deck B's regular cards; mixed deals them with A and C
    s = setup(4, {"length": "long", "decks": "B"}, 1)
    dealt = s["secret"]["occupations"] + [c for p in s["seats"] for c in p["hand"] if not OCCUPATIONS[c]["starting"]]
    assert set(dealt) == set(DECK_B)
    s = setup(4, {"length": "long", "decks": "mixed"}, 1)
    dealt = s["secret"]["occupations"] + [c for p in s["seats"] for c in p["hand"]]
    assert {OCCUPATIONS[c]["deck"] for c in dealt} == {"A", "B", "C"} and set(DECK_B) <= set(dealt)


def test_a_few_games_with_deck_b() -> None:
    # F-115: deck B cards are drawn, played and take effect in whole games of 1–4 players
    played = _games(range(5))
    assert {c for c in played if not OCCUPATIONS[c]["starting"]} <= set(DECK_B) and len(played) >= 10


@pytest.mark.soak
def test_hundred_games_play_every_deck_b_card() -> None:
    played = _games(range(100, 200))
    counts = per_card(played, DECK_B, "deck B")
    assert all(n >= 1 for n in counts.values()), [c for c, n in counts.items() if not n]
