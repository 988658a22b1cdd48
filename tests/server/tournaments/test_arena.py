"""An arena's points, streaks and pairing (server/tournaments/arena.py)."""

from __future__ import annotations

from server.tournaments import arena
from server.tournaments.standings import Finished


def runners(*names: str) -> dict[str, arena.Runner]:
    return {n: arena.Runner(n, 1500.0 + i) for i, n in enumerate(names)}


def test_two_firsts_in_a_row_set_a_player_on_fire_until_it_does_not_finish_first() -> None:
    rs = runners("a", "b")
    got = [arena.score(rs, Finished(("a", "b"), (0,), (3, 1)))["a"] for _ in range(3)]
    assert got == [2.0, 2.0, 4.0]  # the third win is doubled
    assert arena.score(rs, Finished(("a", "b"), (0, 1), (2, 2)))["a"] == 2.0  # a draw on fire: doubled, and it ends
    assert not rs["a"].on_fire and arena.score(rs, Finished(("a", "b"), (0,), (3, 1)))["a"] == 2.0
    assert rs["a"].points == 12.0 and rs["b"].points == 1.0 and rs["a"].games == 5


def test_a_bot_at_the_table_scores_nothing_and_is_not_ranked() -> None:
    rs = runners("a")
    assert arena.score(rs, Finished(("a", "bot:1", "bot:2"), (1,), (5, 9, 1))) == {"a": 1.0}
    assert [r.player for r in arena.ranking(rs)] == ["a"]


def test_waiting_players_sit_by_rank_away_from_their_last_table() -> None:
    rs = runners("a", "b", "c", "d", "e")
    for p, pts in zip("abcde", (10, 8, 6, 4, 2), strict=True):
        rs[p].points, rs[p].games = pts, 2
    rs["a"].last_table = rs["b"].last_table = ("a", "b")
    tables = arena.pair(rs, {"a", "b", "c", "d", "e"}, 2)
    assert tables == [("a", "c"), ("b", "d")]  # e, the lowest ranked, waits; a and b just met
    assert arena.pair(rs, {"a"}, 2) == []
