"""Random bots play whole games with deck C, 1 to 4 players, long and short: every part-1
invariant holds after every decision, no move raises, every game ends and, over the soak,
every deck C card is played (F-115, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.game import GAME
from server.games.playout import random_playout
from tests.games.feast.invariants import check

DECK_C = sorted(
    (c for c, o in OCCUPATIONS.items() if o["deck"] == "C" and not o["starting"]), key=lambda c: int(c[:-1])
)


def _games(seeds: range) -> Counter[str]:
    played: Counter[str] = Counter()
    for seed in seeds:
        players, length = 1 + seed % 4, ("long", "short")[seed // 4 % 2]
        out = random_playout(GAME, players, {"decks": "C", "length": length}, seed=seed, check=check)
        result = out.result
        for score, row in zip(result["scores"], result["breakdown"], strict=True):
            assert score == sum(row.values())  # F-730
        assert out.state["over"] and out.state["round"] == out.state["rounds"] and out.state["queue"] == []
        for p in out.state["seats"]:
            played.update(p["played"])
    return played


def test_a_few_games_with_deck_c() -> None:
    # F-115: deck C cards are drawn, played and take effect in whole games of 1-4 players
    played = _games(range(5))
    assert {c for c in played if not OCCUPATIONS[c]["starting"]} <= set(DECK_C) and len(played) >= 8


@pytest.mark.soak
def test_hundred_games_play_every_deck_c_card() -> None:
    played = _games(range(100, 200))
    counts = {c: played[c] for c in DECK_C}
    least = min(counts, key=lambda c: counts[c])
    print("deck C plays per card:", counts, "least played:", least, counts[least], "total:", sum(counts.values()))
    assert all(n >= 1 for n in counts.values()), [c for c, n in counts.items() if not n]
