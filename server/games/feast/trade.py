"""Mountains and trade: taking resources from mountain strips and upgrading goods (F-450…F-468).

A golden-brown space opens a "trade" prompt holding what is left of it: the mountain
parts (how many resources each may take, each part from a different strip, F-454…F-456),
the upgrades left and how many levels each may climb (F-463, F-464), and the tiles made
by this action (which may not climb again). The player takes, upgrades in any order and
finishes when he likes — once he has used at least one effect (F-243, F-460); the prompt
closes by itself when nothing usable is left.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Move, State
from server.games.feast import actionlog, occupations
from server.games.feast.catalog import UPGRADE
from server.games.feast.refusals import malformed, refuse
from server.games.feast.supply import Player, add_good, take_good

Work = dict[str, Any]


def work_of(effect: dict[str, Any]) -> Work:
    """The mountain parts and upgrades of a golden-brown effect."""
    upgrade = effect.get("upgrade", {})
    return {
        "takes": [part["take_up_to"] for part in effect.get("mountain", [])],
        "upgrades": upgrade.get("goods", 0),
        "levels": upgrade.get("levels", 1),
        "weapons": effect.get("draw_weapons", 0),
    }


def targets(good: str, levels: int) -> list[str]:
    """The goods one (or up to `levels`) colours higher in the same shape (F-462, F-464, A-B-11)."""
    out = []
    while levels and good in UPGRADE:
        good = UPGRADE[good]
        out.append(good)
        levels -= 1
    return out


def _upgradable(p: Player, fresh: dict[str, int]) -> list[str]:
    return [g for g, n in sorted(p["goods"].items()) if g in UPGRADE and n > fresh.get(g, 0)]


def usable(s: State, p: Player, work: Work) -> bool:
    """F-243, F-457: a mountain part needs a revealed strip, an upgrade a good that can climb."""
    if work["weapons"]:
        return True
    if work["takes"] and s["mountains"]:
        return True
    return bool(work["upgrades"] and _upgradable(p, {}))


def open_prompt(s: State, seat: int, sid: str, work: Work) -> None:
    s["prompt"] = {
        "kind": "trade",
        "seat": seat,
        "space": sid,
        "takes": list(work["takes"]),
        "used": [],
        "upgrades": work["upgrades"],
        "levels": work["levels"],
        "fresh": {},
        "acted": bool(work["weapons"]),
    }
    _close_if_spent(s)


def legal(s: State, seat: int) -> list[Move]:
    prompt, p = s["prompt"], s["seats"][seat]
    moves: list[Move] = []
    for up_to in sorted(set(prompt["takes"])):
        for strip in s["mountains"]:
            if strip["id"] not in prompt["used"]:
                moves += [
                    {"type": "take", "strip": strip["id"], "n": n, "part": up_to}
                    for n in range(1, min(up_to, len(strip["slots"])) + 1)
                ]
    if prompt["upgrades"]:
        for good in _upgradable(p, prompt["fresh"]):
            moves += [{"type": "upgrade", "good": good, "to": to} for to in targets(good, prompt["levels"])]
    if prompt["acted"]:
        moves.append({"type": "finish"})
    return moves


def take(s: State, seat: int, move: Move) -> None:
    """F-451…F-458: from the arrow end of one strip, up to the part's allowance."""
    prompt, p = s["prompt"], s["seats"][seat]
    part, n, sid = move.get("part"), move.get("n"), move.get("strip")
    if type(part) is not int or type(n) is not int or type(sid) is not int:
        raise malformed("take needs integer strip, n and part")
    if part not in prompt["takes"]:
        raise refuse("F-454", "this space has no such mountain part left")
    strip = next((m for m in s["mountains"] if m["id"] == sid), None)
    if strip is None:
        raise refuse("F-450", "that mountain strip is not revealed")
    if sid in prompt["used"]:
        raise refuse("F-455", "each part of this space takes from a different strip")
    if not 1 <= n <= part:
        raise refuse("F-454", f"this part takes 1 to {part} resources from one strip")
    if n > len(strip["slots"]):
        raise refuse("F-451", f"that strip holds only {len(strip['slots'])} resources")
    mined: list[occupations.Step] = []
    for resource in strip["slots"][:n]:
        actionlog.append(s, "took", "silver" if resource == "silver2" else resource)  # Mountain Guard 122A
        mined += occupations.fire(s, seat, "event", "mined_" + resource)  # Mineworker 188C
        if resource == "silver2":
            p["silver"] += 2  # F-452: the pair counts as one resource
        else:
            p[resource] += 1
    del strip["slots"][:n]
    if not strip["slots"]:
        s["mountains"].remove(strip)  # F-453
    prompt["takes"].remove(part)
    prompt["used"].append(sid)
    prompt["acted"] = True
    _close_if_spent(s)
    occupations.interrupt(s, mined)


def upgrade(s: State, seat: int, move: Move) -> None:
    """F-462…F-465: one tile of the supply for one of the same shape one or two colours higher."""
    prompt, p = s["prompt"], s["seats"][seat]
    good, to = move.get("good"), move.get("to")
    if not isinstance(good, str) or not isinstance(to, str):
        raise malformed("upgrade needs good and to")
    if prompt["upgrades"] < 1:
        raise refuse("F-463", "no upgrade left on this space")
    if good not in _upgradable(p, prompt["fresh"]):
        raise refuse("F-463", f"no {good} in your supply that may still be upgraded in this action")
    if to not in targets(good, prompt["levels"]):
        raise refuse("F-462", f"{good} cannot become {to} on this space")
    take_good(p, good)
    add_good(p, to)
    actionlog.append(s, "upgraded", to)  # Merchant 152A
    prompt["fresh"][to] = prompt["fresh"].get(to, 0) + 1
    prompt["upgrades"] -= 1
    prompt["acted"] = True
    _close_if_spent(s)


def finish(s: State, seat: int, move: Move) -> None:
    if not s["prompt"]["acted"]:
        raise refuse("F-243", "use at least one effect of the space first")
    s["prompt"] = None


def _close_if_spent(s: State) -> None:
    prompt = s["prompt"]
    p = s["seats"][prompt["seat"]]
    strips_left = any(m["id"] not in prompt["used"] for m in s["mountains"])
    can_take = bool(prompt["takes"]) and strips_left
    can_upgrade = prompt["upgrades"] > 0 and bool(_upgradable(p, prompt["fresh"]))
    if not can_take and not can_upgrade and prompt["acted"]:
        s["prompt"] = None
