"""Ratings: one openskill (Plackett-Luce) rating per player per game.

A game is rated in the same database transaction that archives it (`Archive.save_game`),
so a rating changes exactly once per finished game: the game's row is inserted once per
room, and a repeated archiving of the room (a retried `over` handling, two archivers)
inserts nothing and rates nothing. The rating rows of the seated players are read
`FOR UPDATE` (PostgreSQL), so two games of one player archived at once cannot lose an
update; SQLite serialises writers by itself.

Which games are rated (lichess's rated/casual split: a rated game always has a clock):
  - a timed game only (`GameRecord.rated`, server.rooms.document.rated): every matchmade
    game, and a room created with a clock. A room created without one is casual: nothing
    bounds a player who stalls there, so its result cannot be trusted to come;
  - with at least two people at the table (bot seats are not rated, and do not count as
    opponents);
  - in which some decision was made: a game that ended before its first move (a seat
    forfeited on time, or was claimed over, before anyone played) is aborted, as lichess
    aborts a game before its first moves — nobody's rating changes;
  - that ended by its rules (places from the final scores, ties sharing a place), or by a
    forfeit: a seat that ran out of time under the "forfeit" policy, or seats gone from the
    table that the players left claimed the win over (server.play.absence). The forfeiting
    seats lose, every other seat shares first place.
A game abandoned by everyone (no forfeit) teaches nothing and is not rated. In a timed
game no player can make that happen alone: a player who stalls runs out of time (a bot
decides for them, or they forfeit), and one who leaves is claimed over by those left,
so an unfinished game is never a way out of a rated loss. The leaderboard score is
openskill's ordinal (mu - 3 sigma).
"""

from __future__ import annotations

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
    if not rec.rated or len(people) < 2 or not rec.moves:
        return []
    if result.get("abandoned"):
        if result.get("forfeit") is None:
            return []
        lost = set(result.get("forfeits") or [result["forfeit"]])
        return [(i, p, 2 if i in lost else 1) for i, p in people]
    scores = result.get("scores") or []
    if len(scores) != len(rec.seats):
        return []
    ranked = sorted({scores[i] for i, _ in people}, reverse=True)
    return [(i, p, ranked.index(scores[i]) + 1) for i, p in people]


async def rate_all(s: AsyncSession, recs: list[GameRecord], lock: bool) -> dict[str, list[dict[str, Any]]]:
    """Rate `recs` in their order inside the archiving transaction `s` (each game at its
    end time): every rated room's new ratings. Core statements, no ORM objects: one read
    of the current ratings, one insert of the first ones, one update of the others, one
    insert of the history, for all the games together."""
    rated = [(rec, placed) for rec in recs if (placed := places(rec))]
    if not rated:
        return {}
    games = sorted({rec.game for rec, _ in rated})
    players = sorted({p for _, placed in rated for _, p, _ in placed})
    q = select(Rating.player, Rating.game, Rating.mu, Rating.sigma, Rating.games)
    q = q.where(Rating.game.in_(games), Rating.player.in_(players))
    known = {(p, g): (mu, sigma, n) for p, g, mu, sigma, n in await s.execute(q.with_for_update() if lock else q)}
    now: dict[tuple[str, str], dict[str, Any]] = {}  # (player, game) -> the rating after the games so far
    history: list[dict[str, Any]] = []
    out: dict[str, list[dict[str, Any]]] = {}
    for rec, placed in rated:
        keys = [(p, rec.game) for _, p, _ in placed]
        before = []
        for key in keys:
            cur = now.get(key)
            if cur is not None:
                before.append(MODEL.rating(mu=cur["mu"], sigma=cur["sigma"]))
            elif key in known:
                before.append(MODEL.rating(mu=known[key][0], sigma=known[key][1]))
            else:
                before.append(MODEL.rating())
        after = MODEL.rate([[r] for r in before], ranks=[place for _, _, place in placed])
        rows = out[rec.room] = []
        for (seat, player, place), key, (new,) in zip(placed, keys, after, strict=True):
            score = float(new.ordinal())
            cur = now.get(key)
            games_played = cur["games"] + 1 if cur is not None else known[key][2] + 1 if key in known else 1
            values = {"mu": new.mu, "sigma": new.sigma, "score": score}
            now[key] = {**values, "games": games_played, "updated": rec.ended}
            history.append({"player": player, "game": rec.game, "room": rec.room, **values, "at": rec.ended})
            name = (rec.seats[seat] or {}).get("name", "")
            rows.append({"player": player, "name": name, **values, "games": games_played, "place": place})
    conn = await s.connection()
    firsts = [{"player": p, "game": g, **v} for (p, g), v in now.items() if (p, g) not in known]
    updates = [
        {"who": p, "which": g, "new_mu": v["mu"], "new_sigma": v["sigma"], "new_score": v["score"],
         "new_games": v["games"], "new_updated": v["updated"]}
        for (p, g), v in now.items()
        if (p, g) in known
    ]  # fmt: skip
    if firsts:
        await conn.execute(insert(Rating), firsts)
    if updates:
        await conn.execute(
            update(Rating)
            .where(Rating.game == bindparam("which"), Rating.player == bindparam("who"))
            .values(
                mu=bindparam("new_mu"),
                sigma=bindparam("new_sigma"),
                score=bindparam("new_score"),
                games=bindparam("new_games"),
                updated=bindparam("new_updated"),
            ),  # fmt: skip
            updates,
        )
    await conn.execute(insert(RatingChange), history)
    return out
