"""What a search bot knows of A Feast for Odin (server.games.knowledge): the occupation
hands of the other seats and their cards' private state, the occupation deck, the weapon
deck, the face-down mountain strips and the generator are hidden (F-118, F-130). A
determinisation deals the other seats' hands again from those hands and the occupation
deck together (the seat knows how many cards each holds, not which), forgets their
cards' private state, shuffles the weapon deck and the strips and draws a fresh
generator. An unfinished game is valued by the final scoring as if it ended now (F-750…:
ships, buildings, animals, silver, occupations, minus the uncovered penalty cells), so a
playout that stops early still sees what covering a board is worth, plus an outlook
(`outlook`): the income its boards will pay in the rounds left (covering the income
diagonal early pays every round); half of what its green and blue goods would gain laid
on their best spots now; less the cells of this round's feast, still ahead, that its food
and silver cannot cover yet (F-275: 3 VP each, counted at a third, since most are found
before the feast). The outlook fades to nothing as the game ends, so a finished game is
worth what it scored.

The search is given fewer options than the rules allow (`options`): `cancel` is never
searched (a placement begun is finished), and the placing chain leads only to best spots
(`placing`). A playout prefers placing Vikings, laying goods and serving to passing.

Measured head to head, each change against the bot before it (`easy`, 2 players, seats
alternating): the income and the feast, 72-77% of 30 games; the playouts, 57% of 60
(+5.9 points a game); the best spots, 59% of 40 (+7.2); the goods held, 77% of 80
(+14). Goods valued by the cells they could cover, whatever the spot, made the bot hoard
them (28%), and twice the iterations gained nothing (45% of 40).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from server.games.contract import Move, State
from server.games.feast import areas, feast, scoring
from server.games.feast.catalog import COLOUR, FOOD_COLOURS, GOODS
from server.games.feast.shapes import COIN_ITEMS, orientations
from server.games.knowledge import Defaults, by_kind, fresh_rng, redeal


class Feast(Defaults):
    scale = 15.0  # VP
    effort = 0.5  # of a level's iterations (server.play.bots)

    def players(self, state: State) -> int:
        return int(state["players"])

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        secret = state["secret"]
        others = [i for i in range(len(state["seats"])) if i != seat]
        dealt = redeal([state["seats"][i]["hand"] for i in others] + [secret["occupations"]], rng)
        seats = list(state["seats"])
        for i, hand in zip(others, dealt, strict=False):
            seats[i] = {**seats[i], "hand": hand, "card_state": {}}
        (weapons,) = redeal([secret["weapons"]], rng)
        (strips,) = redeal([secret["strips"]], rng)
        drawn = {"rng": fresh_rng(rng), "strips": strips, "weapons": weapons, "occupations": dealt[-1]}
        return {**state, "seats": seats, "secret": drawn}

    def evaluate(self, state: State, players: int) -> list[float]:
        scores = scoring.result(state)["scores"]
        return [float(x) + outlook(state, seat) for seat, x in enumerate(scores)]

    def playout(self, state: State, seat: int, moves: list[Move], rng: random.Random) -> Move:
        """A kind of decision by weight (PLAYOUT), then one move of that kind."""
        return by_kind(moves, rng, PLAYOUT)

    def options(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        """Every decision but `cancel` (a placement begun is finished: a search has already
        weighed it, so a bot never takes an item up and puts it back in a loop), and of the
        placing chain only what leads to a best spot (`placing`)."""
        kept = [m for m in moves if m.get("type") != "cancel"]
        if any(m.get("type") == "place" for m in kept):
            kept = placing(state, seat, kept)
        return kept or moves


KNOWLEDGE = Feast()


INCOME = 0.6  # of a silver, what a round's income is worth before it is paid
HELD = 0.5  # of what the goods in the supply would gain laid now (they are laid later, or elsewhere)
HUNGER = 1.0  # points per feast cell the seat's food cannot cover yet (a third of F-275's 3 VP)
# A playout's decisions by kind: Vikings placed, goods laid and feasts served rather than
# passed or left empty (measured at `easy` against uniform kinds: 57% of 60 games, +5.9 points)
PLAYOUT = {"occupy": 6.0, "place": 3.0, "serve": 3.0, "pass": 0.1, "leave": 0.1, "leave_rest": 0.1}
FEAST_PHASE = 9
INCOME_PHASE = 7


def outlook(s: State, seat: int) -> float:
    """Points the seat can still expect beyond its score now (see the module's note)."""
    if s["over"]:
        return 0.0
    p = s["seats"][seat]
    incomes = _incomes(s)  # this round's, if still ahead, and every later round's
    income = sum(areas.income(a) for a in p["areas"] if not areas.KINDS[a["kind"]].house)
    return INCOME * income * incomes - HUNGER * _hungry(s, seat) + HELD * _held(p, INCOME * incomes)


def _held(p: dict[str, Any], weight: float) -> float:
    """What the green and blue goods in the supply would gain laid on their best spots now
    (each good alone: several may want the same cells), at most the penalty cells left."""
    total = 0.0
    for g, n in p["goods"].items():
        if COLOUR.get(g) in ("green", "blue"):
            best = max((_best(a, g, False, weight) for a in p["areas"]), default=0.0)
            if best > 0:
                total += n * best
    return min(total, float(sum(areas.penalty(a) for a in p["areas"])))


def _hungry(s: State, seat: int) -> int:
    """The cells of this round's feast, still ahead, that the seat's food and silver cannot cover."""
    p = s["seats"][seat]
    if "feast" in s and seat < len(s["feast"]):
        f = s["feast"][seat]
        need = f["end"] - f["pos"]
    elif s["phase"] < FEAST_PHASE:
        first, end = feast.open_run(p)
        need = end - first
    else:
        return 0
    food = sum(n * GOODS[g]["shape"]["w"] for g, n in p["goods"].items() if COLOUR.get(g) in FOOD_COLOURS)
    return max(0, need - food - p["silver"])


def placing(s: State, seat: int, moves: list[Move]) -> list[Move]:
    """The placing chain cut to its best (anytime.place_moves: an item, then an area and a
    turn, then a cell): an item is offered only if some spot of it gains something, then
    only the area and turn of its best spot, then only the best cells. A spot gains the
    penalty cells it covers (F-750), the income it adds for the rounds left (F-261) and, for
    a coin, loses the silver it costs."""
    p = s["seats"][seat]
    draft = p["draft"]
    end = s["prompt"] is not None and s["prompt"]["kind"] == "end"
    weight = INCOME * _incomes(s)
    others = [m for m in moves if m.get("type") != "place"]
    places = [m for m in moves if m.get("type") == "place"]
    if draft is None:
        good = [m for m in places if max((_best(a, m["item"], end, weight) for a in p["areas"]), default=0) > 0]
        return others + good
    item = draft["item"]
    if "area" not in draft:
        gains = [_best(p["areas"][m["area"]], item, end, weight, m["turn"]) for m in places]
    else:
        area = p["areas"][draft["area"]]
        found = {(t, r, c): g for g, t, r, c in _spots(area, item, end, weight)}
        gains = [found.get((m["turn"], m["row"], m["col"]), -1e9) for m in places]
    top = max(gains, default=0)
    return others + [m for m, g in zip(places, gains, strict=True) if g == top]


def _incomes(s: State) -> int:
    return int(s["rounds"] - s["round"] + (1 if s["phase"] < INCOME_PHASE else 0))


def _best(area: areas.Area, item: str, end: bool, weight: float, turn: int | None = None) -> float:
    """The best gain of the item on the area (in that turn, if given)."""
    return max((g for g, t, _, _ in _spots(area, item, end, weight) if turn is None or t == turn), default=-1e9)


def _spots(area: areas.Area, item: str, end: bool, weight: float) -> list[tuple[float, int, int, int]]:
    cost = COIN_ITEMS.get(item, 0)
    return [(pen + weight * more - cost, t, r, c) for pen, more, t, r, c in _frontier(*_key(area), item, end)]


def _key(area: areas.Area) -> tuple[object, ...]:
    return (area["kind"], tuple(area["cover"]), tuple(area["green"]), tuple(area["orange"]), tuple(area["red"]),
            bool(area.get("lenient", False)))  # fmt: skip


@lru_cache(maxsize=1 << 15)
def _frontier(kid: str, cover: tuple[int, ...], green: tuple[int, ...], orange: tuple[int, ...], red: tuple[int, ...],
              lenient: bool, item: str, end: bool) -> tuple[tuple[int, int, int, int, int], ...]:  # fmt: skip
    """Every legal spot of the item as (penalty cells covered, income added, turn, row, col),
    without the spots another beats on both counts (memoised on the area's coverage)."""
    area: areas.Area = {"kind": kid, "cover": list(cover), "green": list(green), "orange": list(orange),
                        "red": list(red), "pieces": []}  # fmt: skip
    if lenient:
        area["lenient"] = True
    kind = areas.KINDS[kid]
    width = kind.width
    covered = sum(bits << (r * width) for r, bits in enumerate(cover))
    before = areas.income(area)
    shapes = orientations(item)
    seen: dict[tuple[int, int], tuple[int, int, int, int, int]] = {}
    for t, r, c in areas.spots(area, item, end):
        m = sum(1 << ((r + dr) * width + c + dc) for dr, dc in shapes[t])
        pen = bin(m & kind.penalty & ~covered).count("1")
        more = _income_with(area, m) - before if m & kind.income_mask else 0
        seen.setdefault((pen, more), (pen, more, t, r, c))
    return tuple(
        v for v in seen.values() if not any(o[0] >= v[0] and o[1] >= v[1] and o[:2] != v[:2] for o in seen.values())
    )


def _income_with(area: areas.Area, m: int) -> int:
    """areas.income of the area with the cells of mask m covered too."""
    width = areas.KINDS[area["kind"]].width
    rows = [bits | (m >> (r * width)) & ((1 << width) - 1) for r, bits in enumerate(area["cover"])]
    return areas.income({**area, "cover": rows})
