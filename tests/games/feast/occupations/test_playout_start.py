"""Random bots play whole games with the starting cards dealt (`start_cards`), 1 to 4 players,
long and short: every part-1 invariant holds after every decision, no move raises, every
game ends and, over the soak, nearly every implemented starting card is played (F-116, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.occupations import PARTS
from tests.games.feast.occupations.playouts import per_card, played_in, varied

STARTING = sorted((c for c in PARTS if OCCUPATIONS[c]["starting"]), key=lambda c: (c[-1], int(c[:-1])))
SETTINGS = (("A", "matching"), ("B", "matching"), ("C", "matching"), ("mixed", "matching"), ("A", "all"))


def _games(seeds: range) -> Counter[str]:
    setting = (SETTINGS[seed // 8 % len(SETTINGS)] for seed in seeds)
    games = (varied(seed, decks=decks, start_cards=start) for seed, (decks, start) in zip(seeds, setting, strict=True))
    return Counter({c: n for c, n in played_in(games).items() if OCCUPATIONS[c]["starting"]})


def test_a_few_games_with_starting_cards() -> None:
    # F-116, F-600: the starting cards dealt are played and take effect in whole games of 1-4 players
    played = _games(range(5))
    assert set(played) <= set(STARTING) and len(played) >= 2


@pytest.mark.soak
def test_hundred_games_with_starting_cards() -> None:
    played = _games(range(300, 400))
    counts = per_card(played, STARTING, "starting card")
    # each seat is dealt one random starting card: over ~250 seats nearly every card is played
    assert sum(1 for n in counts.values() if n) >= len(STARTING) - 2, [c for c, n in counts.items() if not n]
