"""The action board: which spaces a player may occupy and what each space does (F-400…F-429, F-600…F-624).

A space's effect is read from `action_spaces.json` into a list of *variants*: each one
cost, one gain, and for occupation spaces how many cards are drawn or played. A space is
a legal placement when it is free, the player has the Vikings, and at least one variant
can be used (the use-one rule, F-243). With one usable variant the action resolves at
once; with several the player is asked to pick one (prompt "option"). Implemented so far:
all 61 spaces: production, crafting/building, occupation, mountains/trade
(`trade.py`), sailing, emigration, exploration (`sailing.py`) and the red dice
spaces (`dice.py`). Cards change spaces through `occupations` (Peddler's discount, the
Tutor's draw).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State, clone
from server.games.feast import actionlog, dice, occupations, sailing, trade
from server.games.feast.catalog import SPACES, SPECIALS
from server.games.feast.supply import Player, can_pay, pay, receivable, receive
from server.games.feast.weapons import draw_weapon

SAILING_GROUPS = ("sailing_knarr", "emigration", "exploration")
Variant = dict[str, Any]


def _animals(p: Player, kind: str) -> int:
    return int(p["goods"].get(kind, 0) + p["goods"].get("pregnant_" + kind, 0))


def _gain_variants(s: State, p: Player, sp: dict[str, Any]) -> list[Variant]:
    eff = sp["effect"]
    cost = dict(sp.get("cost", {}))
    gain = dict(eff.get("gain", {}))
    if "gain_per_animal" in eff:  # F-411
        per = eff["gain_per_animal"]
        gain[per["good"]] = min(_animals(p, per["per"]), per["max"])
    if "gain_wood_equal_to" in eff:  # F-413 (solo: 1 wood, A-B-03)
        gain["wood"] = s["players"]
    for cond in eff.get("conditional", []):  # F-412
        if all(_animals(p, a) >= n for a, n in cond["if_own_at_least"].items()):
            gain.update(cond["gain"])
    return [{"cost": cost, "gain": {k: v for k, v in gain.items() if v}}]


def _choice_variants(sp: dict[str, Any]) -> list[Variant]:
    base = sp.get("cost", {})
    return [{"cost": {**base, **c.get("cost", {})}, "gain": dict(c["gain"])} for c in sp["effect"]["choice"]]


def _exchange_variants(s: State, sp: dict[str, Any]) -> list[Variant]:
    ex = sp["effect"]["exchange"]
    gives = ex.get("give_one_of") or [ex.get("give", {})]
    if "get_one_of" in ex:  # F-426: jewelry or a special tile with the forge symbol
        gets = [{"jewelry": 1}] + [{t: 1} for t in s["specials"] if SPECIALS[t]["forge_symbol"]]
    else:
        gets = [ex["get"]]
    return [{"cost": dict(give), "gain": dict(get)} for give in gives for get in gets]


def _optional_exchange_variants(sp: dict[str, Any]) -> list[Variant]:
    """F-427: 4 silver, plus each optional exchange at most once."""
    eff = sp["effect"]
    out = [{"cost": {}, "gain": dict(eff["gain"])}]
    for ex in eff["optional_exchanges"]:
        out += [{"cost": {**v["cost"], **ex["give"]}, "gain": {**v["gain"], **ex["get"]}} for v in out]
    return out


def _occupation_variants(sp: dict[str, Any]) -> list[Variant]:
    eff = sp["effect"]
    play = eff.get("play_occupations")
    costs = sp.get("cost", {}).get("one_of") or [{}]
    extra = {"draw": eff.get("draw_occupations", 0), "play": [play["min"], play["max"]] if play else None}
    return [{"cost": dict(c), "gain": dict(eff.get("gain", {})), **extra} for c in costs]


def variants(s: State, p: Player, sid: str) -> list[Variant]:
    """Every way of carrying out space `sid`, before checking what the player can afford.

    The lists are read-only: most are built once at import (`_STATIC`)."""
    sp = SPACES[sid]
    if not sailing.requirement_met(p, sp):  # F-402
        return []
    vs = _STATIC[sid] if sid in _STATIC else _build_variants(s, p, sid)
    if occupations.rule(p, "house_stone_off", 0):  # Master Bricklayer 116c
        vs = [_less_stone(v) for v in vs]
    if not occupations.discount(p, sid):
        return vs
    return [_cheaper(v, occupations.discount(p, sid, v["cost"].get("silver", 0))) for v in vs]


def _less_stone(v: Variant) -> Variant:
    """Master Bricklayer 116c: building a stone or long house costs 1 stone less."""
    if v["gain"].get("building") not in ("stone_house", "long_house") or not v["cost"].get("stone"):
        return v
    cost = {**v["cost"], "stone": v["cost"]["stone"] - 1}
    return {**v, "cost": {k: n for k, n in cost.items() if n}}


def _cheaper(v: Variant, off: int) -> Variant:
    """Peddler 1A: the total silver cost lower, never below nothing."""
    silver = v["cost"].get("silver", 0)
    if not silver:
        return v
    cost = {**v["cost"], "silver": max(0, silver - off)}
    return {**v, "cost": {k: n for k, n in cost.items() if n}}


def _build_variants(s: Any, p: Any, sid: str) -> list[Variant]:
    """`s` and `p` are None when building the static lists at import."""
    sp = SPACES[sid]
    eff = sp["effect"]
    if dice.is_dice(sid):
        return dice.variants(p, sid)
    if sp["group"] == "occupation":
        return _occupation_variants(sp)
    if sp["group"] in SAILING_GROUPS:
        return sailing.sailing_variants(s, p, sid, sp)
    if sp["group"] == "mountains_trade" and "gain" not in eff:
        choices = eff.get("choice", [eff])  # F-459: 2+2+2+2 or upgrade 3 twice
        return [{"cost": {}, "gain": {}, "work": trade.work_of(c)} for c in choices]
    if "choice" in eff:
        return _choice_variants(sp)
    if "exchange" in eff:
        return _exchange_variants(s, sp)
    if "optional_exchanges" in eff:
        return _optional_exchange_variants(sp)
    return _gain_variants(s, p, sp)


def usable(s: State, p: Player, v: Variant, column3_draw: bool = False) -> bool:
    """F-243 use-one rule: the cost can be paid and something is received (or a card can be
    played; on a column-3 space the card drawn first counts, F-605)."""
    if not can_pay(p, v["cost"]):
        return False
    if "dice" in v:
        return True  # rolling and the failure compensation always count (F-554)
    if "work" in v:
        return trade.usable(s, p, v["work"])
    if any(key in v for key in ("explore", "emigrate", "swap", "sea_trade", "special_sale")):
        return sailing.usable(s, p, v)
    if v.get("play"):
        return bool(p["hand"]) or (column3_draw and bool(s["secret"]["occupations"]))
    if v.get("draw"):
        return True
    return receivable(s, p, v["gain"])


def usable_variants(s: State, p: Player, sid: str, column3_draw: bool = False) -> list[Variant]:
    return [v for v in variants(s, p, sid) if usable(s, p, v, column3_draw)]


def carry_out(s: State, seat: int, sid: str, v: Variant, spot: str) -> None:
    """Pay and receive one variant, then open its follow-up prompt if it has one.

    `spot` is the space the Vikings stand on (a copy space, or `sid` itself)."""
    p = s["seats"][seat]
    pay(p, v["cost"])
    actionlog.note(s, "paid", dict(v["cost"]))  # Artist 111C, Forest Blacksmith 103C
    receive(s, p, v["gain"])
    for _ in range(v.get("draw", 0)):
        occupations.enqueue(s, occupations.draw_steps(s, seat))  # F-601 (Tutor 99A)
    if "work" in v:
        for _ in range(v["work"]["weapons"]):  # F-466
            p["weapons"][draw_weapon(s)] += 1
        trade.open_prompt(s, seat, sid, v["work"])
    elif "dice" in v:
        dice.open_prompt(s, seat, sid, spot, v)
    elif v.get("play") and p["hand"]:
        low, high = v["play"]
        s["prompt"] = {"kind": "play", "seat": seat, "space": sid, "min": low, "left": high}
    else:
        s["prompt"] = None
        sailing.carry_out(s, seat, v)


def label(v: Variant) -> dict[str, Any]:
    """A public description of a variant for the option prompt (a copy: variants are shared)."""
    return clone(v)


def _is_static(sid: str) -> bool:
    """Whether a space's variants depend only on the data, not on the state."""
    sp = SPACES[sid]
    eff = sp["effect"]
    dynamic = ("gain_per_animal", "gain_wood_equal_to", "conditional", "boats_used")
    if any(key in eff for key in dynamic) or sp["group"] in ("emigration", "exploration"):
        return False
    return "get_one_of" not in eff.get("exchange", {})


_STATIC: dict[str, list[Variant]] = {sid: _build_variants(None, None, sid) for sid in SPACES if _is_static(sid)}
