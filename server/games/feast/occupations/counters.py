"""What a card counts: the named counters of `gain_per`, `tiered` and a part's `repeat`.

A counter is a ship type, `houses`, `animal_types`, `<animal>_all` (pregnant ones count),
`action_resource_types` (of the running action), a good in the supply, or a name a deck
module registers in `COUNTERS`. Counting only reads the state, so the triggers of
`flow.py` can repeat a part without knowing the effect kinds (`kinds.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from server.games.contract import State
from server.games.feast.catalog import SHIPS
from server.games.feast.supply import Player, holds

HOUSES = ("stone_house", "long_house")

# Further named counters registered by the deck modules (name -> function of state and player).
COUNTERS: dict[str, Callable[[State, Player], int]] = {}


def count(s: State, p: Player, name: str) -> int:
    if name in COUNTERS:
        return COUNTERS[name](s, p)
    if name in SHIPS:
        return sum(1 for sh in p["ships"] if sh["type"] == name)
    if name == "houses":
        return sum(1 for a in p["areas"] if a["kind"] in HOUSES)
    if name == "animal_types":
        return sum(1 for a in ("sheep", "cattle") if count(s, p, a + "_all"))
    if name.endswith("_all"):
        animal = name[: -len("_all")]
        return int(p["goods"].get(animal, 0) + p["goods"].get("pregnant_" + animal, 0))
    if name == "action_resource_types":
        return len(set((s.get("action") or {}).get("took", [])))
    return holds(p, name)
