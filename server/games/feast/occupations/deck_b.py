"""Deck B cards that no effect kind fits (their data: `data/occupation_effects_B.json`).

Options here are plain operation maps where they can be (`get`, `give`, `upgrade`: applied
by `kinds.apply`); `fn` only where the card does something else. The watched cards and
the cards that work on boards are in `deck_b_watch.py`.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State
from server.games.feast import sailing, trade
from server.games.feast.occupations.bespoke import bespoke
from server.games.feast.occupations.flow import (
    CONDITIONS,
    STEPS,
    Step,
    action_steps,
    card_step,
    enqueue,
    space_column,
)
from server.games.feast.supply import Player, building_available, harbour_free

Option = dict[str, Any]
Record = dict[str, Any]
LARGE = ("knarr", "longship")


def _took(record: Record, resource: str) -> int:
    return sum(1 for r in record.get("took", []) if r == resource)


def _got(record: Record, item: str) -> int:
    return int(record.get("got", {}).get(item, 0))


def _silver_gained(record: Record) -> int:
    return _got(record, "silver") + 2 * _took(record, "silver")  # a mountain "2 silver" item


CONDITIONS.update(
    {
        "one_spear": lambda s, p, r: r.get("weapons_spent") == 1,  # Whale Catcher 142B
        "gave_stone": lambda s, p, r: _got(r, "stone") + _took(r, "stone") > 0,  # Stone Crusher 156B
        "gave_stockfish": lambda s, p, r: _got(r, "stockfish") > 0,  # Codliver Oil Presser 175B
        "gave_two_silver": lambda s, p, r: _silver_gained(r) == 2,  # Laborer 124B
        "played": lambda s, p, r: bool(r.get("played")),  # Etiquette Teacher 176B
        "no_upgrade": lambda s, p, r: not r.get("upgraded"),  # Fur Merchant 102B
        "last_round": lambda s, p, r: s["round"] == s["rounds"],  # Seafarer 189B
    }
)


def _seat_of(s: State, p: Player) -> int:
    return next(i for i, q in enumerate(s["seats"]) if q is p)


def _ships(p: Player, *types: str) -> int:
    return sum(1 for sh in p["ships"] if sh["type"] in types)


@bespoke("stone_carver")
class StoneCarver:
    """6B: 1 silver per stone taken from mountain strips in the action just over."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        n = _took(s.get("action") or {}, "stone")
        return [{"get": {"silver": n}}] if n else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("meat_preserver")
