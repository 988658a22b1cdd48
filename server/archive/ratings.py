"""Ratings: one openskill (Plackett-Luce) rating per player per game.

A game is rated in the same database transaction that archives it (`Archive.save_game`),
so a rating changes exactly once per finished game: the game's row is inserted once per
room, and a repeated archiving of the room (a retried `over` handling, two archivers)
inserts nothing and rates nothing. The rating rows of the seated players are read
`FOR UPDATE` (PostgreSQL), so two games of one player archived at once cannot lose an
update; SQLite serialises writers by itself.

Who is rated: the people at the table (bot seats are not, and do not count as
opponents); a game with fewer than two people is not rated. Places come from the final
scores (ties share a place). An abandoned game is rated only when a seat forfeited: that
seat loses, every other seat shares first place; a game abandoned by everyone teaches
nothing and is not rated. The leaderboard score is openskill's ordinal (mu - 3 sigma).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from server.archive.models import Rating, RatingChange
from server.archive.records import GameRecord

MODEL = PlackettLuce()


def places(rec: GameRecord) -> list[tuple[int, str, int]]:
    """(seat, player, place) of every rated seat (place 1 is best); [] when unrated."""
    people = [(i, h["player"]) for i, h in enumerate(rec.seats) if h is not None and not h.get("bot")]
    result = rec.result or {}
    if len(people) < 2:
        return []
    if result.get("abandoned"):
        lost = result.get("forfeit")
        if lost is None:
            return []
        return [(i, p, 2 if i == lost else 1) for i, p in people]
    scores = result.get("scores") or []
    if len(scores) != len(rec.seats):
        return []
    ranked = sorted({scores[i] for i, _ in people}, reverse=True)
    return [(i, p, ranked.index(scores[i]) + 1) for i, p in people]


async def rate(s: AsyncSession, rec: GameRecord, at: datetime, lock: bool) -> list[dict[str, Any]]:
    """Rate `rec` inside the archiving transaction `s`; the new rating of each player.
    Core statements, no ORM objects: one read of the current ratings, one insert of the
    first ones, one update of the others, one insert of the history."""
    placed = places(rec)
    if not placed:
        return []
    players = [p for _, p, _ in placed]
    q = select(Rating.player, Rating.mu, Rating.sigma, Rating.games)
    q = q.where(Rating.game == rec.game, Rating.player.in_(players))
    current = {p: (mu, sigma, games) for p, mu, sigma, games in (await s.execute(q.with_for_update() if lock else q))}
    before = [MODEL.rating(mu=current[p][0], sigma=current[p][1]) if p in current else MODEL.rating() for p in players]
    after = MODEL.rate([[r] for r in before], ranks=[place for _, _, place in placed])
    firsts, updates, history, rows = [], [], [], []
    for (seat, player, place), (new,) in zip(placed, after, strict=True):
        score = float(new.ordinal())
        games = current[player][2] + 1 if player in current else 1
        values = {"mu": new.mu, "sigma": new.sigma, "score": score}
        if player in current:
            updates.append({"who": player, "new_mu": new.mu, "new_sigma": new.sigma, "new_score": score,
                            "new_games": games})  # fmt: skip
        else:
            firsts.append({"player": player, "game": rec.game, **values, "games": 1, "updated": at})
        history.append({"player": player, "game": rec.game, "room": rec.room, **values, "at": at})
        name = (rec.seats[seat] or {}).get("name", "")
        rows.append({"player": player, "name": name, **values, "games": games, "place": place})
    conn = await s.connection()
    if firsts:
        await conn.execute(insert(Rating), firsts)
    if updates:
        await conn.execute(
            update(Rating)
            .where(Rating.game == rec.game, Rating.player == bindparam("who"))
            .values(
                mu=bindparam("new_mu"),
                sigma=bindparam("new_sigma"),
                score=bindparam("new_score"),
                games=bindparam("new_games"),
                updated=at,
            ),  # fmt: skip
            updates,
        )
    await conn.execute(insert(RatingChange), history)
    return rows
