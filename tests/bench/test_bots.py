"""The bots' tournament (bench/bots.py) still runs end to end: a few games, figures
checked for sense, never for speed or strength."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    assert "2 games (2 played now) in" in out.stdout


def test_a_logged_tournament_resumes_where_it_stopped_and_reports_its_log(tmp_path: Path) -> None:
    log = tmp_path / "bots.jsonl"
    command = [sys.executable, "-m", "bench.bots", "--game", "hunters", "--level", "easy", "--players", "2",
               "--against", "random", "--workers", "1", "--log", str(log)]  # fmt: skip
    subprocess.run([*command, "--games", "1"], capture_output=True, text=True, check=True, timeout=600)
    out = subprocess.run([*command, "--games", "2"], capture_output=True, text=True, check=True, timeout=600)
    assert "2 games (1 played now)" in out.stdout  # game 0 came from the log, only game 1 was played
    assert sorted(json.loads(line)["n"] for line in log.read_text().splitlines()) == [0, 1]
    shown = subprocess.run(
        [sys.executable, "-m", "bench.bots", "--report", "--log", str(log), "--plot", str(tmp_path)],
        capture_output=True, text=True, check=True, timeout=600,
    )  # fmt: skip
    assert "| hunters | 2 | easy | random | 2 |" in shown.stdout and "(0 played now)" in shown.stdout
    assert (tmp_path / "bots.png").stat().st_size > 0


def test_the_schedule_stops_a_settled_match_up_and_never_plays_a_game_twice() -> None:
    lopsided = tournament.Match("vikings", 2, "strong", "random")
    even = tournament.Match("vikings", 2, "strong", "greedy")
    won = [tournament.Played(lopsided, n, n % 2, 1.0, 30, 5) for n in range(tournament.MIN_GAMES + 20)]
    split = [tournament.Played(even, n, n % 2, float(n % 2), 20, 20) for n in range(tournament.MIN_GAMES + 20)]
    assert tournament.half_width(won) <= 0.05 < tournament.half_width(split)  # 40 of 40 is settled, 20 of 40 is not
    running = {(even, 40), (even, 41)}
    todo = list(tournament.schedule([lopsided, even], won + split, 0, 400, 0.05, running))
    assert todo == [(even, 42)]  # one game each: the next number not played or running
    assert list(tournament.schedule([lopsided, even], won + split, 0, 400, None, running)) == [
        (lopsided, 40), (even, 42)
    ]  # fmt: skip


def test_a_mixed_table_seats_every_level_in_turn_and_scores_each(monkeypatch) -> None:
    monkeypatch.setattr(tournament, "MIXED", ("easy", "greedy", "random", "medium"))  # cheaper than strong
    match = tournament.matches(["hunters", "feast"], ["easy"], None, mixed=True)
    assert match == [tournament.Match("hunters", 4, "easy", "mixed")]  # Feast is played by two only
    game = tournament.play(match[0], 1)
    assert game.seat == 1 and set(game.table) == {"easy", "greedy", "random", "medium"}
    assert game.table["easy"] == game.score  # the level under test sits at seat n mod 4
    table = tournament.report([game])
    assert "| hunters | 1 | " in table and "medium: mean score (wins)" in table
