"""Finished games for the archive tests: real servers, real clients, random bots."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from clients.python.bot import play
from server.archive.repository import GameRecord
from server.games import registry
from server.rooms.fairness import commitment, engine_seed
from tests.tables import table
from tests.toygame import GAME as HIGHCARD

# (game, players, options): the three games, kept short where the game allows
KINDS: list[tuple[str, int, dict[str, Any]]] = [
    ("vikings", 2, {}),
    ("vikings", 3, {"variant": "advanced"}),
    ("hunters", 2, {}),
    ("hunters", 3, {}),
    ("feast", 1, {"length": "short"}),
    ("feast", 2, {"length": "short"}),
]


# A clock no test game runs out of: a timed game, so a rated one (server.archive.ratings)
RATED = {"per_move": 3600}


async def play_game(url: str, game: str, players: int, options: dict[str, Any], seed: int,
                    clock: dict[str, Any] | None = None) -> tuple[str, Any]:  # fmt: skip
    """One game from creation to its end (`clock`: the room's, None: untimed, so casual);
    its room id and the result the players saw."""
    async with table(url, players=players, spectators=0, game=game, options=options, clock=clock) as t:
        rng = random.Random(seed)
        results = await asyncio.gather(*(play(c, t.room, random.Random(rng.random())) for c in t.players))
        return t.room, results[0]


async def play_games(url: str, n: int, seed: int, concurrency: int = 4,
                     kinds: list[tuple[str, int, dict[str, Any]]] = KINDS) -> dict[str, Any]:  # fmt: skip
    """`n` random games (cycling through `kinds`) with `concurrency` at a time: room -> result."""
    gate = asyncio.Semaphore(concurrency)
    rng = random.Random(seed)
    plan = [(kinds[i % len(kinds)], rng.randrange(1 << 30)) for i in range(n)]

    async def one(kind: tuple[str, int, dict[str, Any]], s: int) -> tuple[str, Any]:
        async with gate:
            return await play_game(url, *kind, seed=s)

    return dict(await asyncio.gather(*(one(k, s) for k, s in plan)))


def replay(rec: GameRecord) -> Any:
    """The result of running the engine over the archived seed and moves, with the seed
    revealed as the server reveals it (its hash is recomputed, not copied)."""
    game = HIGHCARD if rec.game == "highcard" else registry.get(rec.game)
    assert game is not None and rec.seed is not None
    seed, revealed = rec.seed, {}
    if isinstance(seed, str):  # a revealed seed (fair randomness): the engine's seed derives from it
        revealed = {"seed": seed, "seed_hash": commitment(seed)}
        seed = engine_seed(seed)
    state = game.setup(len(rec.seats), rec.options, seed)
    for m in rec.moves:
        state = game.apply(state, m.seat, m.move)
    return {**game.result(state), **revealed}
