"""A table's points and the standings' tie-breaks (server/tournaments/standings.py)."""

from __future__ import annotations

import pytest

from server.tournaments.standings import BYE_POINTS, Finished, standings, table_points


def test_two_players_score_as_chess_does() -> None:
    assert table_points(Finished(("a", "b"), (0,), (20, 12))) == {"a": 1.0, "b": 0.0}
    assert table_points(Finished(("a", "b"), (0, 1), (15, 15))) == {"a": 0.5, "b": 0.5}


def test_a_larger_table_scores_each_seat_by_the_others_it_finished_ahead_of() -> None:
    t = Finished(("a", "b", "c", "d"), (2,), (30, 18, 30, 18))  # c won the tie-break of the game
    assert table_points(t) == {"c": 1.0, "a": pytest.approx(2 / 3), "b": pytest.approx(1 / 6),
                               "d": pytest.approx(1 / 6)}  # fmt: skip


def test_the_standings_break_ties_by_buchholz_then_rating() -> None:
    ratings = {"a": 1500.0, "b": 1600.0, "c": 1400.0, "d": 1450.0}
    round1 = [Finished(("a", "b"), (0,), (2, 1)), Finished(("c", "d"), (0,), (2, 1))]
    round2 = [Finished(("a", "c"), (0,), (2, 1)), Finished(("b", "d"), (0,), (2, 1))]
    table = standings(ratings, [(round1, []), (round2, [])])
    assert [s.player for s in table] == ["a", "b", "c", "d"]
    # b and c both have 1 point: b met a (2) and d (0), c met d (0) and a (2): Buchholz 2 each,
    # and b's rating is higher
    assert [s.points for s in table] == [2.0, 1.0, 1.0, 0.0] and table[1].buchholz == table[2].buchholz == 2.0


def test_a_bye_scores_points_and_no_buchholz() -> None:
    ratings = {"a": 1500.0, "b": 1500.0, "c": 1500.0}
    table = standings(ratings, [([Finished(("a", "b"), (1,), (0, 3))], ["c"])])
    c = next(s for s in table if s.player == "c")
    assert c.points == BYE_POINTS and c.buchholz == 0.0 and c.games == 0
