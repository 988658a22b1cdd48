"""An arena's scoring and pairing (pure), as lichess's arenas work, for tables of any size.

For the event's fixed time, a player who is not at a table waits to be seated; tables are
formed from the waiting players in the order of the standings, `size` at a time (the rest
wait for the next look), and nobody sits with a player of its previous table again while
that can be avoided.

Points: twice the table's points (server.tournaments.standings: a two-player game gives
2 for a win, 1 for a draw, 0 for a loss, as lichess arenas do; a sole winner of a larger
table 2, its sole last 0). A streak: after two wins in a row (ahead of every other seat; a
shared first place, a draw, is not one), a player is on fire and every result's points
are doubled until it does not win; the result that ends the streak is doubled too. Ties in the standings: points,
then the points per game (a player who scored as much in fewer games ranks higher),
then rating, then id.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.tournaments.standings import Finished, table_points
from server.tournaments.swiss import seat

WIN_POINTS = 2.0
STREAK = 2  # wins in a row that set a player on fire


@dataclass
class Runner:
    """One player's arena so far."""

    player: str
    rating: float
    points: float = 0.0
    games: int = 0
    wins: int = 0  # wins in a row
    last_table: tuple[str, ...] = ()

    @property
    def on_fire(self) -> bool:
        return self.wins >= STREAK


def score(runners: dict[str, Runner], t: Finished) -> dict[str, float]:
    """Add a finished table to its players' arenas; the points each got for it."""
    shares = table_points(t)
    got = {}
    for player, share in shares.items():
        r = runners.get(player)
        if r is None:  # a bot at the table
            continue
        points = WIN_POINTS * share * (2 if r.on_fire else 1)
        r.points += points
        r.games += 1
        r.wins = r.wins + 1 if share == 1.0 else 0
        r.last_table = t.players
        got[player] = points
    return got


def ranking(runners: dict[str, Runner]) -> list[Runner]:
    return sorted(runners.values(), key=lambda r: (-r.points, -r.points / max(r.games, 1), -r.rating, r.player))


def pair(runners: dict[str, Runner], waiting: set[str], size: int) -> list[tuple[str, ...]]:
    """Tables of `size` for the waiting players, in the standings' order; those left over
    (fewer than `size`, the lowest ranked) wait on."""
    ranked = [r.player for r in ranking(runners) if r.player in waiting]
    seated = ranked[: len(ranked) // size * size]
    met = {frozenset((p, o)) for p in seated for o in runners[p].last_table if o != p}
    return list(seat(seated, [size] * (len(seated) // size), met))
