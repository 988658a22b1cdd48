"""A player's supply: paying costs and receiving gains (F-407, F-408, F-414, F-352).

Costs and gains are the small maps of the data files ({"silver": 2}, {"flax": 1},
{"building": "shed"}, {"ship": "knarr"}). Resources (silver, wood, stone, ore) are
counters, goods and special tiles a count per id, weapons a count per kind, ships a list
with their ore, buildings a limited stack shared by all players (F-700). This module does
not know which action asked for the payment.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State
from server.games.feast import actionlog
from server.games.feast.areas import new_area
from server.games.feast.catalog import BUILDINGS, HARBOUR, SHIPS, SPECIALS, WEAPON_DECK

RESOURCES = ("silver", "wood", "stone", "ore")
Player = dict[str, Any]


def holds(p: Player, item: str) -> int:
    if item in RESOURCES:
        return int(p[item])
    if item in WEAPON_DECK:
        return int(p["weapons"][item])
    return int(p["goods"].get(item, 0))


def can_pay(p: Player, cost: dict[str, int]) -> bool:
    return all(holds(p, item) >= n for item, n in cost.items())


def pay(p: Player, cost: dict[str, int]) -> None:
    for item, n in cost.items():
        if item in RESOURCES:
            p[item] -= n
        elif item in WEAPON_DECK:
            p["weapons"][item] -= n
        else:
            take_good(p, item, n)


def add_good(p: Player, good: str, n: int = 1) -> None:
    p["goods"][good] = p["goods"].get(good, 0) + n


def take_good(p: Player, good: str, n: int = 1) -> None:
    left = p["goods"][good] - n
    if left:
        p["goods"][good] = left
    else:
        del p["goods"][good]


def harbour_free(p: Player, ship: str) -> bool:
    """F-352: 3 small slots for whaling boats, 4 large ones for knarrs and longships."""
    small = SHIPS[ship]["size"] == "small"
    same = sum(1 for sh in p["ships"] if (SHIPS[sh["type"]]["size"] == "small") == small)
    return same < (HARBOUR["small_slots"] if small else HARBOUR["large_slots"])


def add_ship(p: Player, ship: str) -> None:
    p["ships"].append({"type": ship, "ore": 0})


def building_available(s: State, building: str) -> bool:
    return bool(s["buildings"][building] > 0)


def add_building(s: State, p: Player, building: str) -> None:
    """Take a building tile from its limited stack (F-421): a shed, or a house with its grid."""
    s["buildings"][building] -= 1
    actionlog.append(s, "built", building)  # Cottager 15C
    if BUILDINGS[building].get("grid"):
        p["areas"].append(new_area(building, s["placement"] == "lenient"))
    else:
        p["sheds"].append({"wood": 0, "stone": 0})


def receivable(s: State, p: Player, gain: dict[str, Any]) -> bool:
    """Whether any part of the gain can be received (empty stacks and full harbours give nothing)."""
    for item in gain:
        if item == "building":
            if building_available(s, gain[item]):
                return True
        elif item == "ship":
            if harbour_free(p, gain[item]):
                return True
        else:
            return True
    return False


def receive(s: State, p: Player, gain: dict[str, Any]) -> None:
    actionlog.gained(s, gain)  # what an action gave, for the cards reacting to it (156B)
    for item, n in gain.items():
        if item == "building":
            if building_available(s, n):
                add_building(s, p, n)
        elif item == "ship":
            if harbour_free(p, n):
                add_ship(p, n)
                actionlog.append(s, "built", n)  # Spice Merchant 148C
        elif item in RESOURCES:
            p[item] += n
        elif item in WEAPON_DECK:
            p["weapons"][item] += n
        elif item in SPECIALS:  # each special tile exists once (F-507)
            s["specials"].remove(item)
            add_good(p, item)
        elif n:
            add_good(p, item, n)
