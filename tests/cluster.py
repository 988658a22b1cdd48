"""The tests' server processes: testbed's nodes, each loading the test game
(tests/toygame.py) through LONGHALL_EXTRA_GAMES."""

from __future__ import annotations

from pathlib import Path

from testbed import nodes
from testbed.nodes import PER_IP_OFF, ROOT, free_port

__all__ = ["EXTRA_GAMES", "PER_IP_OFF", "ROOT", "ServerProc", "free_port"]

EXTRA_GAMES = "tests.toygame:GAME"


class ServerProc(nodes.ServerProc):
    def __init__(
        self, data: Path, redis_url: str = "", port: int | None = None, args: tuple[str, ...] = (), **env: str
    ) -> None:
        super().__init__(data, redis_url, port, args, **{"LONGHALL_EXTRA_GAMES": EXTRA_GAMES, **env})
