"""Deck B: the watched cards (`flow.WATCHERS`) and the cards that work on boards.

Watched cards keep what they last saw in the owner's private `card_state`: the green
one-time cards Boat Builder 178B and Cutter Operator 179B (F-655…F-657) record "fired";
Locksmith 28B and Bosporus Merchant 190B react to each new good of a kind in the supply
(the first look, right after the card is played, sets what counts as new). Courier 70B
moves the Cloak pin off a board; Maid 177B swaps single house bonuses.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State
from server.games.feast.areas import KINDS, bonuses
from server.games.feast.occupations import laid
from server.games.feast.occupations.bespoke import bespoke
from server.games.feast.occupations.flow import WATCHERS, Step, card_step, enqueue
from server.games.feast.supply import Player

Option = dict[str, Any]
LARGE = ("knarr", "longship")


def _ships(p: Player, *types: str) -> int:
    return sum(1 for sh in p["ships"] if sh["type"] in types)


def _green(card: str, holds: Any) -> Any:
    """A green one-time card: fires once, the first time `holds(p)` is true (F-655, F-656)."""

    def watcher(s: State, seat: int) -> list[Step]:
        p = s["seats"][seat]
        if p["card_state"].get(card) == "fired" or not holds(p):
            return []
        p["card_state"][card] = "fired"
        return [card_step(seat, card, 0)]

    return watcher


def _new_knarr(p: Player) -> bool:
    """Cutter Operator 179B: more knarrs than when last looked (the first look is the play)."""
    state = p["card_state"]
    n = _ships(p, "knarr")
    seen = state.get("179B_knarrs", n)
    state["179B_knarrs"] = n
    return n > seen


def _each_new(card: str, items: tuple[str, ...]) -> Any:
    """One card step per new item of these kinds in the supply since the last look."""

    def watcher(s: State, seat: int) -> list[Step]:
        p = s["seats"][seat]
        n = sum(p["goods"].get(i, 0) for i in items)
        seen = p["card_state"].get(card, n)
        p["card_state"][card] = n
        return [card_step(seat, card, 0)] * max(0, n - seen)

    return watcher


@bespoke("cutter_operator")
class CutterOperator:
    """179B: 1 stockfish and 1 silver per knarr owned (the new one included)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        n = _ships(p, "knarr")
        return [{"get": {"stockfish": n, "silver": n}}]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        pass


def _cutter_watch(s: State, seat: int) -> list[Step]:
    p = s["seats"][seat]
    if p["card_state"].get("179B") == "fired" or not _new_knarr(p):
        return []
    p["card_state"]["179B"] = "fired"
    return [card_step(seat, "179B", 0)]


WATCHERS.update(
    {
        "178B": _green("178B", lambda p: _ships(p, *LARGE) >= 4),  # Boat Builder
        "179B": _cutter_watch,  # Cutter Operator
        "28B": _each_new("28B", ("chest", "treasure_chest")),  # Locksmith
        "190B": _each_new("190B", ("spices",)),  # Bosporus Merchant
    }
)


@bespoke("courier")
class Courier:
    """70B: the Cloak pin from any player's board to your supply; 1 silverware and 1 rune
    stone take its place there."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "courier", "from": seat, "area": i} for seat, i in laid.boards_with(s, "cloak_pin")]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        laid.take(s, seat, option, "cloak_pin", ["silverware", "rune_stone"])


@bespoke("maid")
class Maid:
    """177B: after the bonus phase, each house that yielded exactly one bonus good may swap
    it for 1 silverware (one house at a time; offered again while houses remain)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        done = p["card_state"].get("177B", {})
        used = done.get("houses", []) if done.get("round") == s["round"] else []
        out = []
        for i, a in enumerate(p["areas"]):
            got = bonuses(a) if KINDS[a["kind"]].house else []
            if len(got) == 1 and i not in used and got[0] in p["goods"]:
                out.append({"fn": "maid", "house": i, "give": {got[0]: 1}, "get": {"silverware": 1}})
        return out

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        state = s["seats"][seat]["card_state"]
        done = state.get("177B", {})
        used = done.get("houses", []) if done.get("round") == s["round"] else []
        state["177B"] = {"round": s["round"], "houses": [*used, option["house"]]}
        enqueue(s, [card_step(seat, "177B", 0)])
