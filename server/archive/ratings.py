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
from sqlalchemy import select
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
    """Rate `rec` inside the archiving transaction `s`; the new rating of each player."""
    placed = places(rec)
    if not placed:
        return []
    players = [p for _, p, _ in placed]
    q = select(Rating).where(Rating.game == rec.game, Rating.player.in_(players))
    current = {r.player: r for r in (await s.scalars(q.with_for_update() if lock else q)).all()}
    before = [
        MODEL.rating(mu=current[p].mu, sigma=current[p].sigma) if p in current else MODEL.rating() for p in players
    ]
    after = MODEL.rate([[r] for r in before], ranks=[place for _, _, place in placed])
    rows = []
    for (seat, player, place), (new,) in zip(placed, after, strict=True):
        score = float(new.ordinal())
        row = current.get(player)
        if row is None:
            row = Rating(player=player, game=rec.game, mu=new.mu, sigma=new.sigma, score=score, games=1, updated=at)
            s.add(row)
        else:
            row.mu, row.sigma, row.score, row.games, row.updated = new.mu, new.sigma, score, row.games + 1, at
        s.add(RatingChange(player=player, game=rec.game, room=rec.room, mu=new.mu, sigma=new.sigma, score=score, at=at))
        name = (rec.seats[seat] or {}).get("name", "")
        rows.append({"player": player, "name": name, "mu": new.mu, "sigma": new.sigma, "score": score,
                     "games": row.games, "place": place})  # fmt: skip
    return rows
