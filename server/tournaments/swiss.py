"""A Swiss round's tables (pure): neighbours in the standings sit together, and no two
players meet again while that can be avoided.

The entrants are ranked by the standings (points, Buchholz, rating). The round has as
many tables as `size` seats need, each of `size` or fewer seats but at least `least` (the
game's smallest table); players no table can seat get a bye, the lowest ranked among those
with the fewest byes so far — or, with `bots`, a table of their own filled with bots. The
tables are filled top-down from the ranking: each takes the highest-ranked player left and
the next ones in rank order (as the Monrad system pairs neighbours: a table of three to
five has no "top half against bottom half"), skipping whoever would meet someone at the
table again. Among all seatings, the one chosen has the fewest repeated meetings, and of
those the earliest in rank order: a search over the rank order by rising numbers of
repeats, each bounded in steps (STEPS); past the bound, the rank order as it comes.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

STEPS = 200_000  # search steps per bound of repeats before the rank order is taken as it comes


@dataclass(frozen=True)
class Round:
    tables: tuple[tuple[str, ...], ...]  # players, best ranked first
    byes: tuple[str, ...] = ()  # players without a table (points, or a table of bots: `bots`)
    repeats: int = 0  # pairs at the tables that met before


def sizes(n: int, size: int, least: int) -> list[int]:
    """Table sizes for `n` players, largest first: as few tables as seat everyone, as even as
    can be; if that leaves a table under `least`, one table fewer, the rest byes."""
    tables = math.ceil(n / size)
    while tables > 0:
        seated = min(n, tables * size)
        if seated // tables >= least:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra)
        tables -= 1
    return []


def byes(ranked: list[str], count: int, had: dict[str, int]) -> list[str]:
    """The `count` players without a table: fewest byes so far, then lowest ranked."""
    order = sorted(range(len(ranked)), key=lambda i: (had.get(ranked[i], 0), -i))
    return [ranked[i] for i in sorted(order[:count])]


def pair(ranked: list[str], met: set[frozenset[str]], size: int, least: int,
         had_byes: dict[str, int] | None = None) -> Round:  # fmt: skip
    """The round's tables for `ranked` (best first); `met`: every pair that has met."""
    shape = sizes(len(ranked), size, least)
    left_out = byes(ranked, len(ranked) - sum(shape), had_byes or {})
    seated = [p for p in ranked if p not in left_out]
    tables = seat(seated, shape, met)
    return Round(tables, tuple(left_out), repeats(tables, met))


def seat(seated: list[str], shape: list[int], met: set[frozenset[str]]) -> tuple[tuple[str, ...], ...]:
    """`seated` (best first) at tables of `shape`: the fewest pairs that met before, then
    the earliest in rank order; the rank order as it comes once the search runs out of steps."""
    for bound in range(sum(math.comb(s, 2) for s in shape) + 1):
        found, spent = _search(seated, shape, met, bound)
        if found is not None:
            return found
        if spent:
            break
    tables, at = [], 0
    for s in shape:
        tables.append(tuple(seated[at : at + s]))
        at += s
    return tuple(tables)


def repeats(tables: tuple[tuple[str, ...], ...], met: set[frozenset[str]]) -> int:
    return sum(1 for t in tables for a, b in itertools.combinations(t, 2) if frozenset((a, b)) in met)


def _search(seated: list[str], shape: list[int], met: set[frozenset[str]],
            bound: int) -> tuple[tuple[tuple[str, ...], ...] | None, bool]:  # fmt: skip
    """The earliest seating in rank order with at most `bound` repeats (None: there is
    none), and whether the search ran out of STEPS before it could tell."""
    steps = 0

    def tables(left: list[str], at: int, used: int) -> list[tuple[str, ...]] | None:
        nonlocal steps
        if at == len(shape):
            return []
        head, rest = left[0], left[1:]
        for others in itertools.combinations(range(len(rest)), shape[at] - 1):
            steps += 1
            if steps > STEPS:
                return None
            table = (head, *(rest[i] for i in others))
            cost = used + sum(1 for a, b in itertools.combinations(table, 2) if frozenset((a, b)) in met)
            if cost > bound:
                continue
            chosen = set(others)
            more = tables([p for i, p in enumerate(rest) if i not in chosen], at + 1, cost)
            if more is not None:
                return [table, *more]
        return None

    found = tables(seated, 0, 0)
    return (tuple(found) if found is not None else None), steps > STEPS
