"""Random bots play whole games with deck C, 1 to 4 players, long and short: every part-1
invariant holds after every decision, no move raises, every game ends and, over the soak,
every deck C card is played (F-115, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from tests.games.feast.occupations.playouts import per_card, played_in, regular, varied

DECK_C = regular("C")


def _games(seeds: range) -> Counter[str]:
    return played_in(varied(seed, decks="C") for seed in seeds)


def test_a_few_games_with_deck_c() -> None:
    # F-115: deck C cards are drawn, played and take effect in whole games of 1-4 players
    played = _games(range(5))
    assert {c for c in played if not OCCUPATIONS[c]["starting"]} <= set(DECK_C) and len(played) >= 8


@pytest.mark.soak
def test_hundred_games_play_every_deck_c_card() -> None:
    played = _games(range(100, 200))
    counts = per_card(played, DECK_C, "deck C")
    assert all(n >= 1 for n in counts.values()), [c for c, n in counts.items() if not n]
