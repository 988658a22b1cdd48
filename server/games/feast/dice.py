"""Dice actions: raiding, pillaging, hunting game, laying snares and whaling (F-550…F-598).

After placing, the player rolls the pictured die up to three times, keeping the last roll
(F-552); fixed modifiers apply to every roll (ore on the best longship adds, ore on the
whaling boats used subtracts, F-561, F-586). Then he decides: on a high-aim action he may
offer stones and long swords (+1 each) and takes a blue good or special tile of sword
value at most the result (O-1: "at most" for raiding too), on a low-aim action he pays
the result in wood and the matching weapon — or he declares failure and takes the
compensation. Offered items are spent only on success (F-555). A low result of 0 is an
immediate free success (F-588). A card may allow more rolls (rule `max_rolls`, F-653).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from server.games.contract import Move, State
from server.games.feast import actionlog, occupations
from server.games.feast.catalog import COLOUR, SHIPS, SPACES, SPECIALS, SWORD, UPGRADE
from server.games.feast.refusals import malformed, refuse
from server.games.feast.supply import Player, receive
from server.games.feast.weapons import discard, owed_weapon
from server.games.rng import below

Variant = dict[str, Any]
MAX_ROLLS = 3  # F-552; a card may raise it (rule "max_rolls", F-653)
BLUE_GOODS = tuple(g for g, c in COLOUR.items() if c == "blue" and g not in SPECIALS)
# Robber 138c: a green good's sword value is its blue back's less 1.
GREEN_SWORD = {g: SWORD[UPGRADE[g]] - 1 for g, c in COLOUR.items() if c == "green" and UPGRADE.get(g) in SWORD}


def _effect(sid: str) -> dict[str, Any]:
    return dict(SPACES[sid]["effect"])


def is_dice(sid: str) -> bool:
    return "die" in SPACES[sid]["effect"]


def _boat_ore(ship: dict[str, Any]) -> int:
    return int(SHIPS[ship["type"]]["ore"]["printed"] + ship["ore"])


def variants(p: Player, sid: str) -> list[Variant]:
    """One variant per way of using whaling boats (F-585, F-589); one otherwise."""
    eff = _effect(sid)
    if "boats_used" not in eff:
        return [{"cost": {}, "gain": {}, "dice": True}]
    boats = [i for i, sh in enumerate(p["ships"]) if sh["type"] == "whaling_boat"]
    seen, out = set(), []
    for k in range(eff["boats_used"]["min"], min(eff["boats_used"]["max"], len(boats)) + 1):
        for chosen in combinations(boats, k):
            key = (k, sum(_boat_ore(p["ships"][i]) for i in chosen))
            if key not in seen:
                seen.add(key)
                out.append({"cost": {}, "gain": {}, "dice": True, "boats": list(chosen)})
    return out


def _modifier(p: Player, sid: str, v: Variant) -> int:
    eff = _effect(sid)
    if "boats" in v:
        return -sum(_boat_ore(p["ships"][i]) for i in v["boats"])
    if "add_ore_of" in eff:  # F-561: the longship carrying the most ore
        return max((sh["ore"] for sh in p["ships"] if sh["type"] == "longship"), default=0)
    return 0  # F-556: ore does not count on a raid


def open_prompt(s: State, seat: int, sid: str, spot: str, v: Variant) -> None:
    eff = _effect(sid)
    s["prompt"] = {
        "kind": "dice",
        "seat": seat,
        "space": sid,
        "spot": spot,
        "die": 8 if eff["die"] == "d8_orange" else 12,
        "aim": eff["aim"],
        "mod": _modifier(s["seats"][seat], sid, v) + occupations.roll_mod(s["seats"][seat], sid),
        "rolls": 0,
        "roll": None,
        "offered": {"stone": 0, "long_sword": 0},
    }
    s["prompt"]["mod"] += (s.get("action") or {}).get("roll_bonus", 0)  # Sword Fighter 90C
    actionlog.note(s, "boats_used", len(v.get("boats", [])))  # Ivory Sculptor 141c
    if eff["aim"] == "high":  # Catapulter 89a: each stone offered adds 2
        s["prompt"]["stone_value"] = int(occupations.rule(s["seats"][seat], "stone_value", 1))


def result(prompt: dict[str, Any]) -> int:
    """The combat result: roll plus modifiers (floor 0 when aiming low, F-586)."""
    total = prompt["roll"] + prompt["mod"]
    if prompt["aim"] == "low":
        return max(0, total)
    stone = prompt["offered"]["stone"] * prompt.get("stone_value", 1)
    return int(total + stone + prompt["offered"]["long_sword"] + prompt["offered"].get("spear", 0))


def _lootable(s: State, prompt: dict[str, Any]) -> list[str]:
    """F-558, F-563: blue goods and special tiles with sword value at most the result."""
    total = result(prompt)
    tiles, sword, exact = _swords(s, prompt)
    return [t for t in tiles if (sword[t] == total if exact else sword[t] <= total)]


def _swords(s: State, prompt: dict[str, Any]) -> tuple[list[str], dict[str, int], bool]:
    """The tiles within reach at all (none at or below the auto-fail value, F-557), their sword
    values, and whether the value must equal the result (the seed's wording, O-1)."""
    if result(prompt) <= _effect(prompt["space"]).get("auto_fail_at_or_below", 0):  # F-557
        return [], {}, False
    tiles = list(BLUE_GOODS) + list(s["specials"])
    sword = dict(SWORD)
    if s["specials"] and occupations.rule(s["seats"][prompt["seat"]], "top_special_cheaper", 0):
        top = max(SWORD[t] for t in s["specials"])  # Loot Hunter 139C: the highest ones, 1 less
        sword.update({t: top - 1 for t in s["specials"] if SWORD[t] == top})
    if occupations.rule(s["seats"][prompt["seat"]], "green_loot", False):  # Robber 138c
        tiles += list(GREEN_SWORD)
        sword.update(GREEN_SWORD)
    return tiles, sword, bool(s.get("raid_exact_match") and prompt["space"] == "c1_raiding")


def _split(s: State, prompt: dict[str, Any]) -> list[tuple[str, str]]:
    """Raider 136c: the result split between two tiles (a special tile only once)."""
    if not occupations.rule(s["seats"][prompt["seat"]], "split_loot", False):
        return []
    total = result(prompt)
    tiles, sword, exact = _swords(s, prompt)
    return [
        (a, b)
        for i, a in enumerate(tiles)
        for b in tiles[i:]
        if not (a == b and a in SPECIALS) and (sword[a] + sword[b] == total if exact else sword[a] + sword[b] <= total)
    ]


def _payments(p: Player, prompt: dict[str, Any]) -> list[int]:
    """F-575, F-577: every split of the result into wood and the matching weapon (as wood counts)."""
    due = result(prompt)
    weapon = _effect(prompt["space"])["spend_to_succeed"][1]
    return [w for w in range(due + 1) if w <= p["wood"] and _weapons_for(p, prompt, w) <= p["weapons"][weapon]]


def _weapons_for(p: Player, prompt: dict[str, Any], wood: int) -> int:
    """Weapons paying the rest of the result; a spear counts 2 with Trident Hunter 11c."""
    weapon = _effect(prompt["space"])["spend_to_succeed"][1]
    per = int(occupations.rule(p, "spear_value", 1)) if weapon == "spear" else 1
    return -(-(result(prompt) - wood) // per)


def _max_rolls(s: State, seat: int) -> int:
    return int(occupations.rule(s["seats"][seat], "max_rolls", MAX_ROLLS))


def legal(s: State, seat: int) -> list[Move]:
    prompt, p = s["prompt"], s["seats"][seat]
    offered = sum(prompt["offered"].values())
    moves: list[Move] = []
    if prompt["rolls"] < _max_rolls(s, seat) and not offered:
        moves.append({"type": "roll"})
    if prompt["roll"] is None:
        return moves
    if prompt["aim"] == "high":
        for res in _offerable(p):
            have = p["stone"] if res == "stone" else p["weapons"][res]
            if have > prompt["offered"].get(res, 0) and result(prompt) < max(SWORD.values()):
                moves.append({"type": "offer", "res": res})
        moves += [{"type": "loot", "tile": t} for t in _lootable(s, prompt)]
        moves += [{"type": "loot", "tile": a, "tile2": b} for a, b in _split(s, prompt)]
    else:
        moves += [{"type": "hunt", "wood": w} for w in _payments(p, prompt)]
    moves.append({"type": "fail"})  # F-590: returns the Vikings, if any (the default)
    if _returnable(prompt):
        moves.append({"type": "fail", "vikings": "stay"})
    return moves


def _returnable(prompt: dict[str, Any]) -> int:
    """F-590: how many Vikings the failure lets the player take back from the space (none
    from an action a card granted: 77A, F-642)."""
    if prompt["spot"] is None:
        return 0
    return int(_effect(prompt["space"])["failure"].get("return_vikings", 0))


def _offerable(p: Player) -> tuple[str, ...]:
    """F-556; Melee Fighter 137a: spears may stand in for long swords."""
    spears = ("spear",) if occupations.rule(p, "spears_as_swords", False) else ()
    return ("stone", "long_sword", *spears)


def roll(s: State, seat: int, move: Move) -> None:
    """F-552, F-588: roll (again); a low result of 0 succeeds at once."""
    prompt = s["prompt"]
    if prompt["rolls"] >= _max_rolls(s, seat):
        raise refuse("F-552", f"you may roll at most {_max_rolls(s, seat)} times")
    if sum(prompt["offered"].values()):
        raise refuse("F-553", "no more rolls once you have offered stones or swords")
    prompt["roll"] = below(s["secret"]["rng"], prompt["die"]) + 1
    prompt["rolls"] += 1
    if prompt["aim"] == "low" and result(prompt) == 0:
        _succeed(s, seat)


def offer(s: State, seat: int, move: Move) -> None:
    """F-556, F-562: each offered stone or long sword adds 1 (spent only on success)."""
    prompt, p = s["prompt"], s["seats"][seat]
    res = move.get("res")
    if res not in _offerable(p) or prompt["aim"] != "high" or prompt["roll"] is None:
        raise refuse("F-556", "offer stones or long swords after rolling a raid or pillage")
    have = p["stone"] if res == "stone" else p["weapons"][res]
    if have <= prompt["offered"].get(res, 0):
        raise refuse("F-556", f"you have no more {res} to offer")
    prompt["offered"][res] = prompt["offered"].get(res, 0) + 1


def loot(s: State, seat: int, move: Move) -> None:
    prompt, p = s["prompt"], s["seats"][seat]
    tile = move.get("tile")
    if not isinstance(tile, str) or (tile not in SWORD and tile not in GREEN_SWORD):
        raise malformed("loot needs a blue good or special tile")
    tile2 = move.get("tile2")
    if tile2 is not None and (not isinstance(tile2, str) or (tile2 not in SWORD and tile2 not in GREEN_SWORD)):
        raise malformed("loot needs a blue good or special tile")
    if prompt["aim"] != "high" or prompt["roll"] is None:
        raise refuse("F-558", "loot after rolling a raid or pillage")
    if tile2 is None and tile not in _lootable(s, prompt):
        raise refuse("F-558", f"{tile} is not within reach of this combat result")
    if tile2 is not None and (tile, tile2) not in _split(s, prompt):
        raise refuse("F-558", f"{tile} and {tile2} together are not within reach of this combat result")
    p["stone"] -= prompt["offered"]["stone"]
    p["weapons"]["long_sword"] -= prompt["offered"]["long_sword"]
    discard(s, "long_sword", prompt["offered"]["long_sword"])  # F-597
    spears = prompt["offered"].get("spear", 0)  # Melee Fighter 137a
    p["weapons"]["spear"] -= spears
    discard(s, "spear", spears)
    receive(s, p, {tile: 1})
    if tile2 is not None:  # Raider 136c
        receive(s, p, {tile2: 1})
    actionlog.note(s, "outcome", "success")
    actionlog.note(s, "long_swords", prompt["offered"]["long_sword"])
    s["prompt"] = None


def hunt(s: State, seat: int, move: Move) -> None:
    """F-575, F-580, F-586: pay the result in wood and weapons, gain the success goods."""
    prompt, p = s["prompt"], s["seats"][seat]
    wood = move.get("wood")
    if type(wood) is not int:
        raise malformed("hunt needs an integer amount of wood")
    if prompt["aim"] != "low" or prompt["roll"] is None or wood not in _payments(p, prompt):
        raise refuse("F-575", "pay exactly the result in wood and the matching weapon")
    weapon = _effect(prompt["space"])["spend_to_succeed"][1]
    spent = _weapons_for(p, prompt, wood)
    p["wood"] -= wood
    p["weapons"][weapon] -= spent
    discard(s, weapon, spent)
    actionlog.note(s, "weapons_spent", spent)  # Whale Catcher 142B
    actionlog.note(s, "wood_spent", wood)  # Ivory Sculptor 141c
    _succeed(s, seat)


def _succeed(s: State, seat: int) -> None:
    success = _effect(s["prompt"]["space"])["success"]
    _gain(s, s["seats"][seat], success)
    actionlog.note(s, "outcome", "success")
    s["prompt"] = None


def _gain(s: State, p: Player, items: dict[str, int]) -> None:
    for item, n in items.items():
        if item in p["weapons"]:
            for _ in range(n):  # F-595: owed weapons
                p["weapons"][owed_weapon(s, item)] += 1
        elif item != "return_vikings":
            receive(s, p, {item: n})


def fail(s: State, seat: int, move: Move) -> None:
    """F-554, F-559, F-564, F-576, F-581, F-587: compensation; F-590: the player may take
    the pictured Vikings back to the Thing square (the seed: "you may return 1 Viking"):
    `"vikings": "stay"` keeps them on the space; `"return"`, or left out, takes them back."""
    prompt, p = s["prompt"], s["seats"][seat]
    if prompt["roll"] is None:
        raise refuse("F-552", "roll at least once")
    back = _returnable(prompt)
    choice = move.get("vikings", "return")
    if choice not in ("return", "stay"):
        raise malformed("'vikings' is 'return' or 'stay'")
    if "vikings" in move and not back:
        raise refuse("F-590", "no Vikings return after this failure")
    failure = _effect(prompt["space"])["failure"]
    _gain(s, p, failure)
    actionlog.note(s, "outcome", "fail")
    actionlog.note(s, "rolls", prompt["rolls"])  # Disheartened Warrior 104b
    if back and choice == "return":
        s["spaces"][prompt["spot"]]["n"] -= back
        p["thing"] += back
    s["prompt"] = None
