"""The effect kinds: what a card part offers (its *options*) and applying one option.

An option is a small public map of operations, applied in this order: `give` (pay goods,
resources, weapons or a ship), `upgrade` (pairs [good, to]), `take` ([strip, n] from a
mountain strip, F-451), `get` (goods, resources, special tiles, ships, named weapons owed
from the discard pile, `weapon`: n random weapon draws), `run` (a round phase for the
owner only, F-642) and `fn` (a bespoke card function, `bespoke.py`). Kinds:

| kind | numbers | options |
|---|---|---|
| gain | gain | one: receive `gain` |
| gain_per | per: {counter: gain} | one: each gain times its counter |
| tiered | count, tiers [[at least, gain], …] | one: the highest tier reached (F-631) |
| exchange | options [{give, get}, …] | each affordable one (`*_any` gives expand) |
| upgrade | levels, only, top, count, fresh | each good (or type and count) that can climb |
| mountain | take, exact, only | each strip and how many to take |
| choice | of [part, …] | the options of every listed part |
| phase | run | one: run the phase for the owner |
| special | fn | what the bespoke function offers |
| discount, rule | — | none: the engine reads them (`flow.py`) |

Counters (`count`): see `counters.py`.

Applying an option may run rule modules (`trade`; `rounds` through `phases.py`), so this
module sits above them: they reach a card's options only through the queue's `card` step
(`offers.py`), never by importing it.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from server.games.contract import State
from server.games.feast import areas, trade
from server.games.feast.catalog import COLOUR, SHIPS, SPECIALS, STRIPS, UPGRADE, WEAPON_DECK
from server.games.feast.occupations.bespoke import BESPOKE
from server.games.feast.occupations.counters import count
from server.games.feast.occupations.flow import fire, interrupt
from server.games.feast.occupations.phases import run_for
from server.games.feast.supply import Player, add_good, add_ship, harbour_free, holds, receive, take_good
from server.games.feast.weapons import discard, draw_weapon, owed_weapon

Option = dict[str, Any]
Part = dict[str, Any]
ALIASES = {"cattle_any": ("cattle", "pregnant_cattle"), "sheep_any": ("sheep", "pregnant_sheep")}


def _ship_held(p: Player, ship: str) -> int:
    return sum(1 for sh in p["ships"] if sh["type"] == ship)


def can_give(p: Player, give: dict[str, int]) -> bool:
    return all((_ship_held(p, k) if k in SHIPS else holds(p, k)) >= n for k, n in give.items())


def can_get(s: State, p: Player, get: dict[str, int]) -> bool:
    """Ships need a free harbour slot, special tiles must still be on the board (F-659)."""
    return all(harbour_free(p, k) for k in get if k in SHIPS) and all(k in s["specials"] for k in get if k in SPECIALS)


def _expand(give: dict[str, int]) -> list[dict[str, int]]:
    """`cattle_any` and `weapon_any` stand for any mix of the matching items."""
    out: list[dict[str, int]] = [{}]
    for item, n in give.items():
        if item == "weapon_any":
            choices = [list(c) for c in combinations_with_replacement(sorted(WEAPON_DECK), n)]
        elif item in ALIASES:
            choices = [[a] * n for a in ALIASES[item]]
        else:
            choices = [[item] * n]
        nxt = []
        for base in out:
            for picked in choices:
                d = dict(base)
                for x in picked:
                    d[x] = d.get(x, 0) + 1
                nxt.append(d)
        out = nxt
    return out


def _gain_times(gain: dict[str, int], k: int) -> dict[str, int]:
    return {item: n * k for item, n in gain.items() if n * k}


def _add(total: dict[str, int], gain: dict[str, int]) -> None:
    for item, n in gain.items():
        total[item] = total.get(item, 0) + n


def gain_options(s: State, p: Player, part: Part) -> list[Option]:
    return [{"get": dict(part["gain"])}]


def gain_per_options(s: State, p: Player, part: Part) -> list[Option]:
    total: dict[str, int] = {}
    for counter, gain in part["per"].items():
        _add(total, _gain_times(gain, count(s, p, counter)))
    return [{"get": total}] if total else []


def tiered_options(s: State, p: Player, part: Part) -> list[Option]:
    n = count(s, p, part["count"])
    reached = [gain for least, gain in part["tiers"] if n >= least]
    return [{"get": dict(reached[-1])}] if reached else []


def exchange_options(s: State, p: Player, part: Part) -> list[Option]:
    out = []
    for opt in part["options"]:
        for give in _expand(opt.get("give", {})):
            if can_give(p, give) and can_get(s, p, opt.get("get", {})):
                out.append({"give": give, "get": dict(opt["get"])} if give else {"get": dict(opt["get"])})
    return out


def _upgrade_targets(good: str, part: Part) -> list[str]:
    reach = trade.targets(good, part.get("levels", 1))
    if part.get("top"):
        return [t for t in reach[-1:] if COLOUR.get(t) == "blue"]
    return reach


def _candidates(s: State, p: Player, part: Part) -> list[str]:
    goods = [g for g in sorted(p["goods"]) if g in UPGRADE]
    if "only" in part:
        goods = [g for g in goods if g in part["only"]]
    if part.get("fresh"):  # only goods made by upgrading in the running action (Merchant 152A)
        made = (s.get("action") or {}).get("upgraded", [])
        goods = [g for g in goods if g in made]
    return goods


def upgrade_options(s: State, p: Player, part: Part) -> list[Option]:
    goods = _candidates(s, p, part)
    if "count" not in part:
        return [{"upgrade": [[g, t]]} for g in goods for t in _upgrade_targets(g, part)]
    out = []  # several goods of one type, pregnant and not alike (Wholesaler 83A)
    for base in sorted({g[len("pregnant_") :] if g.startswith("pregnant_") else g for g in goods}):
        held = [base] * p["goods"].get(base, 0) + ["pregnant_" + base] * p["goods"].get("pregnant_" + base, 0)
        for k in range(1, min(part["count"], len(held)) + 1):
            out.append({"upgrade": [[g, UPGRADE[g]] for g in held[:k]]})
    return out


def mountain_options(s: State, p: Player, part: Part) -> list[Option]:
    out = []
    for strip in s["mountains"]:
        slots = strip["slots"]
        if "only" in part and slots[0] not in part["only"]:
            continue  # F-451: resources come off the arrow end
        counts = [part["take"]] if part.get("exact") else range(1, part["take"] + 1)
        out += [{"take": [strip["id"], n]} for n in counts if n <= len(slots)]
    return out


def choice_options(s: State, p: Player, part: Part) -> list[Option]:
    out: list[Option] = []
    for sub in part["of"]:
        out += options(s, p, sub)
    return out


def phase_options(s: State, p: Player, part: Part) -> list[Option]:
    return [{"run": part["run"]}]


def _none(s: State, p: Player, part: Part) -> list[Option]:
    return []


def _special(s: State, p: Player, part: Part) -> list[Option]:
    return BESPOKE[part["fn"]].options(s, p, part)


KINDS: dict[str, Callable[[State, Player, Part], list[Option]]] = {
    "gain": gain_options,
    "gain_per": gain_per_options,
    "tiered": tiered_options,
    "exchange": exchange_options,
    "upgrade": upgrade_options,
    "mountain": mountain_options,
    "choice": choice_options,
    "phase": phase_options,
    "special": _special,
    "discount": _none,
    "rule": _none,
}
AUTOMATIC = ("gain", "gain_per", "tiered", "phase")  # never harmful: applied without asking


def options(s: State, p: Player, part: Part) -> list[Option]:
    return KINDS[part["kind"]](s, p, part)


def optional(part: Part) -> bool:
    """Whether the owner may decline ("can", "may"); gains and phases are applied."""
    return bool(part.get("optional", part["kind"] not in AUTOMATIC))


# --- applying an option --------------------------------------------------------------------


def _give(s: State, p: Player, give: dict[str, int]) -> None:
    for item, n in give.items():
        if item in SHIPS:
            for _ in range(n):  # the ship with the least ore goes; its ore is lost (64A)
                held = [i for i, sh in enumerate(p["ships"]) if sh["type"] == item]
                p["ships"].pop(min(held, key=lambda i: p["ships"][i]["ore"]))
        elif item in WEAPON_DECK:
            p["weapons"][item] -= n
            discard(s, item, n)  # F-597
        elif item in ("silver", "wood", "stone", "ore"):
            p[item] -= n
        else:
            take_good(p, item, n)


def _get(s: State, p: Player, get: dict[str, int]) -> None:
    for item, n in get.items():
        if item == "weapon":
            for _ in range(n):
                p["weapons"][draw_weapon(s)] += 1
        elif item in WEAPON_DECK:
            for _ in range(n):
                p["weapons"][owed_weapon(s, item)] += 1
        elif item in SHIPS:
            for _ in range(n):
                if harbour_free(p, item):  # F-659
                    add_ship(p, item)
        elif item in SPECIALS:
            if item in s["specials"]:
                receive(s, p, {item: 1})
        else:
            receive(s, p, {item: n})


def take_from_strip(s: State, p: Player, strip_id: int, n: int) -> None:
    """F-451…F-453 for a card: n resources off the arrow end of one strip."""
    strip = next(m for m in s["mountains"] if m["id"] == strip_id)
    seat = next(i for i, q in enumerate(s["seats"]) if q is p)
    mined = []
    for resource in strip["slots"][:n]:
        mined += fire(s, seat, "event", "mined_" + resource)  # Mineworker 188C
        if resource == "silver2":
            p["silver"] += 2  # F-452
        else:
            p[resource] += 1
    del strip["slots"][:n]
    if not strip["slots"]:
        s["mountains"].remove(strip)
    interrupt(s, mined)


def apply(s: State, seat: int, option: Option) -> None:
    p = s["seats"][seat]
    _give(s, p, option.get("give", {}))
    for good, to in option.get("upgrade", []):
        take_good(p, good)
        add_good(p, to)
    if "take" in option:
        take_from_strip(s, p, *option["take"])
    _get(s, p, option.get("get", {}))
    if "run" in option:
        run_for(s, seat, option["run"])
    if "fn" in option:
        BESPOKE[option["fn"]].apply(s, seat, option)


def strip_exists(s: State, strip_id: int) -> bool:
    return strip_id in STRIPS and any(m["id"] == strip_id for m in s["mountains"])


def spots_for_ore(p: Player) -> list[tuple[int, int, int]]:
    """Every cell of a home or exploration board where one ore may lie (F-305)."""
    return [
        (i, r, c)
        for i, a in enumerate(p["areas"])
        if not areas.KINDS[a["kind"]].house
        for _, r, c in areas.spots(a, "ore")
    ]
