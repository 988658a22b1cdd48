"""Starting occupations (a, b, c) that no effect kind fits, and the counters, conditions and
watchers the starting cards add. Their data: `data/occupation_effects_start.json`;
readings follow the official English appendix.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State
from server.games.feast import actions
from server.games.feast.areas import bonuses
from server.games.feast.catalog import BUILDINGS, COLOUR, SPACES, SPECIALS, UPGRADE
from server.games.feast.occupations import play_steps
from server.games.feast.occupations.bespoke import bespoke
from server.games.feast.occupations.cards import SELECTORS
from server.games.feast.occupations.counters import COUNTERS
from server.games.feast.occupations.deck_b_watch import _each_new
from server.games.feast.occupations.deck_c_triggers import _observed, _upcoming
from server.games.feast.occupations.flow import CONDITIONS, OBSERVERS, WATCHERS, action_steps, enqueue, interrupt
from server.games.feast.supply import Player, receive

Option = dict[str, Any]
WEAPON_TYPES = ("bow", "snare", "spear", "long_sword")
SHED_SLOTS = 3  # F-330: 3 wood and 3 stone slots


def _seat(s: State, p: Player) -> int:
    return next(i for i, q in enumerate(s["seats"]) if q is p)


def _wood_got(record: dict[str, Any]) -> int:
    """Wood an action gave: received, or taken off a mountain strip (Woodcutter 154a, Cooper 155b)."""
    return int(record.get("got", {}).get("wood", 0)) + sum(1 for r in record.get("took", []) if r == "wood")


def _crafting_vikings(s: State, p: Player) -> int:
    """Craft Leader 8a: the owner's Vikings standing on Crafting spaces now."""
    seat = _seat(s, p)
    return sum(spot["n"] for sid, spot in s["spaces"].items() if spot["seat"] == seat and sid in SELECTORS["crafting"])


def _red_good_types(s: State, p: Player) -> int:
    """Meat Inspector 26c: types of red goods in the supply and stables (pregnant = same type)."""
    held = {g.removeprefix("pregnant_") for g, n in p["goods"].items() if n and COLOUR.get(g) == "red"}
    return len(held)


COUNTERS.update(
    {
        "crafting_vikings": _crafting_vikings,
        "red_good_types": _red_good_types,
        "boats_used": lambda s, p: int((s.get("action") or {}).get("boats_used", 0)),  # Ivory Sculptor 141c
    }
)
CONDITIONS.update(
    {
        "got_two_wood": lambda s, p, r: _wood_got(r) >= 2,  # Woodcutter 154a, Cooper 155b
        "failed_by_second_roll": lambda s, p, r: r.get("rolls", 0) <= 2,  # Disheartened Warrior 104b
        "no_wood": lambda s, p, r: not r.get("wood_spent"),  # Ivory Sculptor 141c
        "paid_ore": lambda s, p, r: bool(r.get("paid", {}).get("ore")),  # Ironsmith 108c
        "got_two_stockfish": lambda s, p, r: r.get("got", {}).get("stockfish", 0) >= 2,  # Meat Buyer 150c
        "got_two_salt_meat": lambda s, p, r: r.get("got", {}).get("salt_meat", 0) >= 2,  # Meat Buyer 150c
    }
)
WATCHERS.update({"174a": _each_new("174a", ("cattle", "pregnant_cattle"))})  # Bosporus Traveller


@bespoke("start_tutor")
class StartTutor:
    """52a: any time, 1 silver to play an occupation from the hand (F-645)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["silver"] < 1:
            return []
        return [{"fn": "start_tutor", "give": {"silver": 1}, "play": c} for c in sorted(set(p["hand"]))]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        interrupt(s, play_steps(s, seat, option["play"]))


@bespoke("collector")
class Collector:
    """21b: a Bonus phase for the owner's home board only (F-280…F-283, F-642)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "collector"}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        for good in [g for a in p["areas"] if a["kind"] == "home" for g in bonuses(a)]:
            if good in BUILDINGS:
                continue  # the home board gives no building
            if good not in SPECIALS or good in s["specials"]:
                receive(s, p, {good: 1})


def _upgrades(p: Player, colour: str | None) -> list[Option]:
    return [
        {"give": {"silver": 1}, "upgrade": [[g, UPGRADE[g]]]}
        for g, n in sorted(p["goods"].items())
        if n and g in UPGRADE and (colour is None or COLOUR.get(g) == colour)
    ]


@bespoke("farm_shop_owner")
class FarmShopOwner:
    """53b: any time, 1 silver to turn an orange good to its red side."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return _upgrades(p, "orange") if p["silver"] >= 1 else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


@bespoke("middleman")
class Middleman:
    """120b: after a Weekly Market action, 1 silver for a "+1 good" upgrade."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return _upgrades(p, None) if p["silver"] >= 1 else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


