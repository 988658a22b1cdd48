"""Bots that think off the event loop: the searching levels (server.play.bots) run in a
pool of worker processes (`LONGHALL_BOT_WORKERS`; 0: a thread of the node's own process,
for tests and the smallest deployments), so a search of seconds never holds the loop,
the room's lock or another table.

A worker is handed the game's name and the room's state at one seq, and answers the
decision `server.play.bots.choose` makes with the generator of (room, seq, seat): the
same decision the node would make itself. The pool starts with the first decision asked
of it (spawned processes: no fork of a running event loop) and stops with the node's
loops (`register`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from server.games import registry
from server.play import bots
from server.runtime import loops as background


def decide(game_name: str, state: dict[str, Any], seat: int, level: str, room: str, seq: int) -> Any:
    """The bot's decision (run in a worker): None when the seat has none."""
    game = registry.get(game_name)
    if game is None:
        return None
    return bots.choose(game, state, seat, level, bots.rng_for(room, seq, seat))


class Thinker:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, game_name: str, state: dict[str, Any], seat: int, level: str, room: str, seq: int) -> Any:
        if self.workers <= 0:
            return await asyncio.to_thread(decide, game_name, state, seat, level, room, seq)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, game_name, state, seat, level, room, seq)

    def register(self, loops: background.Loops) -> None:
        """The pool's life as a loop of the node's: it is shut down when the loops stop."""
        loops.run("bot workers", self._held)

    async def _held(self) -> None:
        try:
            await asyncio.Event().wait()
        finally:
            self.close()

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
