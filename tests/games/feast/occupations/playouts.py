"""Whole random games for the occupation soaks: which cards were played, every game checked
(every part-1 invariant after every decision, each score the sum of its breakdown — F-730 —
and the game over at the end of its last round)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from server.games.feast.catalog import OCCUPATIONS
from server.games.feast.game import GAME
from server.games.playout import random_playout
from tests.games.feast.invariants import check


def regular(deck: str) -> list[str]:
    """The regular (not starting) cards of `deck`, in card order."""
    return sorted(
        (c for c, o in OCCUPATIONS.items() if o["deck"] == deck and not o["starting"]), key=lambda c: int(c[:-1])
    )


def varied(seed: int, **options: Any) -> tuple[int, dict[str, Any], int]:
    """A game of 1–4 players, long or short, by seed."""
    return 1 + seed % 4, {**options, "length": ("long", "short")[seed // 4 % 2]}, seed


def played_in(games: Iterable[tuple[int, dict[str, Any], int]]) -> Counter[str]:
    """Play (players, options, seed) games out; how often each card was played."""
    played: Counter[str] = Counter()
    for players, options, seed in games:
        out = random_playout(GAME, players, options, seed=seed, check=check)
        for score, row in zip(out.result["scores"], out.result["breakdown"], strict=True):
            assert score == sum(row.values())  # F-730
        assert out.state["over"] and out.state["round"] == out.state["rounds"] and out.state["queue"] == []
        for p in out.state["seats"]:
            played.update(p["played"])
    return played


def per_card(played: Counter[str], cards: list[str], what: str) -> dict[str, int]:
    """Plays of each of `cards`, printed with the least played (the soak's report)."""
    counts = {c: played[c] for c in cards}
    least = min(counts, key=lambda c: counts[c])
    print(f"{what} plays per card:", counts, "least played:", least, counts[least], "total:", sum(counts.values()))
    return counts
