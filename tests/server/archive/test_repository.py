"""The archive's tables on SQLite and PostgreSQL: migrations, idempotent writes, reads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from server.archive import db
from server.archive.db import current, database_url, upgrade
from server.archive.models import FINISHED
from server.archive.records import TournamentRecord
from server.archive.repository import Archive, GameRecord, MoveRecord

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def record(room: str = "r1", ended: datetime = T0 + timedelta(minutes=30), **kw) -> GameRecord:
    base = dict(
        room=room, game="vikings", options={"variant": "base"},
        seats=[{"player": "pa", "name": "Astrid"}, {"player": "pb", "name": "Bjorn"}],
        seed=(1 << 62) - 5, result={"scores": [31, 24], "winners": [0], "breakdown": [{"a": 1}, {"a": 2}]},
        status=FINISHED, started=T0, ended=ended, rated=True,
        moves=[MoveRecord(3 + i, i % 2, {"slot": i, "names": ["ø", "ä"]}, T0 + timedelta(seconds=i, milliseconds=7 * i))
               for i in range(5)],  # the moves go through the driver (Archive._moves): times to the ms
    )  # fmt: skip
    base.update(kw)
    return GameRecord(**base)


async def test_migrations_reach_head_and_are_repeatable(db_url) -> None:
    assert await current(db_url) == db.HEAD
    await upgrade(db_url)  # already at head: nothing to do, nothing fails
    await upgrade(db_url, "base")
    assert await current(db_url) is None
    await upgrade(db_url)
    assert await current(db_url) == db.HEAD


async def test_a_game_is_archived_once_with_its_moves(db_url) -> None:
    a = Archive(db_url)
    try:
        assert await a.save_game(record()) is True
        assert await a.save_game(record(result={"scores": [0, 0]})) is False  # same room: nothing changes
        assert await a.count_games() == 1
        got = await a.game("r1")
        assert got is not None and got.as_json() == record().as_json()
        assert got.seed == (1 << 62) - 5
        assert await a.game("nope") is None
    finally:
        await a.close()


async def test_export_order_and_since(db_url) -> None:
    a = Archive(db_url)
    try:
        for i in range(5):
            await a.save_game(record(f"g{i}", ended=T0 + timedelta(hours=5 - i)))
        rooms = [g.room async for g in a.games(batch=2)]
        assert rooms == ["g4", "g3", "g2", "g1", "g0"]  # by end time
        late = [g.room async for g in a.games(since=T0 + timedelta(hours=3))]
        assert late == ["g2", "g1", "g0"]
        assert [len(g.moves) async for g in a.games(room="g1")] == [5]
    finally:
        await a.close()


async def test_player_page(db_url) -> None:
    a = Archive(db_url)
    try:
        await a.save_game(record("x1", ended=T0 + timedelta(hours=1)))
        later = [{"player": "pb", "name": "Bjørn"}, {"player": "pa", "name": "Astrid"}]
        await a.save_game(record("x2", seats=later, ended=T0 + timedelta(hours=2)))
        pb = await a.player("pb")
        assert pb is not None
        assert pb["name"] == "Bjørn" and pb["games_played"] == 2
        assert pb["created"] == "2026-11-01T12:00:00.000+00:00"
        assert pb["last_seen"] == "2026-11-01T14:00:00.000+00:00"
        assert [(g["room"], g["seat"], g["score"], g["won"]) for g in pb["recent"]] == [
            ("x2", 0, 31, True),
            ("x1", 1, 24, False),
        ]
        assert await a.player("nobody") is None
        # an older game archived late does not move last_seen back
        await a.save_game(record("x0", ended=T0))
        assert (await a.player("pb"))["last_seen"] == "2026-11-01T14:00:00.000+00:00"
    finally:
        await a.close()


async def test_ratings_change_once_per_game_with_history(db_url) -> None:
    a = Archive(db_url)
    try:
        await a.save_game(record("q1", result=None))  # no scores: archiving rates nothing
        await a.save_game(record("q2", result=None))
        assert await a.record_rating("pa", "vikings", "q1", 27.0, 8.0, 3.0, T0) is True
        assert await a.record_rating("pa", "vikings", "q1", 99.0, 1.0, 96.0, T0) is False  # repeated: no change
        assert await a.record_rating("pa", "vikings", "q2", 28.5, 7.5, 6.0, T0 + timedelta(hours=1)) is True
        page = await a.player("pa")
        assert page["ratings"] == {"vikings": {"mu": 28.5, "sigma": 7.5, "score": 6.0, "games": 2}}
        assert [h["room"] for h in await a.rating_history("pa", "vikings")] == ["q1", "q2"]
        assert await a.ratings("vikings") == [
            {"player": "pa", "name": "Astrid", "mu": 28.5, "sigma": 7.5, "score": 6.0, "games": 2}
        ]
    finally:
        await a.close()


async def test_a_tournament_result_is_archived_once_with_its_standings_and_tables(db_url) -> None:
    """Keyed by the tournament id; each table says whether its game is archived."""
    a = Archive(db_url)
    tables = [{"room": "r1", "players": ["pa", "pb"], "bots": 0, "result": {"winners": [0], "scores": [31, 24]}},
              {"room": "r2", "players": ["pc"], "bots": 1, "result": None}]  # fmt: skip
    rec = TournamentRecord(
        id="t1", name="Friday Swiss", game="vikings", kind="swiss", rules={"rounds": 1, "scoring": {"bye": 1.0}},
        began=T0, ended=T0 + timedelta(hours=1),
        standings=[{"rank": i + 1, "player": p, "name": p.upper(), "points": 1.0 - i / 2, "games": 1,
                    "tiebreaks": {"buchholz": 0.5, "rating": 0.0}} for i, p in enumerate(["pa", "pc", "pb"])],
        rounds=[{"number": 1, "seated": 5, "byes": [], "tables": tables}],
    )  # fmt: skip
    try:
        await a.save_game(record("r1"))
        assert await a.save_tournament(rec) is True
        assert await a.save_tournament(TournamentRecord(**{**rec.__dict__, "standings": []})) is False
        got = await a.tournament("t1")
        assert got is not None and await a.tournament("t2") is None
        assert (got.rules, got.began, got.ended, got.standings) == (rec.rules, rec.began, rec.ended, rec.standings)
        found = [{**tables[0], "archived": True}, {**tables[1], "archived": False}]  # r2's game is not archived
        assert got.rounds == [{"number": 1, "seated": 5, "byes": [], "tables": found}]
    finally:
        await a.close()


async def test_tournaments_that_ended_together_are_each_on_one_page(db_url) -> None:
    """A director ends every tournament due at one tick at the same ms: a page may end
    among them, and the next one (`before` its end, `after` its last id) goes on from there."""
    a = Archive(db_url)
    ended = T0 + timedelta(hours=2)
    times = {"t0": ended + timedelta(minutes=1), "t1": ended, "t2": ended, "t3": ended, "t4": T0}
    try:
        for tid, when in times.items():
            await a.save_tournament(TournamentRecord(id=tid, name=tid, game="vikings", kind="arena", rules={},
                                                     began=T0, ended=when, standings=[], rounds=[]))  # fmt: skip
        seen, before, after = [], None, None
        while True:
            page = await a.past_tournaments(before, 2, after=after)
            seen += [t["id"] for t in page]
            if len(page) < 2:
                break
            before, after = datetime.fromtimestamp(page[-1]["ended"] / 1000, UTC), page[-1]["id"]
        assert seen == ["t0", "t1", "t2", "t3", "t4"]
        assert [t["id"] for t in await a.past_tournaments(before=ended, limit=10)] == ["t4"]  # without `after`
    finally:
        await a.close()


async def test_token_revocation_marker(db_url) -> None:
    a = Archive(db_url)
    try:
        await a.save_game(record())
        assert await a.tokens_revoked("pa") is None
        await a.revoke_tokens("pa", T0)
        assert await a.tokens_revoked("pa") == T0
    finally:
        await a.close()


def test_head_names_the_newest_migration() -> None:
    from alembic.script import ScriptDirectory

    from server.archive.db import HEAD, alembic_config

    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == HEAD


def test_urls() -> None:
    assert database_url("postgres://u@h/db", ".") == "postgresql+asyncpg://u@h/db"
    assert database_url("postgresql://u@h:5/db", ".") == "postgresql+asyncpg://u@h:5/db"
    assert database_url("sqlite:///x.db", ".") == "sqlite+aiosqlite:///x.db"
    assert database_url("", "/srv/lh").endswith("/srv/lh/archive.sqlite3")