@bespoke("equipment_supplier")
class EquipmentSupplier:
    """69c: weapon cards until 2 of each type (from the discard pile, else the deck)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        owed = {w: 2 - p["weapons"].get(w, 0) for w in WEAPON_TYPES if p["weapons"].get(w, 0) < 2}
        return [{"get": owed}] if owed else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        return None


@bespoke("steward")
class Steward:
    """42b: before phase 7, exactly 1 wood or 1 stone onto a free slot of a shed for 1 silver."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        out = []
        for res in ("wood", "stone"):
            free = [i for i, shed in enumerate(p["sheds"]) if shed[res] < SHED_SLOTS]
            if p[res] and free:
                out.append({"fn": "steward", "res": res, "shed": free[0], "get": {"silver": 1}})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        shed = p["sheds"][option["shed"]] = dict(p["sheds"][option["shed"]])
        p[option["res"]] -= 1
        shed[option["res"]] += 1


@bespoke("ironsmith")
class Ironsmith:
    """108c: after paying ore on the chest or forge space, 1 silver to take 1 of its Vikings back."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        spot = (s.get("action") or {}).get("spot")
        if spot is None or spot not in s["spaces"] or p["silver"] < 1:
            return []
        return [{"fn": "ironsmith", "give": {"silver": 1}, "space": spot}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        spot = s["spaces"][option["space"]] = dict(s["spaces"][option["space"]])
        spot["n"] -= 1
        if not spot["n"]:
            del s["spaces"][option["space"]]
        s["seats"][seat]["thing"] += 1


@bespoke("berserker")
class Berserker:
    """132b: before a Pillaging action, exactly 1 ore back from the pillaging longship (the one
    carrying the most ore, F-561) for +3 on each roll of that pillage."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        longships = [(sh["ore"], -i) for i, sh in enumerate(p["ships"]) if sh["type"] == "longship"]
        if not longships or max(longships)[0] < 1:
            return []
        return [{"fn": "berserker", "ship": -max(longships)[1]}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["ships"][option["ship"]]["ore"] -= 1  # back to the general supply
        facts = _upcoming(s, seat).setdefault("facts", {})
        facts["roll_bonus"] = facts.get("roll_bonus", 0) + 3


def thing_spokesman(s: State, seat: int) -> None:
    """151c: each time exactly 1 or 2 Vikings come back from the board to the Thing square
    during the actions phase (a failed roll, a card), 1 silver. Vikings come back in phase 5
    only from the board: new Vikings come in phase 1, the round's return is phase 12."""
    p = s["seats"][seat]
    last = p["card_state"].get("151c")
    if last is not None and s["phase"] == 5 and 1 <= p["thing"] - last <= 2:
        p["silver"] += 1
    if last != p["thing"]:
        p["card_state"]["151c"] = p["thing"]


OBSERVERS.update({"151c": thing_spokesman})
_observed("thing_spokesman")


@bespoke("sober_man")
class SoberMan:
    """160a: at the start of the feast, 1 silver (to serve right away) for serving no mead in it;
    the feast then refuses mead (`feast.refusal`) until the phase is over."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "sober_man", "get": {"silver": 1}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["card_state"]["160a"] = "no_mead"


@bespoke("sober_man_end")
class SoberManEnd:
    """160a: the promise ends with the feast phase."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "sober_man_end"}] if p["card_state"].get("160a") else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["card_state"].pop("160a", None)


COLUMN_1 = [sid for sid, sp in SPACES.items() if sp["column"] == 1]  # top to bottom, as on the board


@bespoke("latecomer")
class Latecomer:
    """91c: at the end of phase 5, 1 silver to use an unoccupied column-1 space directly above or
    below a column-1 space holding one of the owner's Vikings, placing none (F-642)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["silver"] < 1:
            return []
        seat = _seat(s, p)
        mine = [i for i, sid in enumerate(COLUMN_1) if s["spaces"].get(sid, {}).get("seat") == seat]
        near = sorted({j for i in mine for j in (i - 1, i + 1) if 0 <= j < len(COLUMN_1)})
        p["silver"] -= 1  # the card's silver is paid first
        try:
            free = [COLUMN_1[j] for j in near if COLUMN_1[j] not in s["spaces"]]
            usable = [sid for sid in free if actions.usable_variants(s, p, sid)]
        finally:
            p["silver"] += 1
        return [{"fn": "latecomer", "give": {"silver": 1}, "space": sid} for sid in usable]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        enqueue(s, action_steps(s, seat, option["space"], None))
