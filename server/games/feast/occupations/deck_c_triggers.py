"""Deck C: the triggered (red) and one-time conditional (green) cards no kind fits, and the
counters, conditions and observers deck C adds to the model (data:
`data/occupation_effects_C.json`; readings from the official English appendix)."""

from __future__ import annotations

from typing import Any

from server.games.contract import State, clone
from server.games.feast import actions, areas
from server.games.feast.catalog import SPECIALS
from server.games.feast.occupations.bespoke import bespoke
from server.games.feast.occupations.counters import COUNTERS, count
from server.games.feast.occupations.deck_a import BOX
from server.games.feast.occupations.flow import CONDITIONS, OBSERVERS, action_steps, card_step, enqueue, space_column
from server.games.feast.supply import Player, add_good

Option = dict[str, Any]
LARGE = ("knarr", "longship")


# --- counters and conditions -----------------------------------------------------------------


def special_tiles(s: State, p: Player) -> int:
    """Special tiles in the supply and on the boards (Host 19C, Sympathetic Soul 92C)."""
    held = sum(n for g, n in p["goods"].items() if g in SPECIALS)
    return held + sum(1 for a in p["areas"] for piece in a["pieces"] if piece[0] in SPECIALS)


def _ships(p: Player, kind: str) -> list[dict[str, Any]]:
    return [sh for sh in p["ships"] if sh["type"] == kind]


COUNTERS.update(
    {
        "ship_sets": lambda s, p: min(len(_ships(p, k)) for k in ("whaling_boat", "knarr", "longship")),
        "ship_ore": lambda s, p: sum(sh["ore"] for sh in p["ships"] if sh["type"] in ("whaling_boat", "longship")),
        "armed_longships": lambda s, p: sum(1 for sh in _ships(p, "longship") if sh["ore"] >= 2),
        "special_tiles": special_tiles,
        "paid_resource_types": lambda s, p: sum(
            1 for r in ("wood", "stone", "ore") if (s.get("action") or {}).get("paid", {}).get(r)
        ),
        "column2_vikings": lambda s, p: sum(
            spot["n"] for sid, spot in s["spaces"].items() if spot["seat"] == _seat(s, p) and space_column(s, sid) == 2
        ),
        "players": lambda s, p: int(s["players"]),
    }
)
CONDITIONS.update(
    {
        "built_house": lambda s, p, r: bool({"stone_house", "long_house"} & set(r.get("built", []))),
        "built_knarr": lambda s, p, r: "knarr" in r.get("built", []) and r.get("paid", {}).get("wood", 0) >= 1,
    }
)


def _seat(s: State, p: Player) -> int:
    return next(i for i, q in enumerate(s["seats"]) if q is p)


def _upcoming(s: State, seat: int) -> dict[str, Any]:
    """The `begin` step of the action a "before" card fires for (F-651)."""
    return next(st for st in s["queue"] if st["do"] == "begin" and st["seat"] == seat)


# --- red cards -------------------------------------------------------------------------------


def up_left(good: str) -> str | None:
    """The good diagonally up and to the left of `good` in the goods box (Clerk 88C)."""
    base = good[len("pregnant_") :] if good.startswith("pregnant_") else good
    for col, chain in enumerate(BOX):
        if base in chain:
            row = chain.index(base)
            if col and row + 1 < len(BOX[col - 1]):
                return BOX[col - 1][row + 1]
    return None


@bespoke("clerk")
class Clerk:
    """88C: before each Overseas Trading, once per knarr: 1 silver to exchange a good for the one
    diagonally up-left of it in the goods box (1 cattle for 1 robe)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["silver"] < 1:
            return []
        targets = [(g, up_left(g)) for g in sorted(p["goods"])]
        return [{"give": {"silver": 1}, "upgrade": [[g, t]]} for g, t in targets if t]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


@bespoke("sword_fighter")
class SwordFighter:
    """90C: before a Raiding action, return exactly 1 ore from a longship for +2 on each roll."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        seen, out = set(), []
        for i, sh in enumerate(p["ships"]):
            if sh["type"] == "longship" and sh["ore"] >= 1 and sh["ore"] not in seen:
                seen.add(sh["ore"])
                out.append({"fn": "sword_fighter", "ship": i})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["ships"][option["ship"]]["ore"] -= 1
        facts = _upcoming(s, seat).setdefault("facts", {})
        facts["roll_bonus"] = facts.get("roll_bonus", 0) + 2


