"""The registry of games the server hosts.

Every subpackage of `server.games` that defines a module-level `GAME` (a `Game`) is a
registered game; adding a game is adding its package. `LONGHALL_EXTRA_GAMES`
("module:attr,module:attr") adds games from elsewhere, which is how the test suite
serves its small test game without registering it in the product.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

import server.games as games_pkg
from server.games.contract import Game


@cache
def games() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for mod in pkgutil.iter_modules(games_pkg.__path__):
        if not mod.ispkg:
            continue
        game = getattr(importlib.import_module(f"server.games.{mod.name}"), "GAME", None)
        if isinstance(game, Game):
            found[game.info.name] = game
    for spec in filter(None, os.environ.get("LONGHALL_EXTRA_GAMES", "").split(",")):
        module, _, attr = spec.strip().partition(":")
        game = getattr(importlib.import_module(module), attr or "GAME")
        found[game.info.name] = game
    return found


def get(name: str) -> Game | None:
    return games().get(name)
