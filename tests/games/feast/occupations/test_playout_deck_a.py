"""Random bots play whole 4-player games with deck A: every part-1 invariant holds after every
decision and, over the soak, every deck A card is played (F-115, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.game import GAME
from server.games.playout import random_playout
from tests.games.feast.invariants import check

DECK_A = sorted(
    (c for c, o in OCCUPATIONS.items() if o["deck"] == "A" and not o["starting"]), key=lambda c: int(c[:-1])
)


def _games(seeds: range, players: int = 4) -> Counter[str]:
    played: Counter[str] = Counter()
    for seed in seeds:
        out = random_playout(GAME, players, {"decks": "A"}, seed=seed, check=check)
        result = out.result
        for score, row in zip(result["scores"], result["breakdown"], strict=True):
            assert score == sum(row.values())  # F-730
        assert out.state["round"] == out.state["rounds"] and out.state["queue"] == []
        for p in out.state["seats"]:
            played.update(p["played"])
    return played


def test_a_few_games_with_deck_a() -> None:
    # F-115: deck A cards are drawn, played and take effect in whole games
    played = _games(range(2))
    assert {c for c in played if not OCCUPATIONS[c]["starting"]} <= set(DECK_A) and len(played) >= 10


@pytest.mark.soak
def test_hundred_games_play_every_deck_a_card() -> None:
    played = _games(range(100, 200))
    counts = {c: played[c] for c in DECK_A}
    least = min(counts, key=lambda c: counts[c])
    print("deck A plays per card:", counts, "least played:", least, counts[least])
    assert all(n >= 1 for n in counts.values()), [c for c, n in counts.items() if not n]
