"""The registry of games the server hosts, and of every engine version it can still run.

Every subpackage of `server.games` that defines a module-level `GAME` (a `Game`) is a
registered game; adding a game is adding its package. A package that changed a rule
keeps its former engines importable in `PAST` (a tuple of `Game`s with lower
`info.version`), so rooms created on them play on, and finished games replay, on the
rules they began with. `LONGHALL_EXTRA_GAMES` ("module:attr,module:attr") adds engines
from elsewhere — several versions of one game too — which is how the test suite serves
its small test game without registering it in the product.

`get(name)` is a game's current engine (its highest version: what new rooms get);
`engine(name, version)` the one a room recorded.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

import server.games as games_pkg
from server.games.contract import Game


def discover() -> dict[str, dict[int, Game]]:
    """Every engine this process can run, game name → version → engine (uncached:
    `engines()` is what the server reads)."""
    found: dict[str, dict[int, Game]] = {}

    def add(game: object) -> None:
        if isinstance(game, Game):
            found.setdefault(game.info.name, {})[game.info.version] = game

    for mod in pkgutil.iter_modules(games_pkg.__path__):
        if not mod.ispkg:
            continue
        module = importlib.import_module(f"server.games.{mod.name}")
        add(getattr(module, "GAME", None))
        for past in getattr(module, "PAST", ()):
            add(past)
    for spec in filter(None, os.environ.get("LONGHALL_EXTRA_GAMES", "").split(",")):
        module_name, _, attr = spec.strip().partition(":")
        add(getattr(importlib.import_module(module_name), attr or "GAME"))
    return found


engines = cache(discover)


def current(found: dict[str, dict[int, Game]]) -> dict[str, Game]:
    """Each game's current engine (its highest version), by name."""
    return {name: versions[max(versions)] for name, versions in found.items()}


@cache
def games() -> dict[str, Game]:
    """Each hosted game's current engine, by name."""
    return current(engines())


def get(name: str) -> Game | None:
    return games().get(name)


def engine(name: str, version: int) -> Game | None:
    """The engine `name` at `version` (what a room recorded), or None: not on this node."""
    return engines().get(name, {}).get(version)
