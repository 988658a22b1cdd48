"""What a search bot knows of Vikings (server.games.knowledge): the table is open to all
(VA-21), so only the tile stacks, the special-tile pile and the bag's draw order are
hidden. A determinisation deals the stacks' tiles again into stacks of the same sizes,
shuffles the pile and draws the bag's order from a fresh generator (the bag's counts are
known: every viking drawn is on the table). An unfinished game is valued by the final
scoring as if it ended now (V-86…V-97: ships paid for, gold turned into VP, majorities,
food), so a playout that stops early still sees boats without food and idle gold.
"""

from __future__ import annotations

import random

from server.games.contract import State, clone
from server.games.knowledge import Defaults, fresh_rng, redeal
from server.games.vikings import scoring


class Vikings(Defaults):
    scale = 12.0  # VP
    effort = 1.0  # of a level's iterations (server.play.bots)

    def players(self, state: State) -> int:
        return int(state["table"]["players"])

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        hidden = state["hidden"]
        stacks = redeal(hidden["stacks"], rng)
        (pile,) = redeal([hidden["pile"]], rng)
        secret = {"rng": fresh_rng(rng), "bag": dict(hidden["bag"]), "stacks": stacks, "pile": pile}
        return {"table": state["table"], "hidden": secret}

    def evaluate(self, state: State, players: int) -> list[float]:
        if state["table"]["over"]:
            return [float(f["vp"]) for f in state["table"]["fjords"]]
        ended = {"table": clone(state["table"]), "hidden": state["hidden"]}
        scoring.final(ended)
        return [float(f["vp"]) + f["gold"] / 20 for f in ended["table"]["fjords"]]


KNOWLEDGE = Vikings()
