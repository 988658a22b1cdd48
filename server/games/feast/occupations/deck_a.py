"""Deck A cards that no effect kind fits (their data: `data/occupation_effects_A.json`).

Field Farmer 66A (the goods-box diagonal), Homecomer 76A (Vikings back from column 4),
Follower 77A (an occupied column-2 space without Vikings), Tutor 99A (play instead of
drawing) and Ore Boatman 9A (ore straight onto a board before income).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State, clone
from server.games.feast import actions, areas, occupations
from server.games.feast.catalog import COLOUR, RAW, SPACES
from server.games.feast.occupations.bespoke import bespoke
from server.games.feast.occupations.flow import action_steps, enqueue, space_column
from server.games.feast.occupations.kinds import spots_for_ore
from server.games.feast.supply import Player, add_good, take_good

Option = dict[str, Any]


def _box_columns() -> list[list[str | None]]:
    """The goods box as columns of the upgrade chains, orange row first (official appendix)."""
    chains = {c["chain"][0] or c["chain"][1]: c["chain"] for c in RAW["goods"]["upgrade_chains"]}
    return [chains[name] for name in RAW["goods"]["goods_box"]["columns"]]


BOX = _box_columns()


def diagonal(good: str, steps: int) -> list[str]:
    """Goods diagonally up and to the right of `good` in the goods box, up to `steps` steps."""
    for col, chain in enumerate(BOX):
        if good in chain:
            row = chain.index(good)
            out = []
            for k in range(1, steps + 1):
                if col + k < len(BOX) and row + k < len(BOX[col + k]) and BOX[col + k][row + k]:
                    out.append(str(BOX[col + k][row + k]))
            return out
    return []


@bespoke("field_farmer")
class FieldFarmer:
    """66A: pay 1 silver, one orange good up to two steps up-right in the goods box."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        if p["silver"] < 1:
            return []
        oranges = [g for g in sorted(p["goods"]) if COLOUR.get(g) == "orange"]
        return [{"fn": "field_farmer", "good": g, "to": t} for g in oranges for t in diagonal(g, 2)]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        p["silver"] -= 1
        take_good(p, option["good"])
        add_good(p, option["to"])


def _own_column4(s: State, seat: int) -> list[str]:
    return [
        sid
        for sid, spot in sorted(s["spaces"].items())
        if spot["seat"] == seat and space_column(s, sid) == 4 and spot["n"] >= 2
    ]


@bespoke("homecomer")
class Homecomer:
    """76A: 1 Viking from each of your column-4 spaces to your Thing square (at least one
    Viking stays, so the space stays occupied)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        seat = next(i for i, q in enumerate(s["seats"]) if q is p)
        return [{"fn": "homecomer"}] if _own_column4(s, seat) else []

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        for sid in _own_column4(s, seat):
            s["spaces"][sid]["n"] -= 1
            s["seats"][seat]["thing"] += 1


@bespoke("follower")
class Follower:
    """77A: use an occupied column-2 action space without placing Vikings (F-642): no
    column bonus, no Vikings back on failure."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [
            {"fn": "follower", "space": sid}
            for sid in sorted(s["spaces"])
            if sid in SPACES and SPACES[sid]["column"] == 2 and actions.usable_variants(s, p, sid)
        ]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        enqueue(s, action_steps(s, seat, option["space"], None))


@bespoke("tutor")
class Tutor:
    """99A: instead of receiving an occupation, play one from hand."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "tutor", "draw": True}] + [{"fn": "tutor", "play": c} for c in sorted(set(p["hand"]))]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        if option.get("draw"):
            occupations.draw(s, s["seats"][seat])
        else:
            enqueue(s, occupations.play_steps(s, seat, option["play"]))


@bespoke("ore_boatman")
class OreBoatman:
    """9A: one ore (per longship, one step each), only if placed at once on a board (F-305)."""

    @staticmethod
    def options(s: State, p: Player, part: dict[str, Any]) -> list[Option]:
        return [{"fn": "ore_boatman", "place": [i, r, c]} for i, r, c in spots_for_ore(p)]

    @staticmethod
    def apply(s: State, seat: int, option: Option) -> None:
        p = s["seats"][seat]
        i, r, c = option["place"]
        area = p["areas"][i] = clone(p["areas"][i])  # areas are shared with the previous state
        areas.place(area, "ore", 0, r, c)
