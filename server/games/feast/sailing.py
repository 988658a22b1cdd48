"""Sailing: ship requirements, sea trade, special tiles, emigration and exploration (F-402…F-525).

The blue, yellow and orange spaces need ships (F-402) that are never used up (F-403).
Their ways of being carried out are variants like the other spaces': which ship
emigrates, which whaling boat becomes a knarr, which exploration board is taken. Sea
trade and the special-tile sale then open a small prompt: flip one green tile per type,
or buy up to two tiles, and finish.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Move, State
from server.games.feast import actionlog, occupations
from server.games.feast.areas import new_area
from server.games.feast.catalog import COLOUR, SPECIALS, UPGRADE
from server.games.feast.refusals import malformed, refuse
from server.games.feast.supply import Player, add_good, harbour_free, take_good

Variant = dict[str, Any]
LARGE = ("knarr", "longship")


def requirement_met(p: Player, sp: dict[str, Any]) -> bool:
    """F-402: at least `count` ships of the listed types in the harbour."""
    need = sp.get("requires")
    if not need:
        return True
    kinds = need["ships_any_of"]
    if "longship" in kinds and occupations.rule(p, "knarr_as_longship", False):
        kinds = [*kinds, "knarr"]  # Steersman 147A
    owned = sum(1 for ship in p["ships"] if ship["type"] in kinds)
    return bool(owned >= need["count"])


def emigration_room(p: Player) -> bool:
    """F-514, A-B-12: the leftmost cell after earlier ships must hold no Viking."""
    cell = len(p["emigrated"])
    return cell < len(p["table"]) and p["table"][cell] == 0


def _distinct(p: Player, types: tuple[str, ...]) -> list[int]:
    """One ship index per (type, ore) among the given types: choices that differ."""
    seen, out = set(), []
    for i, ship in enumerate(p["ships"]):
        key = (ship["type"], ship["ore"])
        if ship["type"] in types and key not in seen:
            seen.add(key)
            out.append(i)
    return out


def emigration_variants(s: State, p: Player, sid: str) -> list[Variant]:
    """F-510, F-430, F-431: which ship emigrates; on the column-4 space also the boat swap."""
    fare = {"silver": s["round"]}
    room = emigration_room(p)
    out: list[Variant] = []
    if room:
        out += [{"cost": fare, "gain": {}, "emigrate": i} for i in _distinct(p, LARGE)]
    if sid != "c4_upgrade_boat_and_emigrate":
        return out
    for boat in _distinct(p, ("whaling_boat",)):
        slot = harbour_free(p, "knarr")
        if slot:
            out.append({"cost": {}, "gain": {}, "swap": boat})
            if room:
                out += [{"cost": fare, "gain": {}, "swap": boat, "emigrate": i} for i in _distinct(p, LARGE)]
        if room:
            out.append({"cost": fare, "gain": {}, "swap": boat, "emigrate": "new"})
    return out


def exploration_variants(s: State, p: Player, sp: dict[str, Any]) -> list[Variant]:
    """F-520, F-524, F-525: one variant per listed board face up and still in the display
    (any face-up board on the Shetland/Faroe space for Adventurer 107B)."""
    wanted = sp["effect"]["take_exploration_board"]
    if sp["id"] == "c1_explore" and occupations.rule(p, "explore_any", False):
        wanted = [board["face"] for board in s["exploration"].values()]
    return [
        {"cost": {}, "gain": {}, "explore": pair}
        for pair, board in sorted(s["exploration"].items())
        if board["owner"] is None and board["face"] in wanted
    ]


def sailing_variants(s: State, p: Player, sid: str, sp: dict[str, Any]) -> list[Variant]:
    if sp["group"] == "exploration":
        return exploration_variants(s, p, sp)
    if sp["group"] == "emigration":
        return emigration_variants(s, p, sid)
    if sp["kind"] == "sea_trade":
        return [{"cost": dict(sp["cost"]), "gain": {}, "sea_trade": True}]
    return [{"cost": {}, "gain": {}, "special_sale": 2}]


def usable(s: State, p: Player, v: Variant) -> bool:
    if "special_sale" in v:
        return bool(_for_sale(s, p))
    return True


def emigrate(s: State, p: Player, index: int) -> None:
    """F-510…F-513: the ship leaves the harbour (its ore to the supply) for the banquet table."""
    ship = p["ships"].pop(index)
    p["emigrated"].append(ship["type"])
    actionlog.note(s, "emigrated", ship["type"])  # Helmsman 12A


def carry_out(s: State, seat: int, v: Variant) -> None:
    p = s["seats"][seat]
    if "explore" in v:
        board = s["exploration"][v["explore"]]
        board["owner"] = seat
        p["silver"] += board["silver"]  # F-522
        board["silver"] = 0
        p["areas"].append(new_area(board["face"], s["placement"] == "lenient"))  # F-523
    target = v.get("emigrate")
    if "swap" in v:  # F-430, F-432: the boat's extra ore returns to the supply
        p["ships"].pop(v["swap"])
        if target == "new":
            p["emigrated"].append("knarr")  # F-431: it never enters the harbour
        else:
            p["ships"].append({"type": "knarr", "ore": 0})
            if target is not None and target > v["swap"]:
                target -= 1
    if isinstance(target, int):
        emigrate(s, p, target)
    if v.get("sea_trade"):
        s["prompt"] = {"kind": "sea_trade", "seat": seat, "flipped": []}
    elif v.get("special_sale"):
        off = occupations.rule(p, "sale_discount", 0)  # Patron 2C
        s["prompt"] = {"kind": "special_sale", "seat": seat, "left": 2, "bought": 0, "spent": 0, "off": off}


def _green_types(p: Player, flipped: list[str]) -> list[str]:
    return [g for g in sorted(p["goods"]) if COLOUR.get(g) == "green" and g not in flipped]


def _price(tile: str, sale: dict[str, Any] | None) -> int:
    """The printed price; Patron 2C takes 1 silver off the purchase once it totals 2 or more."""
    price = int(SPECIALS[tile]["silver_price"])
    if sale and sale.get("off") and sale.get("spent", 0) + price >= 2:
        return max(0, price - sale["off"])
    return price


def _for_sale(s: State, p: Player, sale: dict[str, Any] | None = None) -> list[str]:
    """F-506: tiles still on the oval board that the player can pay; never the crown."""
    if sale is None and occupations.rule(p, "sale_discount", 0):
        sale = {"spent": 0, "off": occupations.rule(p, "sale_discount", 0)}
    return [t for t in s["specials"] if SPECIALS[t]["silver_price"] is not None and _price(t, sale) <= p["silver"]]


def legal(s: State, seat: int) -> list[Move]:
    prompt, p = s["prompt"], s["seats"][seat]
    if prompt["kind"] == "sea_trade":
        moves = [{"type": "flip", "good": g} for g in _green_types(p, prompt["flipped"])]
        return moves + [{"type": "finish"}]
    moves = [{"type": "buy", "tile": t} for t in _for_sale(s, p, prompt)] if prompt["left"] else []
    return moves + ([{"type": "finish"}] if prompt["bought"] else [])


def flip(s: State, seat: int, move: Move) -> None:
    """F-501, F-502: one green tile per type from the supply turns to its blue side."""
    p, prompt = s["seats"][seat], s["prompt"]
    good = move.get("good")
    if not isinstance(good, str):
        raise malformed("flip needs a good")
    if good in prompt["flipped"]:
        raise refuse("F-501", f"only one {good} may be flipped per sea trade")
    if good not in _green_types(p, prompt["flipped"]):
        raise refuse("F-501", "flip a green good from your supply")
    take_good(p, good)
    add_good(p, UPGRADE[good])
    prompt["flipped"].append(good)
    if not _green_types(p, prompt["flipped"]):
        s["prompt"] = None


def buy(s: State, seat: int, move: Move) -> None:
    """F-505, F-506, F-507: buy a special tile at its printed price, at most two."""
    p, prompt = s["seats"][seat], s["prompt"]
    tile = move.get("tile")
    if not isinstance(tile, str) or tile not in SPECIALS:
        raise malformed("unknown special tile")
    if tile not in _for_sale(s, p, prompt) or prompt["left"] < 1:
        raise refuse("F-506", f"{tile} is not for sale to you now")
    price = _price(tile, prompt)
    if price < SPECIALS[tile]["silver_price"]:
        prompt["off"] = 0  # the discount is used once per action
    prompt["spent"] = prompt.get("spent", 0) + price
    p["silver"] -= price
    s["specials"].remove(tile)
    add_good(p, tile)
    prompt["left"] -= 1
    prompt["bought"] += 1
    if not prompt["left"] or not _for_sale(s, p, prompt):
        s["prompt"] = None


def finish(s: State, seat: int, move: Move) -> None:
    prompt = s["prompt"]
    if prompt["kind"] == "special_sale" and not prompt["bought"]:
        raise refuse("F-505", "buy at least one special tile on this space")
    s["prompt"] = None