@bespoke("forest_blacksmith")
class ForestBlacksmith:
    """103C: right before exchanging ore on a crafting space (chest, forge), 1 resource from a
    mountain strip; the action must then pay ore (not wood)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [
            {"fn": "forest_blacksmith", "take": [m["id"], 1]}
            for m in s["mountains"]
            if p["ore"] >= 1 or m["slots"][0] == "ore"
        ]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        _upcoming(s, seat).setdefault("facts", {})["require"] = {"ore": 1}


@bespoke("birka_settler")
class BirkaSettler:
    """110C: after the column-2 Overseas Trading space, an Emigration action (paying its cost)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "birka_settler"}] if actions.usable_variants(s, p, "c2_emigrate") else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        enqueue(s, action_steps(s, seat, "c2_emigrate", None))


@bespoke("snare_specialist")
class SnareSpecialist:
    """130C: after a successful Laying a Snare with Vikings: discard 2 snares, 1 Viking back."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        spot = (s.get("action") or {}).get("spot")
        if spot is None or spot not in s["spaces"] or p["weapons"]["snare"] < 2:
            return []
        return [{"fn": "snare_specialist", "give": {"snare": 2}, "space": spot}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        spot = s["spaces"][option["space"]]
        spot["n"] -= 1
        if not spot["n"]:
            del s["spaces"][option["space"]]
        s["seats"][seat]["thing"] += 1


@bespoke("sower")
class Sower:
    """169C: in a Harvest phase with a harvest, with flax in the supply 1 more flax, or with
    grain 1 more grain instead (looked at when the phase starts)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"get": {g: 1}} for g in ("flax", "grain") if p["goods"].get(g)]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


@bespoke("fish_cook_count")
class FishCookCount:
    """172C: counts the stockfish its owner serves in this round's feast (phase 9)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "fish_cook_count"}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        state = s["seats"][seat]["card_state"]
        served = state.get("172C") if isinstance(state.get("172C"), dict) else None
        n = served["n"] if served and served["round"] == s["round"] else 0
        state["172C"] = {"round": s["round"], "n": n + 1}


@bespoke("fish_cook")
class FishCook:
    """172C: after the feast, any or all of the stockfish served move into your houses (one at a
    time, each on a free spot of a stone or long house) instead of going back to the supply."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        served = p["card_state"].get("172C")
        if not isinstance(served, dict) or served["round"] != s["round"] or served["n"] < 1:
            return []
        return [
            {"fn": "fish_cook", "area": i, "turn": t, "row": r, "col": c}
            for i, a in enumerate(p["areas"])
            if areas.KINDS[a["kind"]].house
            for t, r, c in areas.spots(a, "stockfish")
        ]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        i = option["area"]
        area = p["areas"][i] = clone(p["areas"][i])
        areas.place(area, "stockfish", option["turn"], option["row"], option["col"])
        p["card_state"]["172C"]["n"] -= 1
        if p["card_state"]["172C"]["n"]:
            enqueue(s, [card_step(seat, "172C", 1)])


# --- observers: Earl of Lade and the green "as soon as" gains -----------------------------------


def earl_of_lade(s: State, seat: int) -> None:
    """168C: each time the Vikings on the Thing square become exactly 3, 1 silver."""
    p = s["seats"][seat]
    last = p["card_state"].get("168C")
    if last is not None and last != 3 and p["thing"] == 3:
        p["silver"] += 1
    if last != p["thing"]:
        p["card_state"]["168C"] = p["thing"]


def _income(p: Player) -> int:
    return sum(areas.income(a) for a in p["areas"] if not areas.KINDS[a["kind"]].house)


def _green(card: str, ships: tuple[str, ...], good: str, tiers: tuple[tuple[int, int], ...]) -> Any:
    """F-655, F-656: as soon as its owner has 3 such ships, once: the tier of his round income."""

    def observe(s: State, seat: int) -> None:
        p = s["seats"][seat]
        if p["card_state"].get(card) == "fired" or sum(1 for sh in p["ships"] if sh["type"] in ships) < 3:
            return
        p["card_state"][card] = "fired"
        income = _income(p)
        gain = next((n for most, n in tiers if income <= most), 0)
        if gain:
            add_good(p, good, gain)

    return observe


OBSERVERS.update(
    {
        "168C": earl_of_lade,
        "180C": _green("180C", ("longship",), "silverware", ((5, 4), (11, 3), (30, 2))),  # Beach Raider
        "181C": _green("181C", LARGE, "wool", ((4, 3), (9, 2), (30, 1))),  # Sail Patcher
    }
)


def _observed(name: str) -> None:
    @bespoke(name)
    class Observed:
        """A card run by its observer (above): it offers nothing to choose."""

        @staticmethod
        def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
            return []

        @staticmethod
        def apply(s: State, seat: int, option: Option) -> None:
            return None


for _name in ("earl_of_lade", "beach_raider", "sail_patcher"):
    _observed(_name)

__all__ = ["count", "special_tiles", "up_left"]