class MeatPreserver:
    """29B: 1 salt meat per pair of game meat and whale meat in the supply."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        pairs = min(p["goods"].get("game_meat", 0), p["goods"].get("whale_meat", 0))
        return [{"get": {"salt_meat": pairs}}] if pairs else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("earl")
class Earl:
    """72B: buy a stone house for as much silver as the round number (not a building action)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["silver"] < s["round"] or not building_available(s, "stone_house"):
            return []
        return [{"give": {"silver": s["round"]}, "get": {"building": "stone_house"}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


LONGSHIP_PRICE = {0: 8, 1: 6, 2: 3}  # 3 or more knarrs: 1 silver


@bespoke("longship_builder")
class LongshipBuilder:
    """82B: buy a longship for 8 silver, 6 / 3 / 1 with 1 / 2 / 3 knarrs."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        price = LONGSHIP_PRICE.get(_ships(p, "knarr"), 1)
        if p["silver"] < price or not harbour_free(p, "longship"):
            return []
        return [{"give": {"silver": price}, "get": {"longship": 1}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("harbor_guard")
class HarborGuard:
    """84B: emigrate now (F-510), the fare less 1 silver per large ship owned before."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        fare = max(0, s["round"] - _ships(p, *LARGE))
        if not sailing.emigration_room(p) or p["silver"] < fare:
            return []
        seen, out = set(), []
        for i, ship in enumerate(p["ships"]):
            key = (ship["type"], ship["ore"])
            if ship["type"] in LARGE and key not in seen:
                seen.add(key)
                out.append({"fn": "harbor_guard", "give": {"silver": fare}, "ship": i, "type": ship["type"]})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        sailing.emigrate(s, s["seats"][seat], option["ship"])


@bespoke("pea_counter")
class PeaCounter:
    """97B: double the peas in the supply, to at most 8."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        peas = p["goods"].get("peas", 0)
        more = max(0, min(peas, 8 - peas))
        return [{"get": {"peas": more}}] if more else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


def _vikings_in_column(s: State, seat: int, column: int) -> int:
    mine = [(sid, spot["n"]) for sid, spot in s["spaces"].items() if spot["seat"] == seat]
    return sum(n for sid, n in mine if space_column(s, sid) == column)


@bespoke("whaling_assistant")
class WhalingAssistant:
    """161B: 1 cabbage in the bonus phase with at least 7 Vikings on column-3 spaces."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"get": {"cabbage": 1}}] if _vikings_in_column(s, _seat_of(s, p), 3) >= 7 else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("weapons_warden")
class WeaponsWarden:
    """166B: before an action on a column-2 space, draw a weapon — not the first time in a round."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        seat = _seat_of(s, p)
        placed = [
            sid
            for sid, spot in s["spaces"].items()
            if spot["seat"] == seat and spot["round"] == s["round"] and space_column(s, sid) == 2
        ]
        return [{"get": {"weapon": 1}}] if len(placed) >= 2 else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("punchcutter")
class Punchcutter:
    """173B: before the mountain phase, 1 silver per ore and 2 per "2 silver" about to go."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        ends = [strip["slots"][0] for strip in s["mountains"] if strip["slots"]]
        silver = ends.count("ore") + 2 * ends.count("silver2")
        return [{"get": {"silver": silver}}] if silver else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("seafarer")
class Seafarer:
    """189B: at final scoring 4 / 9 / 16 silver with 2 / 3 / 4 exploration boards."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        boards = sum(1 for board in s["exploration"].values() if board["owner"] == _seat_of(s, p))
        silver = {2: 4, 3: 9}.get(boards, 16 if boards >= 4 else 0)
        return [{"get": {"silver": silver}}] if silver else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


@bespoke("chronicler_belt")
class ChroniclerBelt:
    """187B: after a Viking action, the Belt special tile for 2 flax while it is in the supply."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if "belt" not in s["specials"] or p["goods"].get("flax", 0) < 2:
            return []
        return [{"give": {"flax": 2}, "get": {"belt": 1}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


def _skip_action(s: State) -> None:
    """Mark the action waiting at the front of the queue as replaced by a card (105B, 185B)."""
    begin = next(st for st in s["queue"] if st["do"] == "begin")
    begin["instead"] = True


@bespoke("knarr_builder")
class KnarrBuilder:
    """105B: on the whaling-boat building space, a knarr for 3 wood instead."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["wood"] < 3 or not harbour_free(p, "knarr"):
            return []
        return [{"fn": "knarr_builder", "give": {"wood": 3}, "get": {"knarr": 1}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        _skip_action(s)


@bespoke("dorestad_traveller")
class DorestadTraveller:
    """185B: instead of raiding, upgrade up to 2 goods by one level (a "2 goods" action)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        work = {"takes": [], "upgrades": 2, "levels": 1, "weapons": 0}
        return [{"fn": "dorestad_traveller"}] if trade.usable(s, p, work) else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        _skip_action(s)
        work = {"takes": [], "upgrades": 2, "levels": 1, "weapons": 0}
        trade.open_prompt(s, seat, "c1_upgrade_2", work)


@bespoke("festive_mark")
class FestiveMark:
    """159B: remembers that game meat was served at this round's feast."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "festive_mark"}] if p["card_state"].get("159B") != s["round"] else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["card_state"]["159B"] = s["round"]


@bespoke("festive_hunt")
class FestiveHunt:
    """159B: after a feast with game meat served, a Hunting Game action without Vikings (F-642)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "festive_hunt"}] if p["card_state"].get("159B") == s["round"] else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        s["seats"][seat]["card_state"]["159B"] = 0
        enqueue(s, action_steps(s, seat, "c1_hunting_game", None))


@bespoke("traveling_merchant")
class TravelingMerchant:
    """78B: with 1 / 2 / 3 / 4 knarrs turn up to 2 / 4 / 6 / 7 goods tiles over, one at a time."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        left = p["card_state"].get("78B", {1: 2, 2: 4, 3: 6}.get(_ships(p, "knarr"), 7))
        if not _ships(p, "knarr") or not left:
            return []
        goods = [g for g in sorted(p["goods"]) if trade.targets(g, 1)]
        return [{"fn": "traveling_merchant", "upgrade": [[g, trade.targets(g, 1)[0]]], "left": left} for g in goods]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        state = s["seats"][seat]["card_state"]
        state["78B"] = option["left"] - 1
        if state["78B"]:
            enqueue(s, [card_step(seat, "78B", 0), {"do": "forget", "seat": seat, "card": "78B"}])
        else:
            del state["78B"]


def _forget(s: State, st: Step) -> None:
    s["seats"][st["seat"]]["card_state"].pop(st["card"], None)


STEPS["forget"] = _forget
