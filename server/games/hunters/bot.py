"""What a search bot knows of Carcassonne: Hunters & Gatherers (server.games.knowledge):
nothing on the table is hidden (HA-26) but the order of the land and bonus stacks and the
generator, so a determinisation shuffles each stack as a whole (its contents are known:
every tile not yet laid) and draws a fresh generator. An unfinished game is valued by the
final scoring as if it ended now (H-61…H-66: unfinished rivers and forests pay nothing,
huts and meadows pay), plus half of what the open rivers and forests would pay their
majority if completed, so a hunter or gatherer left on an open feature is worth something.
"""

from __future__ import annotations

import random
from typing import Any

from server.games.contract import State, clone
from server.games.hunters import scoring
from server.games.hunters.features import forest_points, river_points, root
from server.games.hunters.figures import segment_of
from server.games.knowledge import Defaults, fresh_rng, redeal

OPEN_WORTH = 0.5  # of a tile's worth in an open river or forest, to its majority


class Hunters(Defaults):
    scale = 10.0  # points
    effort = 0.8  # of a level's iterations (server.play.bots)

    def players(self, state: State) -> int:
        return int(state["players"])

    def determinise(self, state: State, seat: int, rng: random.Random) -> State:
        (land,) = redeal([state["land"]], rng)
        (bonus,) = redeal([state["bonus"]], rng)
        return {**state, "rng": fresh_rng(rng), "land": land, "bonus": bonus}

    def evaluate(self, state: State, players: int) -> list[float]:
        result = state.get("result")
        if result is not None:
            return [float(x) for x in result["scores"]]
        ended = clone(state)
        scoring.final_scoring(ended)
        totals = [float(x) for x in ended["result"]["scores"]]
        for seat, worth in _open_features(state, players).items():
            totals[seat] += worth
        return totals


def _open_features(state: State, players: int) -> dict[int, float]:
    """What the open rivers and forests with gatherers or fishers on them would pay if
    completed (H-37, H-38), a share of it, to their majority (H-39)."""
    by_root: dict[int, list[int]] = {}
    for f in state["figures"]:
        if f["role"] in ("gatherer", "fisher"):
            by_root.setdefault(root(state["parent"], segment_of(state, f)), []).append(f["seat"])
    worth: dict[int, float] = {}
    for r, seats in by_root.items():
        feat: dict[str, Any] = state["feats"][r]
        if feat["kind"] == "forest":
            points = float(sum(forest_points(feat)))
        elif feat["kind"] == "river":
            points = float(river_points(state, feat))
        else:
            continue
        for seat in scoring.majority(seats):
            if 0 <= seat < players:
                worth[seat] = worth.get(seat, 0.0) + OPEN_WORTH * points
    return worth


KNOWLEDGE = Hunters()
