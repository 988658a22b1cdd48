"""Points from a table's result, and the standings with their tie-breaks (pure).

A table of any size scores like a round of chess games between every two of its seats:
a seat gets one point for each other seat it finished ahead of, half a point for each it
tied with, and the sum is divided by the others at the table. A sole winner scores 1, the
sole last 0, and a two-player table scores 1, ½ or 0 as chess does. The order at a table
is the game's own: its winners first (the game's tie-breaks already applied), then the
rest by score.

Tie-breaks, in order: Buchholz — for each round, the mean final points of the player's
opponents at its table, summed over the rounds (a bye round, and a bot at the table, add
nothing; the multiplayer form of the chess tie-break, which for two-player tables is
exactly Buchholz) — then the
player's rating when it registered, then its id.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

BYE_POINTS = 1.0  # a round without a table, as chess and lichess's Swiss give it


@dataclass(frozen=True)
class Finished:
    """One table's result: its players in seat order, the game's winners and scores."""

    players: tuple[str, ...]
    winners: tuple[int, ...]  # seats
    scores: tuple[float, ...]  # per seat


@dataclass(frozen=True)
class Standing:
    player: str
    points: float
    buchholz: float
    rating: float
    games: int


def placing(t: Finished) -> list[float]:
    """Each seat's rank key: higher finishes higher (winners first, then score)."""
    return [(1.0 if seat in t.winners else 0.0) * 1e12 + t.scores[seat] for seat in range(len(t.players))]


def table_points(t: Finished) -> dict[str, float]:
    """Each player's points for the table: its share of the others it finished ahead of."""
    keys = placing(t)
    others = len(t.players) - 1
    out = {}
    for seat, player in enumerate(t.players):
        ahead = sum(1.0 if keys[seat] > k else 0.5 if keys[seat] == k else 0.0
                    for o, k in enumerate(keys) if o != seat)  # fmt: skip
        out[player] = ahead / others if others else BYE_POINTS
    return out


def standings(ratings: dict[str, float], rounds: list[tuple[list[Finished], list[str]]]) -> list[Standing]:
    """The standings after `rounds`, each its finished tables and its byes, best first."""
    points: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    met: dict[str, list[tuple[str, ...]]] = defaultdict(list)  # per player, its opponents table by table
    for tables, byes in rounds:
        for t in tables:
            for player, p in table_points(t).items():
                points[player] += p
                games[player] += 1
                met[player].append(tuple(o for o in t.players if o != player and o in ratings))
        for player in byes:
            points[player] += BYE_POINTS
    out = []
    for player, rating in ratings.items():
        buchholz = sum(sum(points[o] for o in table) / len(table) for table in met[player] if table)
        out.append(Standing(player, points[player], buchholz, rating, games[player]))
    return sorted(out, key=lambda s: (-s.points, -s.buchholz, -s.rating, s.player))
