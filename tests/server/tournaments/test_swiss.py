"""Swiss pairing (server/tournaments/swiss.py) against a small independent implementation:
every seating of a few players tried, the fewest repeated meetings kept, then the earliest
in rank order."""

from __future__ import annotations

import itertools
import random

import pytest

from server.tournaments import swiss


def brute(ranked: list[str], shape: list[int], met: set[frozenset[str]]) -> tuple[tuple[str, ...], ...]:
    """Every ordering of the players cut into tables of `shape`; kept only in the form where
    each table lists its players best first and each table opens with the best player the
    earlier tables left; the fewest repeats, then the smallest ranks read table by table."""
    rank = {p: i for i, p in enumerate(ranked)}
    best: tuple[tuple[int, tuple[int, ...]], tuple[tuple[str, ...], ...]] | None = None
    for order in itertools.permutations(ranked):
        tables, at = [], 0
        for s in shape:
            tables.append(order[at : at + s])
            at += s
        if any(list(t) != sorted(t, key=rank.__getitem__) for t in tables):
            continue
        if any(rank[t[0]] != min(rank[p] for u in tables[i:] for p in u) for i, t in enumerate(tables)):
            continue
        repeated = sum(1 for t in tables for a, b in itertools.combinations(t, 2) if frozenset((a, b)) in met)
        key = (repeated, tuple(rank[p] for t in tables for p in t))
        if best is None or key < best[0]:
            best = (key, tuple(tables))
    assert best is not None
    return best[1]


@pytest.mark.parametrize("case", range(60))
def test_the_seating_is_the_one_an_exhaustive_search_finds(case: int) -> None:
    rng = random.Random(case)
    size = rng.choice([2, 3, 4])
    n = rng.randint(size, 8)
    players = [f"p{i}" for i in range(n)]
    met = {frozenset(pair) for pair in itertools.combinations(players, 2) if rng.random() < 0.45}
    shape = swiss.sizes(n, size, 2)
    seated = players[: sum(shape)]
    assert swiss.seat(seated, shape, met) == brute(seated, shape, met)


def test_table_sizes_seat_everyone_evenly_or_leave_byes() -> None:
    assert swiss.sizes(10, 4, 3) == [4, 3, 3]
    assert swiss.sizes(8, 4, 3) == [4, 4]
    assert swiss.sizes(5, 4, 3) == [4]  # two tables would hold 3 and 2: one player has a bye
    assert swiss.sizes(9, 2, 2) == [2, 2, 2, 2]
    assert swiss.sizes(7, 5, 2) == [4, 3]
    assert swiss.sizes(1, 2, 2) == []


def test_the_bye_goes_to_the_lowest_ranked_of_those_with_fewest_byes() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    assert swiss.pair(ranked, set(), 2, 2).byes == ("e",)
    again = swiss.pair(ranked, set(), 2, 2, had_byes={"e": 1})
    assert again.byes == ("d",) and sorted(p for t in again.tables for p in t) == ["a", "b", "c", "e"]


def test_nobody_meets_again_while_it_can_be_avoided() -> None:
    ranked = [f"p{i}" for i in range(8)]
    met: set[frozenset[str]] = set()
    for _ in range(3):  # three rounds of two-player tables: always avoidable with eight players
        r = swiss.pair(ranked, met, 2, 2)
        assert r.repeats == 0 and not r.byes
        met |= {frozenset(t) for t in r.tables}
        ranked = ranked[1:] + ranked[:1]
    first = swiss.pair([f"p{i}" for i in range(8)], set(), 2, 2)
    assert first.tables == (("p0", "p1"), ("p2", "p3"), ("p4", "p5"), ("p6", "p7"))  # neighbours


def test_a_repeat_is_chosen_only_when_every_seating_has_one() -> None:
    ranked = ["a", "b", "c", "d"]
    met = {frozenset(p) for p in [("a", "b"), ("a", "c"), ("a", "d")]}  # a has met everyone
    r = swiss.pair(ranked, met, 2, 2)
    assert r.repeats == 1 and r.tables == (("a", "b"), ("c", "d"))


def test_a_large_field_is_seated_within_the_search_bound() -> None:
    rng = random.Random(7)
    ranked = [f"p{i}" for i in range(400)]
    met = {frozenset(rng.sample(ranked, 2)) for _ in range(3000)}
    r = swiss.pair(ranked, met, 4, 3)
    assert sorted(p for t in r.tables for p in t) == sorted(ranked) and r.repeats == 0
