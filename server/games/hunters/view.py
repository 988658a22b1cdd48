"""What players and spectators see. Hunters & Gatherers has no private information:
every seat and every spectator gets the same view (HA-26: the drawn tile is shown to
all). Hidden are the stack orders and the generator (only the stack sizes, visible on a
table, are shown) and the union-find working data, which a client can rebuild from the
map if it wants features.

Public subtrees of the state are returned as they are, not copied, so the per-move view
diff can skip everything a move did not touch.
"""

from __future__ import annotations

from typing import Any

from server.games.hunters.figures import free_clan
from server.games.hunters.scoring import ITEMS

LAP = 50  # H-80: the printed score track has 50 spaces


def _prompt(state: dict[str, Any]) -> dict[str, Any] | None:
    turn = state["turn"]
    seat = turn["seat"]
    if turn["phase"] == "place":
        return {"seat": seat, "ask": "place", "tile": state["hand"], "bonus": turn["bonus"]}
    if turn["phase"] == "figure":
        at = turn["at"]
        return {
            "seat": seat,
            "ask": "figure",
            "at": at,
            "tile": state["map"][at]["tile"],
            "clan": free_clan(state, seat),
            "huts": state["supply"][seat]["huts"],
        }
    return None


def public_view(state: dict[str, Any]) -> dict[str, Any]:
    turn = state["turn"]
    scores = [sum(p[item] for item in ITEMS) for p in state["points"]]
    return {
        "players": state["players"],
        "map": state["map"],
        "figures": state["figures"],
        "supply": state["supply"],
        "points": state["points"],
        "scores": scores,
        "laps": [score // LAP for score in scores],
        "hand": state["hand"],
        "discards": state["discards"],
        "land_left": len(state["land"]),
        "bonus_left": len(state["bonus"]),
        "to_act": [] if turn["phase"] == "over" else [turn["seat"]],
        "prompt": _prompt(state),
        "scored": state["scored"],
        "result": state.get("result"),
    }
