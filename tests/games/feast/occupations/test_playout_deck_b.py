"""Random bots play whole games with deck B, 1–4 players, long and short: every part-1
invariant holds after every decision, every game ends and, over the soak, every deck B
card is played (F-115, F-600…F-659)."""

from __future__ import annotations

from collections import Counter

import pytest

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.game import GAME
from server.games.feast.setup import setup
from server.games.playout import random_playout
from tests.games.feast.invariants import check

DECK_B = sorted(
    (c for c, o in OCCUPATIONS.items() if o["deck"] == "B" and not o["starting"]), key=lambda c: int(c[:-1])
)


def _games(seeds: range) -> Counter[str]:
    played: Counter[str] = Counter()
    for seed in seeds:
        players, length = 1 + seed % 4, ("long", "short")[seed // 4 % 2]
        out = random_playout(GAME, players, {"decks": "B", "length": length}, seed=seed, check=check)
        result = out.result
        for score, row in zip(result["scores"], result["breakdown"], strict=True):
            assert score == sum(row.values())  # F-730
        assert out.state["over"] and out.state["round"] == out.state["rounds"] and out.state["queue"] == []
        for p in out.state["seats"]:
            played.update(p["played"])
    return played


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
    counts = {c: played[c] for c in DECK_B}
    least = min(counts, key=lambda c: counts[c])
    print("deck B plays per card:", counts, "least played:", least, counts[least])
    assert all(n >= 1 for n in counts.values()), [c for c, n in counts.items() if not n]
