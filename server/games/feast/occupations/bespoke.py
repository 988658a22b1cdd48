"""The registry of bespoke card functions, for the few cards no effect kind fits.

A deck module (`deck_a.py`, `deck_b.py` …) registers each function under the name its
card's data uses (`{"kind": "special", "fn": "homecomer"}`):

    @bespoke("homecomer")
    class Homecomer:
        def options(s, p, part): ...     # the public options offered now (maybe none)
        def apply(s, seat, option): ...  # carry out the chosen one

Options follow the kinds' convention (`kinds.py`): they are plain public maps and carry
`"fn": name` so that applying one comes back here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from server.games.contract import State
from server.games.feast.supply import Player

Option = dict[str, Any]


class Bespoke(Protocol):
    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]: ...

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None: ...


BESPOKE: dict[str, Any] = {}


def bespoke(name: str) -> Callable[[Any], Any]:
    def register(cls: Any) -> Any:
        if name in BESPOKE:
            raise ValueError(f"bespoke card function {name} registered twice")
        BESPOKE[name] = cls
        return cls

    return register
