"""The template game (examples/cairns) does what docs/adding-a-game.md says: its rules,
undo where nothing was revealed, a result the archive rates, registration by package, and
a whole game through a real server, archived and rated. (The contract and move-form
tests check it with every hosted game: tests/games/test_contract.py, test_forms.py.)"""

from __future__ import annotations

import asyncio
import importlib
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import server.games
from examples import cairns
from examples.cairns import GAME
from server.archive.db import database_url, upgrade
from server.archive.ratings import places
from server.archive.repository import Archive
from server.games import registry
from server.games.contract import IllegalMove
from server.games.playout import random_playout
from server.play.undo import reveals
from server.rooms.fairness import engine_seed
from tests.cluster import ServerProc, hosted_games
from tests.server.archive.games import RATED, play_game
from tests.server.archive.test_repository import record

TEMPLATE = Path(cairns.__file__).parent


def started(players: int = 2, row: int = 3) -> dict:
    return GAME.setup(players, GAME.resolve_options({"row": row}), seed=11)


def test_a_turn_takes_one_or_two_stones_then_ends() -> None:
    state = started()
    assert GAME.legal_moves(state, 0) == [{"type": "take", "slot": i} for i in range(3)]  # C-2: take first
    assert GAME.legal_moves(state, 1) == []
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 1, {"type": "take", "slot": 0})
    assert err.value.code == "not_your_turn"
    once = GAME.apply(state, 0, {"type": "take", "slot": 0})
    assert once["cairns"][0] == [state["row"][0]] and state["cairns"][0] == []  # the input is untouched
    twice = GAME.apply(once, 0, {"type": "take", "slot": 0})
    assert GAME.legal_moves(twice, 0) == [{"type": "end"}]  # C-2: two at most
    after = GAME.apply(twice, 0, {"type": "end"})
    assert len(after["row"]) == 3 and len(after["bag"]) == len(state["bag"]) - 2  # C-3
    assert GAME.to_act(after) == [1]


def test_a_malformed_move_is_bad_and_a_true_is_not_a_slot() -> None:
    state = started()
    for move in (None, [1], {"type": "fly"}, {"type": "take", "slot": True}, {"type": "take", "slot": 9}):
        with pytest.raises(IllegalMove):
            GAME.apply(state, 0, move)


def test_a_seat_sees_its_own_secret_colour_and_no_one_elses() -> None:
    state = started(3)
    for seat in range(3):
        assert GAME.view(state, seat)["secret"] == state["secret"][seat]
    public = GAME.view(state, None)
    assert public["secret"] is None and public["bag"] == len(state["bag"])
    assert public["row"] is state["row"]  # public parts are shared, not copied (the differ skips them)


def test_taking_a_stone_can_be_undone_and_ending_the_turn_cannot() -> None:
    state = started()
    taken = GAME.apply(state, 0, {"type": "take", "slot": 1})
    assert not reveals(GAME, state, taken, 2)
    assert reveals(GAME, taken, GAME.apply(taken, 0, {"type": "end"}), 2)  # C-3 draws from the bag


def test_the_result_is_rated() -> None:
    for players in (2, 3, 4):
        result = random_playout(GAME, players, seed=players).result
        assert len(result["scores"]) == players and len(result["breakdown"]) == players
        assert result["scores"] == [b["stones"] + b["secret"] for b in result["breakdown"]]  # C-4
        seats = [{"player": f"p{i}", "name": f"P{i}"} for i in range(players)]
        assert len(places(record(game="cairns", seats=seats, result=result))) == players


def test_the_template_is_hosted_by_the_test_servers() -> None:
    assert hosted_games()["cairns"] is GAME
    assert "cairns" not in registry.games()  # ... and not by the product


@pytest.fixture
def copied(tmp_path: Path) -> Iterator[str]:
    """The template copied as docs/adding-a-game.md says, as a package of server.games."""
    shutil.copytree(TEMPLATE, tmp_path / "mygame")
    server.games.__path__.append(str(tmp_path))
    try:
        yield "server.games.mygame"
    finally:
        server.games.__path__.remove(str(tmp_path))
        sys.modules.pop("server.games.mygame", None)


def test_a_copy_under_server_games_is_registered_unchanged(copied: str) -> None:
    found = registry.current(registry.discover())  # the registry's discovery, uncached
    assert type(found["cairns"]).__module__ == copied
    assert found["cairns"] is importlib.import_module(copied).GAME


async def test_a_game_plays_through_a_real_server_and_is_archived_and_rated(redis_url: str, tmp_path: Path) -> None:
    (tmp_path / "n").mkdir()
    db = database_url("", tmp_path)
    await upgrade(db)
    node = ServerProc(tmp_path / "n", redis_url, args=("--database", db)).start()
    archive = Archive(db)
    try:
        room, result = await play_game(node.url, "cairns", 3, {"row": 4}, seed=5, clock=RATED)  # timed: rated
        assert result["winners"] and len(result["scores"]) == 3
        deadline = time.monotonic() + 60
        while (rec := await archive.game(room)) is None:
            assert time.monotonic() < deadline, "the game was not archived"
            await asyncio.sleep(0.1)
        assert rec.status == "finished" and isinstance(rec.seed, str)
        state = GAME.setup(3, rec.options, engine_seed(rec.seed))  # the revealed seed and the moves replay to it
        for m in rec.moves:
            state = GAME.apply(state, m.seat, m.move)
        assert GAME.result(state) == {k: v for k, v in result.items() if k not in ("seed", "seed_hash")}
        for seat in rec.seats:
            page = await archive.player(seat["player"])
            assert page is not None and page["ratings"]["cairns"]["games"] == 1
    finally:
        await archive.close()
        node.stop()
