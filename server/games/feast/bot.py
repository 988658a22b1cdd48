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
diagonal early pays every round), less the cells of this round's feast, still ahead, that
its food and silver cannot cover yet (F-275: 3 VP each, counted at a third, since most are
found before the feast). The outlook fades to nothing as the game ends, so a finished game
is worth what it scored. A placement begun is finished: `cancel` is not searched. A
playout prefers placing Vikings, laying goods and serving to passing (PLAYOUT).

Measured against the plain final scoring (`easy`, 2 players, 30 games each, seats
alternating): with the income, 72% of the wins; with income and feast, 77%; valuing
green and blue goods in the supply by the cells they may cover made the bot hoard them
(28%), so goods count only once placed.
"""

from __future__ import annotations

import random

from server.games.contract import Move, State
from server.games.feast import areas, feast, scoring
from server.games.feast.catalog import COLOUR, FOOD_COLOURS, GOODS
from server.games.knowledge import Defaults, fresh_rng, redeal


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
        kinds: dict[str, list[Move]] = {}
        for m in moves:
            kinds.setdefault(str(m.get("type")), []).append(m)
        names = sorted(kinds)
        weights = [PLAYOUT.get(k, 1.0) for k in names]
        return rng.choice(kinds[rng.choices(names, weights)[0]])

    def options(self, state: State, seat: int, moves: list[Move]) -> list[Move]:
        """Every decision but `cancel`: a placement begun is finished (a search has already
        weighed it), so a bot never takes an item up and puts it back in a loop."""
        kept = [m for m in moves if m.get("type") != "cancel"]
        return kept or moves


KNOWLEDGE = Feast()


INCOME = 0.6  # of a silver, what a round's income is worth before it is paid
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
    incomes = s["rounds"] - s["round"] + (1 if s["phase"] < INCOME_PHASE else 0)  # this round's, if still ahead
    income = sum(areas.income(a) for a in p["areas"] if not areas.KINDS[a["kind"]].house)
    return INCOME * income * incomes - HUNGER * _hungry(s, seat)


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
