"""Random bots play whole games with the starting cards dealt (`start_cards`), 1 to 4 players,
long and short: every part-1 invariant holds after every decision, no move raises, every
game ends and, over the soak, nearly every implemented starting card is played (F-116, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.game import GAME
from server.games.feast.occupations import PARTS
from server.games.playout import random_playout
from tests.games.feast.invariants import check

STARTING = sorted((c for c in PARTS if OCCUPATIONS[c]["starting"]), key=lambda c: (c[-1], int(c[:-1])))
SETTINGS = (("A", "matching"), ("B", "matching"), ("C", "matching"), ("mixed", "matching"), ("A", "all"))


def _games(seeds: range) -> Counter[str]:
    played: Counter[str] = Counter()
    for seed in seeds:
        players, length = 1 + seed % 4, ("long", "short")[seed // 4 % 2]
        decks, start = SETTINGS[seed // 8 % len(SETTINGS)]
        options = {"decks": decks, "start_cards": start, "length": length}
        out = random_playout(GAME, players, options, seed=seed, check=check)
        result = out.result
        for score, row in zip(result["scores"], result["breakdown"], strict=True):
            assert score == sum(row.values())  # F-730
        assert out.state["over"] and out.state["round"] == out.state["rounds"] and out.state["queue"] == []
        for p in out.state["seats"]:
            played.update(c for c in p["played"] if OCCUPATIONS[c]["starting"])
    return played


def test_a_few_games_with_starting_cards() -> None:
    # F-116, F-600: the starting cards dealt are played and take effect in whole games of 1-4 players
    played = _games(range(5))
    assert set(played) <= set(STARTING) and len(played) >= 2


@pytest.mark.soak
def test_hundred_games_with_starting_cards() -> None:
    played = _games(range(300, 400))
    counts = {c: played[c] for c in STARTING}
    least = min(counts, key=lambda c: counts[c])
    print("starting cards played per card:", counts, "least played:", least, counts[least])
    # each seat is dealt one random starting card: over ~250 seats nearly every card is played
    assert sum(1 for n in counts.values() if n) >= len(STARTING) - 2, [c for c, n in counts.items() if not n]
