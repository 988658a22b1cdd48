"""What a search bot knows of A Feast for Odin (server.games.knowledge): the occupation
hands of the other seats and their cards' private state, the occupation deck, the weapon
deck, the face-down mountain strips and the generator are hidden (F-118, F-130). A
determinisation deals the other seats' hands again from those hands and the occupation
deck together (the seat knows how many cards each holds, not which), forgets their
cards' private state, shuffles the weapon deck and the strips and draws a fresh
generator. An unfinished game is valued by the final scoring as if it ended now (F-750…:
ships, buildings, animals, silver, occupations, minus the uncovered penalty cells), so a
playout that stops early still sees what covering a board is worth.
"""

from __future__ import annotations

import random

from server.games.contract import Move, State
from server.games.feast import scoring
from server.games.knowledge import by_kind, fresh_rng, redeal


class Feast:
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
        return [float(x) for x in scoring.result(state)["scores"]]

    def playout(self, state: State, seat: int, moves: list[Move], rng: random.Random) -> Move:
        return by_kind(moves, rng)


KNOWLEDGE = Feast()
