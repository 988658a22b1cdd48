"""Ratings (server.archive.ratings): openskill, one change per player per finished game."""

from __future__ import annotations

import asyncio

from server.archive.models import ABANDONED, FINISHED
from server.archive.ratings import places
from server.archive.repository import Archive
from tests.server.archive.test_repository import record


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
