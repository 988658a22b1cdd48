"""Ratings (server.archive.ratings): openskill, one change per player per finished game."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from server.archive.db import database_url, upgrade
from server.archive.models import ABANDONED, FINISHED
from server.archive.ratings import places
from server.archive.repository import Archive
from tests.server.archive.test_repository import T0, record


def seats(*players: str, bot: int | None = None) -> list[dict]:
    return [{"player": p, "name": p.upper(), **({"bot": "random"} if i == bot else {})} for i, p in enumerate(players)]


def test_places_follow_the_scores_and_ties_share_a_place() -> None:
    rec = record(seats=seats("pa", "pb", "pc"), result={"scores": [10, 31, 10], "winners": [1]})
    assert places(rec) == [(0, "pa", 2), (1, "pb", 1), (2, "pc", 2)]


def test_bots_are_not_rated_and_a_game_with_one_person_is_not_rated() -> None:
    rec = record(seats=seats("pa", "bot-1", "pc", bot=1), result={"scores": [5, 40, 9]})
    assert places(rec) == [(0, "pa", 2), (2, "pc", 1)]  # the bot's score beats both: it does not count
    assert places(record(seats=seats("pa", "bot-1", bot=1), result={"scores": [5, 40]})) == []


def test_abandoned_games_count_only_against_the_seat_that_forfeited() -> None:
    forfeit = {"abandoned": True, "forfeit": 1, "scores": [], "winners": [0, 2]}
    rec = record(seats=seats("pa", "pb", "pc"), status=ABANDONED, result=forfeit)
    assert places(rec) == [(0, "pa", 1), (1, "pb", 2), (2, "pc", 1)]
    everyone_gone = {"abandoned": True, "scores": [], "winners": []}
    assert places(record(status=ABANDONED, result=everyone_gone)) == []


def test_a_game_ended_before_its_first_move_is_not_rated() -> None:
    forfeit = {"abandoned": True, "forfeit": 1, "scores": [], "winners": [0]}
    rec = record(seats=seats("pa", "pb"), status=ABANDONED, result=forfeit, moves=[])
    assert places(rec) == []  # aborted, as lichess aborts a game before its first moves
    assert places(record(seats=seats("pa", "pb"), status=ABANDONED, result=forfeit)) == [(0, "pa", 1), (1, "pb", 2)]


async def test_ratings_change_exactly_once_when_the_over_handling_runs_twice(db_url) -> None:
    a = Archive(db_url)
    try:
        rec = record("r9", status=FINISHED)  # pa 31, pb 24
        first: list[dict] = []
        assert await a.save_game(rec, first) is True
        again: list[dict] = []
        assert await a.save_game(rec, again) is False  # the same game archived a second time
        assert again == []
        after = {r["player"]: r for r in await a.ratings("vikings")}
        assert {p: (r["mu"], r["games"]) for p, r in after.items()} == {r["player"]: (r["mu"], 1) for r in first}
        assert after["pa"]["mu"] > 25 > after["pb"]["mu"]  # the winner rose, the loser fell
        assert [h["room"] for h in await a.rating_history("pa", "vikings")] == ["r9"]
        # two more games of the same players archived at once: both count, none is lost
        await asyncio.gather(a.save_game(record("r10")), a.save_game(record("r11")))
        assert {r["player"]: r["games"] for r in await a.ratings("vikings")} == {"pa": 3, "pb": 3}
    finally:
        await a.close()


async def test_a_batch_archives_what_each_game_alone_would(db_url, request, tmp_path) -> None:
    # The archiver saves the games that end together in one transaction (save_games): the
    # same games, players, seats, moves, ratings and history as saving them one by one in
    # their order — a player's second game of the batch starts from the first one's rating.
    backend = request.node.callspec.params["db_url"]
    pg = request.getfixturevalue("postgres") if backend == "postgresql" else None
    alone_url = database_url(pg.new_database() if pg else "", tmp_path / "alone")
    await upgrade(alone_url)
    hour = timedelta(hours=1)
    games = [
        record("b0", ended=T0 + hour),
        record("b1", ended=T0 + 2 * hour, seats=seats("pa", "pb"), result={"scores": [40, 12]}),
        record("b2", ended=T0 + 3 * hour, seats=seats("pb", "pc"), result={"scores": [3, 9]}),
        record("b3", ended=T0 + 4 * hour, seats=seats("pa", "pb", "pc"), result={"scores": [7, 7, 20]}),
        record(
            "b4",
            ended=T0 + 5 * hour,
            seats=seats("pc", "pa", "pd"),
            status=ABANDONED,
            result={"abandoned": True, "forfeit": 2, "scores": [], "winners": [0, 1]},
        ),  # fmt: skip
        record("b5", ended=T0 + 6 * hour, seats=seats("pa", "bot-1", bot=1), result={"scores": [1, 2]}),
    ]
    batch, alone = Archive(db_url), Archive(alone_url)
    try:
        for a in (batch, alone):
            assert await a.save_game(games[0]) is True  # archived before: the batch leaves it alone
        rated: dict[str, list[dict]] = {}
        assert await batch.save_games([games[0], *games[1:], games[1]], rated) == {g.room for g in games[1:]}
        one_by_one = {}
        for g in games[1:]:
            got: list[dict] = []
            assert await alone.save_game(g, got) is True
            one_by_one[g.room] = got
        assert {room: rows for room, rows in rated.items() if rows} == {
            r: rows for r, rows in one_by_one.items() if rows
        }
        assert await batch.ratings("vikings") == await alone.ratings("vikings")
        for p in ("pa", "pb", "pc", "pd"):
            assert await batch.rating_history(p, "vikings") == await alone.rating_history(p, "vikings")
            assert await batch.player(p) == await alone.player(p)
        assert [g.as_json() async for g in batch.games()] == [g.as_json() async for g in alone.games()]
        assert await batch.save_games(games) == set()  # all archived: nothing more written
        assert await batch.count_games() == len(games)
    finally:
        await batch.close()
        await alone.close()
