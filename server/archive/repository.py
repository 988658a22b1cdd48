"""Reads and writes of the archive: one class, `Archive`, over an async SQLAlchemy engine.

Writes are idempotent where a retry can happen: a game is inserted once per room (a
second insert of the same room changes nothing and says so), a rating change once per
player, game and room, a tournament's result once per tournament. Nothing here knows
Redis; the archiver (archiver.py) and the tournament director feed it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Insert, and_, func, insert, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from server.archive import ratings
from server.archive.db import create_engine
from server.archive.models import (
    Base,
    ChatMessage,
    Game,
    Move,
    Player,
    Rating,
    RatingChange,
    Seat,
    Tournament,
    TournamentStanding,
    TournamentTable,
)
from server.archive.records import GameRecord, MoveRecord, TournamentRecord, iso, ms, utc


class Archive:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = create_engine(url)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.dialect = self.engine.dialect.name

    async def close(self) -> None:
        await self.engine.dispose()

    def _insert(self, table: type[Base]) -> Any:
        return (postgresql.insert if self.dialect == "postgresql" else sqlite.insert)(table)

    # -- games -----------------------------------------------------------------------
    async def save_game(self, rec: GameRecord, rated: list[dict[str, Any]] | None = None) -> bool:
        """Insert a finished game with its seats, players, moves and rating changes in one
        transaction; False (and nothing written) when this room is archived already.
        `rated` receives the players' new ratings (server.archive.ratings)."""
        by_room: dict[str, list[dict[str, Any]]] = {}
        saved = rec.room in await self.save_games([rec], by_room)
        if rated is not None:
            rated.extend(by_room.get(rec.room, []))
        return saved

    async def save_games(self, recs: list[GameRecord], rated: dict[str, list[dict[str, Any]]] | None = None
                         ) -> set[str]:  # fmt: skip
        """`save_game` for several games in one transaction (the archiver's batches: a
        statement per kind of row, not per game): the rooms inserted now; the others were
        archived already and nothing of them is written. Games are rated in their order
        (a player's second game starts from the rating the first gave). `rated` receives
        each inserted room's new ratings."""
        first: dict[str, GameRecord] = {}
        for rec in recs:
            first.setdefault(rec.room, rec)  # a room once, at its first place
        recs = list(first.values())
        if not recs:
            return set()
        async with self.sessions.begin() as s:
            rows = [
                {"room": rec.room, "game": rec.game, "engine": rec.engine, "options": rec.options,
                 "seats": rec.seats, "seed": rec.seed, "result": rec.result, "status": rec.status,
                 "started": rec.started, "ended": rec.ended, "moves": len(rec.moves)}
                for rec in recs
            ]  # fmt: skip
            ins = self._insert(Game).values(rows).on_conflict_do_nothing(index_elements=["room"])
            inserted = {room for (room,) in await s.execute(ins.returning(Game.room))}
            new = [rec for rec in recs if rec.room in inserted]
            if not new:
                return inserted
            await self._players(s, new)
            by_room = await ratings.rate_all(s, new, lock=self.dialect == "postgresql")
            if rated is not None:
                rated.update(by_room)
            conn = await s.connection()  # plain inserts: Core's executemany, not the ORM's bulk path
            seats = [
                {"room": rec.room, "seat": i, "player": h["player"], "ended": rec.ended}
                for rec in new
                for i, h in enumerate(rec.seats)
                if h is not None
            ]
            if seats:
                await conn.execute(insert(Seat), seats)
            if any(rec.moves for rec in new):
                await self._moves(conn, new)
            chat = [{"room": rec.room, "n": i, **c} for rec in new for i, c in enumerate(rec.chat)]
            if chat:
                await conn.execute(insert(ChatMessage), chat)
        return inserted

    async def _moves(self, conn: AsyncConnection, recs: list[GameRecord]) -> None:
        """The games' moves, straight through the database driver's executemany: a few
        hundred rows a game, where SQLAlchemy's per-row parameters cost the most of the
        archiving (the values are what the `Move` columns' types would write: JSON text,
        and on SQLite the UTC time as SQLAlchemy stores it)."""
        driver = (await conn.get_raw_connection()).driver_connection
        assert driver is not None
        if self.dialect == "sqlite":
            sql = "INSERT INTO moves (room, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)"
            await driver.executemany(sql, [(rec.room, m.seq, m.seat, json.dumps(m.move), _sqlite_time(m.at))
                                           for rec in recs for m in rec.moves])  # fmt: skip
        elif self.dialect == "postgresql":
            sql = "INSERT INTO moves (room, seq, seat, move, at) VALUES ($1, $2, $3, $4, $5)"
            await driver.executemany(sql, [(rec.room, m.seq, m.seat, json.dumps(m.move), m.at)
                                           for rec in recs for m in rec.moves])  # fmt: skip
        else:  # any other database SQLAlchemy speaks
            await conn.execute(
                insert(Move),
                [{"room": rec.room, "seq": m.seq, "seat": m.seat, "move": m.move, "at": m.at}
                 for rec in recs for m in rec.moves],
            )  # fmt: skip

    async def _players(self, s: AsyncSession, recs: list[GameRecord]) -> None:
        """Every seated player exists afterwards; its name and last seen move forward (one
        statement for all the games)."""
        people: dict[str, dict[str, Any]] = {}
        for rec in recs:
            first = rec.started or rec.ended
            for h in rec.seats:
                if h is None:
                    continue
                known = people.get(h["player"])
                row = {"id": h["player"], "name": str(h.get("name") or "")[:64], "created": first,
                       "last_seen": rec.ended}  # fmt: skip
                if known is not None:
                    row["created"] = min(known["created"], first)
                    if known["last_seen"] > rec.ended:  # the name of the player's latest game
                        row["name"], row["last_seen"] = known["name"], known["last_seen"]
                people[h["player"]] = row
        if not people:
            return
        ins: Insert = self._insert(Player).values(list(people.values()))
        latest = func.max if self.dialect == "sqlite" else func.greatest
        await s.execute(
            ins.on_conflict_do_update(  # type: ignore[attr-defined]
                index_elements=["id"],
                set_={
                    "name": ins.excluded.name,  # type: ignore[attr-defined]
                    "last_seen": latest(Player.last_seen, ins.excluded.last_seen),  # type: ignore[attr-defined]
                },
            )
        )

    async def game(self, room: str) -> GameRecord | None:
        async with self.sessions() as s:
            g = await s.get(Game, room)
            if g is None:
                return None
            moves = (await s.scalars(select(Move).where(Move.room == room).order_by(Move.seq))).all()
            return _record(g, moves)

    async def games(self, since: datetime | None = None, room: str | None = None,
                    batch: int = 200) -> AsyncIterator[GameRecord]:  # fmt: skip
        """Archived games in the order they ended (from `since`), with their moves."""
        q = select(Game).order_by(Game.ended, Game.room)
        if since is not None:
            q = q.where(Game.ended >= since)
        if room is not None:
            q = q.where(Game.room == room)
        async with self.sessions() as s:
            result = await s.stream_scalars(q.execution_options(yield_per=batch))
            async for chunk in result.partitions(batch):
                rooms = [g.room for g in chunk]
                by_room: dict[str, list[Move]] = {r: [] for r in rooms}
                async with self.sessions() as s2:
                    for m in await s2.scalars(select(Move).where(Move.room.in_(rooms)).order_by(Move.room, Move.seq)):
                        by_room[m.room].append(m)
                for g in chunk:
                    yield _record(g, by_room[g.room])

    async def count_games(self) -> int:
        async with self.sessions() as s:
            return int(await s.scalar(select(func.count()).select_from(Game)) or 0)

    # -- players -----------------------------------------------------------------------
    async def player(self, player: str, recent: int = 20) -> dict[str, Any] | None:
        """A player's page: name, dates, ratings per game, games played, recent results."""
        async with self.sessions() as s:
            p = await s.get(Player, player)
            if p is None:
                return None
            ratings = (await s.scalars(select(Rating).where(Rating.player == player).order_by(Rating.game))).all()
            played = await s.scalar(select(func.count()).select_from(Seat).where(Seat.player == player))
            q = (
                select(Seat.seat, Game)
                .join(Game, Game.room == Seat.room)
                .where(Seat.player == player)
                .order_by(Seat.ended.desc())
                .limit(recent)
            )
            rows = (await s.execute(q)).all()
        return {
            "player": p.id,
            "name": p.name,
            "created": iso(p.created),
            "last_seen": iso(p.last_seen),
            "games_played": int(played or 0),
            "ratings": {r.game: {"mu": r.mu, "sigma": r.sigma, "score": r.score, "games": r.games} for r in ratings},
            "recent": [_outcome(seat, g) for seat, g in rows],
        }

    async def revoke_tokens(self, player: str, at: datetime | None = None) -> None:
        """Refuse this player's tokens issued before `at` (now): the marker identity reads."""
        async with self.sessions.begin() as s:
            p = await s.get(Player, player)
            if p is not None:
                p.tokens_revoked = at or datetime.now(UTC)

    async def tokens_revoked(self, player: str) -> datetime | None:
        async with self.sessions() as s:
            return utc(await s.scalar(select(Player.tokens_revoked).where(Player.id == player)))

    # -- ratings -------------------------------------------------------------------------
    async def record_rating(self, player: str, game: str, room: str, mu: float, sigma: float, score: float,
                            at: datetime | None = None) -> bool:  # fmt: skip
        """One player's new rating after one finished game, once: a repeat for the same
        room changes nothing and returns False. The player must be archived already."""
        at = at or datetime.now(UTC)
        async with self.sessions.begin() as s:
            ins = self._insert(RatingChange).values(player=player, game=game, room=room, mu=mu, sigma=sigma,
                                                     score=score, at=at)  # fmt: skip
            if (await s.execute(ins.on_conflict_do_nothing().returning(RatingChange.room))).first() is None:
                return False
            cur = await s.get(Rating, (player, game))
            if cur is None:
                s.add(Rating(player=player, game=game, mu=mu, sigma=sigma, score=score, games=1, updated=at))
            else:
                cur.mu, cur.sigma, cur.score, cur.games, cur.updated = mu, sigma, score, cur.games + 1, at
        return True

    async def rating_history(self, player: str, game: str) -> list[dict[str, Any]]:
        async with self.sessions() as s:
            q = select(RatingChange).where(RatingChange.player == player, RatingChange.game == game)
            rows = (await s.scalars(q.order_by(RatingChange.at))).all()
        return [{"room": r.room, "mu": r.mu, "sigma": r.sigma, "score": r.score, "at": iso(r.at)} for r in rows]

    async def ratings(self, game: str) -> list[dict[str, Any]]:
        """Every rating of one game with the player's name (for rebuilding leaderboards)."""
        async with self.sessions() as s:
            q = select(Rating, Player.name).join(Player, Player.id == Rating.player).where(Rating.game == game)
            rows = (await s.execute(q)).all()
        return [
            {"player": r.player, "name": name, "mu": r.mu, "sigma": r.sigma, "score": r.score, "games": r.games}
            for r, name in rows
        ]

    # -- tournaments ---------------------------------------------------------------------
    async def save_tournament(self, rec: TournamentRecord) -> bool:
        """A tournament's final result, its standings and its tables in one transaction;
        False (and nothing written) when this tournament is archived already."""
        async with self.sessions.begin() as s:
            row = {"id": rec.id, "name": rec.name[:64], "game": rec.game, "kind": rec.kind, "rules": rec.rules,
                   "began": rec.began, "ended": rec.ended,
                   "rounds": [{k: v for k, v in rd.items() if k != "tables"} for rd in rec.rounds]}  # fmt: skip
            ins = self._insert(Tournament).values(row).on_conflict_do_nothing(index_elements=["id"])
            if (await s.execute(ins.returning(Tournament.id))).first() is None:
                return False
            conn = await s.connection()
            if rec.standings:
                await conn.execute(insert(TournamentStanding), [
                    {"tournament": rec.id, "rank": st["rank"], "player": st["player"], "name": st["name"][:64],
                     "points": st["points"], "tiebreaks": st["tiebreaks"], "games": st["games"]}
                    for st in rec.standings
                ])  # fmt: skip
            tables = [
                {"tournament": rec.id, "room": t["room"], "round": rd["number"], "n": n, "players": t["players"],
                 "bots": t["bots"], "result": t.get("result")}
                for rd in rec.rounds for n, t in enumerate(rd["tables"])
            ]  # fmt: skip
            if tables:
                await conn.execute(insert(TournamentTable), tables)
        return True

    async def past_tournaments(self, before: datetime | None, limit: int, game: str | None = None,
                               after: str | None = None) -> list[dict[str, Any]]:  # fmt: skip
        """Tournaments over, the latest first and by id among those that ended together: those
        that ended before `before`, or at `before` with an id after `after` (the page before
        ended on it). Each with its name, game, kind, when it began and ended (ms), how many
        players, who won (None: nobody)."""
        players = (select(func.count()).where(TournamentStanding.tournament == Tournament.id)
                   .correlate(Tournament).scalar_subquery())  # fmt: skip
        winner = (select(TournamentStanding.player, TournamentStanding.name, TournamentStanding.tournament)
                  .where(TournamentStanding.rank == 1).subquery())  # fmt: skip
        q = (
            select(Tournament.id, Tournament.name, Tournament.game, Tournament.kind, Tournament.began,
                   Tournament.ended, players, winner.c.player, winner.c.name)
            .outerjoin(winner, winner.c.tournament == Tournament.id)
            .order_by(Tournament.ended.desc(), Tournament.id)
            .limit(limit)
        )  # fmt: skip
        if before is not None and after is not None:  # a director ends every tournament due at one tick
            q = q.where(or_(Tournament.ended < before, and_(Tournament.ended == before, Tournament.id > after)))
        elif before is not None:
            q = q.where(Tournament.ended < before)
        if game is not None:
            q = q.where(Tournament.game == game)
        async with self.sessions() as s:
            rows = (await s.execute(q)).all()
        return [
            {"id": tid, "name": name, "game": game_, "kind": kind, "began": ms(began), "ended": ms(ended),
             "players": n or 0, "winner": None if w is None else {"player": w, "name": wname}}
            for tid, name, game_, kind, began, ended, n, w, wname in rows
        ]  # fmt: skip

    async def tournament(self, tid: str) -> TournamentRecord | None:
        """A tournament's final result (None: not archived), each table saying whether its
        game is in the archive (`archived`)."""
        async with self.sessions() as s:
            t = await s.get(Tournament, tid)
            if t is None:
                return None
            standings = (await s.scalars(select(TournamentStanding).where(TournamentStanding.tournament == tid)
                                         .order_by(TournamentStanding.rank))).all()  # fmt: skip
            q = (
                select(TournamentTable, Game.room)
                .outerjoin(Game, Game.room == TournamentTable.room)
                .where(TournamentTable.tournament == tid)
                .order_by(TournamentTable.round, TournamentTable.n)
            )
            tables = (await s.execute(q)).all()
        by_round: dict[int, list[dict[str, Any]]] = {}
        for tt, archived in tables:
            by_round.setdefault(tt.round, []).append(
                {
                    "room": tt.room,
                    "players": tt.players,
                    "bots": tt.bots,
                    "result": tt.result,
                    "archived": archived is not None,
                }  # fmt: skip
            )
        return TournamentRecord(
            id=t.id, name=t.name, game=t.game, kind=t.kind, rules=t.rules, began=utc(t.began),
            ended=utc(t.ended) or t.ended,
            standings=[{"rank": st.rank, "player": st.player, "name": st.name, "points": st.points,
                        "games": st.games, "tiebreaks": st.tiebreaks} for st in standings],
            rounds=[{**rd, "tables": by_round.get(rd["number"], [])} for rd in t.rounds],
        )  # fmt: skip


