"""Random bots play whole 4-player games with deck A: every part-1 invariant holds after every
decision and, over the soak, every deck A card is played (F-115, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from tests.games.feast.occupations.playouts import per_card, played_in, regular

DECK_A = regular("A")


def _games(seeds: range, players: int = 4) -> Counter[str]:
    return played_in((players, {"decks": "A"}, seed) for seed in seeds)


def test_a_few_games_with_deck_a() -> None:
    # F-115: deck A cards are drawn, played and take effect in whole games
    played = _games(range(2))
    assert {c for c in played if not OCCUPATIONS[c]["starting"]} <= set(DECK_A) and len(played) >= 10


@pytest.mark.soak
def test_hundred_games_play_every_deck_a_card() -> None:
    played = _games(range(100, 200))
    counts = per_card(played, DECK_A, "deck A")
    assert all(n >= 1 for n in counts.values()), [c for c, n in counts.items() if not n]
