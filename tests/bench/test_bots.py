"""The bots' tournament (bench/bots.py) still runs end to end: a few games, figures
checked for sense, never for speed or strength."""

from __future__ import annotations

import subprocess
import sys

from bench import bots as tournament


def test_a_game_of_the_tournament_seats_the_level_in_turn_and_scores_it() -> None:
    match = tournament.Match("vikings", 2, "easy", "random")
    games = [tournament.play(match, n) for n in range(2)]
    assert [g.seat for g in games] == [0, 1]  # the level's seat rotates
    assert all(g.share in (0.0, 0.5, 1.0) for g in games)
    assert all(g.thinking and min(g.thinking) > 0 for g in games)  # every decision with a choice is timed
    table = tournament.report(games)
    assert "| vikings | 2 | easy | random | 2 |" in table and "| vikings | easy |" in table


def test_wilson_intervals_hold_the_rate_and_narrow_with_games() -> None:
    low, high = tournament.wilson(9, 10)
    assert low < 0.9 < high <= 1.0
    wide, narrow = tournament.wilson(5, 10), tournament.wilson(200, 400)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert abs((narrow[1] - narrow[0]) / 2 - 0.049) < 0.002  # 400 games: about ±5 points


def test_the_command_plays_its_sample_and_prints_the_tables() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bench.bots", "--games", "1", "--game", "hunters", "--level", "easy", "--players", "2",
         "--workers", "1"],
        capture_output=True, text=True, check=True, timeout=600,
    )  # fmt: skip
    assert "| hunters | 2 | easy | greedy | 1 |" in out.stdout and "| hunters | 2 | easy | random | 1 |" in out.stdout
    assert "2 games in" in out.stdout
