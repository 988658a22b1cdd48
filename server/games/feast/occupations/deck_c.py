"""Deck C cards that no effect kind fits: the one-time (yellow) and anytime (blue) ones.

Their data: `data/occupation_effects_C.json`; readings follow the official English
appendix. The triggered (red) and one-time conditional (green) cards, the counters and the
conditions deck C adds are in `deck_c_triggers.py`, imported at the end of this module.
"""

from __future__ import annotations

import math
from typing import Any

from server.games.contract import State
from server.games.feast.catalog import ANIMALS, SHIPS, SPECIALS
from server.games.feast.occupations import laid
from server.games.feast.occupations.bespoke import bespoke
from server.games.feast.occupations.counters import count
from server.games.feast.occupations.flow import STEPS, action_steps, enqueue, fire, interrupt
from server.games.feast.supply import Player, harbour_free, receive

Option = dict[str, Any]
HARVEST_GOODS = ("peas", "flax", "beans", "grain", "cabbage")


def seat_of(s: State, p: Player) -> int:
    return next(i for i, q in enumerate(s["seats"]) if q is p)


@bespoke("storeman")
class Storeman:
    """31C: a fourth tile of a good held exactly three times in the supply (no animals)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [
            {"get": {g: 1}} for g, n in sorted(p["goods"].items()) if n == 3 and g not in ANIMALS and g not in SPECIALS
        ]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


@bespoke("modifier")
class Modifier:
    """39C (F-646): ore back from a whaling boat or longship into the supply (printed ore stays)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        seen, out = set(), []
        for i, sh in enumerate(p["ships"]):
            if sh["ore"] > 0 and (sh["type"], sh["ore"]) not in seen:
                seen.add((sh["type"], sh["ore"]))
                out.append({"fn": "modifier", "ship": i})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        p["ships"][option["ship"]]["ore"] -= 1
        p["ore"] += 1


@bespoke("plower")
class Plower:
    """49C: 1 cattle (pregnant or not) for 1 each of peas, flax, beans, grain and cabbage;
    for occupations this is an extra Harvest phase of its owner (cards of phase 2 fire)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "plower", "give": {a: 1}} for a in ("cattle", "pregnant_cattle") if p["goods"].get(a)]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        before = fire(s, seat, "phase", (2, "before"), {"harvest": True})
        interrupt(s, before + [{"do": "plower_harvest", "seat": seat}])


def _plower_harvest(s: State, st: dict[str, Any]) -> None:
    seat = st["seat"]
    receive(s, s["seats"][seat], {g: 1 for g in HARVEST_GOODS})
    enqueue(s, fire(s, seat, "phase", (2, "after"), {"harvest": True}))


STEPS["plower_harvest"] = _plower_harvest


@bespoke("inspector")
class Inspector:
    """60C: 1 Viking from one of your action spaces back to the Thing square, or 2 from one
    space for silver equal to the round; a space left empty may be used again this round."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        seat = seat_of(s, p)
        out: list[Option] = []
        for sid, spot in sorted(s["spaces"].items()):
            if spot["seat"] == seat and spot["n"] >= 1:
                out.append({"fn": "inspector", "space": sid, "n": 1})
                if spot["n"] >= 2 and p["silver"] >= s["round"]:
                    out.append({"fn": "inspector", "space": sid, "n": 2, "give": {"silver": s["round"]}})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        sid, n = option["space"], option["n"]
        s["spaces"][sid]["n"] -= n
        if not s["spaces"][sid]["n"]:
            del s["spaces"][sid]
        s["seats"][seat]["thing"] += n


@bespoke("innkeeper")
class Innkeeper:
    """71C: the Drinking Horn from any player's board (yours included) into your supply; its
    cells are filled with 1 chest and 1 rune stone (all blue: coverage and income unchanged)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "innkeeper", "from": q, "area": i} for q, i in laid.boards_with(s, "drinking_horn")]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        laid.take(s, seat, option, "drinking_horn", ["chest", "rune_stone"])


@bespoke("quartermaster")
class Quartermaster:
    """81C: buy 1 longship, 1 silver off per long sword and 1/2 per bow and spear (cost rounded down)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        w = p["weapons"]
        off = w["long_sword"] + (w["bow"] + w["spear"]) / 2
        cost = max(0, math.floor(SHIPS["longship"]["buy_price_silver"] - off))
        if not harbour_free(p, "longship") or p["silver"] < cost:
            return []
        return [{"give": {"silver": cost}, "get": {"longship": 1}} if cost else {"get": {"longship": 1}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


HORNBLOWER = {"hunting": ("c1_hunting_game", 1), "snare": ("c2_laying_snare", 2)}


@bespoke("hornblower")
class Hornblower:
    """85C (F-643, F-642): pay 1 silver for a Hunting Game action and/or 2 silver for a Laying a
    Snare action, in that order; no Vikings are placed, so none come back on failure."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        out = []
        for chosen in (["hunting"], ["snare"], ["hunting", "snare"]):
            cost = sum(HORNBLOWER[a][1] for a in chosen)
            if p["silver"] >= cost:
                out.append({"fn": "hornblower", "give": {"silver": cost}, "actions": chosen})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        steps = []
        for name in option["actions"]:
            steps += action_steps(s, seat, HORNBLOWER[name][0], None)
        enqueue(s, steps)


@bespoke("herb_gardener")
class HerbGardener:
    """182C (F-655): once you own 2 houses, once in the game at any time: 2 / 5 wood for 1 / 2 spices."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["card_state"].get("182C") == "fired" or count(s, p, "houses") < 2:
            return []
        offers = ((2, 1), (5, 2))
        return [{"fn": "herb_gardener", "give": {"wood": w}, "get": {"spices": n}} for w, n in offers if p["wood"] >= w]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["card_state"]["182C"] = "fired"


@bespoke("sponsor")
class Sponsor:
    """184C: with at least 3 ore, 4 wood or 3 silver for 1 longship carrying 3 of that ore."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["ore"] < 3 or not harbour_free(p, "longship"):
            return []
        return [{"fn": "sponsor", "give": {res: n}} for res, n in (("wood", 4), ("silver", 3)) if p[res] >= n]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        p["ore"] -= 3
        p["ships"].append({"type": "longship", "ore": 3})


from server.games.feast.occupations import deck_c_triggers  # noqa: E402, F401  (the red and green cards)
