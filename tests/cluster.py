"""The tests' server processes: testbed's nodes, each loading the test game
(tests/toygame.py) and the template game (examples/cairns) through LONGHALL_EXTRA_GAMES;
`hosted_games` is what such a node hosts, for tests that check every game in-process."""

from __future__ import annotations

import os
from pathlib import Path
from unittest import mock

from server.games import registry
from server.games.contract import Game
from testbed import nodes
from testbed.nodes import PER_IP_OFF, ROOT, free_port

__all__ = ["EXTRA_GAMES", "PER_IP_OFF", "ROOT", "ServerProc", "free_port", "hosted_engines", "hosted_games"]

EXTRA_GAMES = "tests.toygame:GAME,examples.cairns:GAME"


def hosted_engines() -> dict[str, dict[int, Game]]:
    """Every engine a test server runs: the registered ones and EXTRA_GAMES, loaded by the
    registry's own code (uncached: this process's registry stays the product's)."""
    with mock.patch.dict(os.environ, {"LONGHALL_EXTRA_GAMES": EXTRA_GAMES}):
        return registry.discover()


def hosted_games() -> dict[str, Game]:
    """Every game a test server hosts, by name (its current engine)."""
    return registry.current(hosted_engines())


class ServerProc(nodes.ServerProc):
    def __init__(
        self, data: Path, redis_url: str = "", port: int | None = None, args: tuple[str, ...] = (), **env: str
    ) -> None:
        super().__init__(data, redis_url, port, args, **{"LONGHALL_EXTRA_GAMES": EXTRA_GAMES, **env})