def _record(g: Game, moves: Any) -> GameRecord:
    return GameRecord(
        room=g.room, game=g.game, engine=g.engine, options=g.options, seats=g.seats, seed=g.seed, result=g.result,
        status=g.status, started=utc(g.started), ended=utc(g.ended) or g.ended,
        moves=[MoveRecord(m.seq, m.seat, m.move, utc(m.at) or m.at) for m in moves],
    )  # fmt: skip


def _outcome(seat: int, g: Game) -> dict[str, Any]:
    result = g.result or {}
    scores = result.get("scores")
    winners = result.get("winners")
    return {
        "room": g.room,
        "game": g.game,
        "status": g.status,
        "ended": iso(g.ended),
        "seat": seat,
        "score": scores[seat] if isinstance(scores, list) and seat < len(scores) else None,
        "won": seat in winners if isinstance(winners, list) else None,
    }


def _sqlite_time(at: datetime) -> str:
    """A time as SQLAlchemy's SQLite DateTime writes it (the UTC fields; read back as UTC)."""
    at = at.astimezone(UTC) if at.tzinfo is not None else at
    day, time = f"{at.year:04d}-{at.month:02d}-{at.day:02d}", f"{at.hour:02d}:{at.minute:02d}:{at.second:02d}"
    return f"{day} {time}.{at.microsecond:06d}"
