"""Anytime actions: placing items on areas, storing wood and stone, buying ships, arming ships (F-300…F-361).

Placing an item is a chain of three small decisions kept in the player's `draft`:
choose the item, then the area and orientation, then the cell — so every list of
choices stays short. A full move naming all of them is accepted directly as well.
Coins are placed by denomination (`silver_1`, `silver_2`, `silver_4`, `silver_10`): the
engine keeps silver as one number and changing it is implicit (F-355). When these
actions are allowed (never inside an action, F-201) is decided by `moves.py`.
Blue occupation exchanges are offered by `occupations` as `use_card` moves.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Move, clone
from server.games.feast import areas, occupations
from server.games.feast.catalog import COLOUR, SHIPS
from server.games.feast.refusals import malformed, refuse
from server.games.feast.shapes import COIN_ITEMS
from server.games.feast.supply import Player, add_ship, harbour_free, take_good


def candidates(p: Player) -> list[str]:
    """Items in the supply that could go on some area (before looking for a free spot)."""
    houses = any(areas.KINDS[a["kind"]].house for a in p["areas"])
    items = [g for g in sorted(p["goods"]) if COLOUR.get(g) in ("green", "blue") or (houses and g in COLOUR)]
    items += [coin for coin, value in COIN_ITEMS.items() if p["silver"] >= value]
    if p["ore"]:
        items.append("ore")
    if p["wood"] and houses and occupations.rule(p, "wood_on_houses", False):
        items.append("wood")  # Master Joiner 40B
    return items


def _shape(area: areas.Area, item: str) -> str | None:
    """The item whose placing rules apply: wood goes on house cells as a 1-silver coin
    would (Master Joiner 40B), and nowhere else."""
    if item != "wood":
        return item
    return "silver_1" if areas.KINDS[area["kind"]].house else None


def _spots(area: areas.Area, item: str, end: bool) -> list[tuple[int, int, int]]:
    shape = _shape(area, item)
    return list(areas.spots(area, shape, end)) if shape else []


def _has_spot(area: areas.Area, item: str, end: bool, turn: int | None = None) -> bool:
    shape = _shape(area, item)
    if shape is None:
        return False
    if turn is None:
        return areas.fits(area, shape, end)
    return any(spot[0] == turn for spot in areas.spots(area, shape, end))


def place_moves(p: Player, end: bool) -> list[Move]:
    draft = p["draft"]
    if draft is None:
        return [
            {"type": "place", "item": item}
            for item in candidates(p)
            if any(_has_spot(a, item, end) for a in p["areas"])
        ]
    item = draft["item"]
    if "area" not in draft:
        moves = [
            {"type": "place", "item": item, "area": i, "turn": turn}
            for i, a in enumerate(p["areas"])
            for turn in sorted({t for t, _, _ in _spots(a, item, end)})
        ]
    else:
        i, turn = draft["area"], draft["turn"]
        moves = [
            {"type": "place", "item": item, "area": i, "turn": turn, "row": r, "col": c}
            for t, r, c in _spots(p["areas"][i], item, end)
            if t == turn
        ]
    return moves + [{"type": "cancel"}]


def _owns(p: Player, item: str) -> bool:
    if item in COIN_ITEMS:
        return bool(p["silver"] >= COIN_ITEMS[item])
    if item in ("ore", "wood"):
        return bool(p[item] >= 1)
    return bool(p["goods"].get(item, 0) >= 1)


def _int(move: Move, key: str) -> int:
    value = move.get(key)
    if type(value) is not int:
        raise malformed(f"{key} must be an integer")
    return value


def place(p: Player, move: Move, end: bool) -> None:
    """Apply one step of the placing chain (F-301…F-346)."""
    item = move.get("item")
    if not isinstance(item, str) or (item not in COLOUR and item not in COIN_ITEMS and item not in ("ore", "wood")):
        raise malformed("unknown item")
    if item == "wood" and not occupations.rule(p, "wood_on_houses", False):
        raise refuse("F-305", "wood is not placed on boards (only with Master Joiner 40B, on houses)")
    if not _owns(p, item):
        raise refuse("F-305", f"you have no {item} in your supply")
    if "area" not in move:
        if not any(_has_spot(a, item, end) for a in p["areas"]):
            raise refuse("F-302", f"{item} fits nowhere on your boards")
        p["draft"] = {"item": item}
        return
    i, turn = _int(move, "area"), _int(move, "turn")
    if not 0 <= i < len(p["areas"]):
        raise malformed("no such area")
    area = p["areas"][i]
    if "row" not in move:
        if not _has_spot(area, item, end, turn):
            raise refuse("F-302", f"{item} fits nowhere there in that orientation")
        p["draft"] = {"item": item, "area": i, "turn": turn}
        return
    row, col = _int(move, "row"), _int(move, "col")
    shape = _shape(area, item)
    why = areas.check(area, shape, turn, row, col, end) if shape else ("F-331", "wood goes only on houses")
    if why:
        raise refuse(*why)
    area = p["areas"][i] = clone(area)  # areas are shared with the previous state
    areas.place(area, item, turn, row, col)
    _remove(p, item)
    p["draft"] = None


def _remove(p: Player, item: str) -> None:
    if item in COIN_ITEMS:
        p["silver"] -= COIN_ITEMS[item]
    elif item in ("ore", "wood"):
        p[item] -= 1
    else:
        take_good(p, item)


def _slot_holders(p: Player) -> list[tuple[str, int, dict[str, Any]]]:
    holders = [("shed", i, shed) for i, shed in enumerate(p["sheds"])]
    holders += [("area", i, a) for i, a in enumerate(p["areas"]) if areas.KINDS[a["kind"]].slots]
    return holders


def _capacity(where: str, holder: dict[str, Any], res: str) -> int:
    if where == "shed":
        return 3  # F-330: 3 wood slots and 3 stone slots
    return areas.KINDS[holder["kind"]].slots.get(res, 0)


def store_moves(p: Player) -> list[Move]:
    """F-330, F-331: wood and stone on free shed / stone-house slots (one entry per kind of holder)."""
    moves: list[Move] = []
    for res in ("wood", "stone"):
        seen = set()
        for where, i, holder in _slot_holders(p):
            if p[res] and holder[res] < _capacity(where, holder, res) and where not in seen:
                seen.add(where)
                moves.append({"type": "store", "res": res, where: i})
    return moves


def store(p: Player, move: Move) -> None:
    res = move.get("res")
    if res not in ("wood", "stone"):
        raise malformed("res must be wood or stone")
    where = "shed" if "shed" in move else "area"
    i = _int(move, where)
    pool = p["sheds"] if where == "shed" else p["areas"]
    if not 0 <= i < len(pool) or (where == "area" and not areas.KINDS[pool[i]["kind"]].slots):
        raise refuse("F-330", "wood and stone go only on sheds and stone-house slots")
    holder = pool[i]
    if p[res] < 1 or holder[res] >= _capacity(where, holder, res):
        raise refuse("F-330", f"no {res} to store or no free {res} slot there")
    holder = pool[i] = clone(holder)  # a stone house is shared with the previous state
    p[res] -= 1
    holder[res] += 1


def ship_moves(p: Player) -> list[Move]:
    moves: list[Move] = [
        {"type": "buy_ship", "ship": ship}
        for ship, data in SHIPS.items()
        if p["silver"] >= data["buy_price_silver"] and harbour_free(p, ship)
    ]
    if p["ore"]:
        moves += [
            {"type": "arm", "ship": i}
            for i, sh in enumerate(p["ships"])
            if sh["ore"] < SHIPS[sh["type"]]["ore"]["extra_slots"]
        ]
    return moves


def buy_ship(p: Player, move: Move) -> None:
    """F-350…F-352: pay the ship's VP value in silver; a free slot of its size is needed."""
    ship = move.get("ship")
    if not isinstance(ship, str) or ship not in SHIPS:
        raise malformed("unknown ship")
    price = SHIPS[ship]["buy_price_silver"]
    if p["silver"] < price:
        raise refuse("F-350", f"a {ship} costs {price} silver")
    if not harbour_free(p, ship):
        raise refuse("F-352", f"your harbour has no free slot for a {ship}")
    p["silver"] -= price
    add_ship(p, ship)


def arm(p: Player, move: Move) -> None:
    """F-360: one ore from the supply onto a free ore slot of a whaling boat or longship."""
    i = _int(move, "ship")
    if not 0 <= i < len(p["ships"]):
        raise malformed("no such ship")
    ship = p["ships"][i]
    if p["ore"] < 1 or ship["ore"] >= SHIPS[ship["type"]]["ore"]["extra_slots"]:
        raise refuse("F-360", "no ore to put there or no free ore slot")
    p["ore"] -= 1
    ship["ore"] += 1
