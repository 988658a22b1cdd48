"""The result of a finished game: scores, their breakdown, winners (V-98).

The breakdown of each score is the player's VP tally, one entry per item (starting
score, conversions, every round-scoring and final-scoring item), so a score always
equals the sum of its breakdown. Nothing is computed here that scoring did not book.
"""

from __future__ import annotations

from typing import Any

from server.games.vikings.treasury import VP_ITEMS


def result(state: dict[str, Any]) -> dict[str, Any] | None:
    t = state["table"]
    if not t["over"]:
        return None
    fjords = t["fjords"]
    scores = [f["vp"] for f in fjords]
    gold = [f["gold"] for f in fjords]
    # V-98: most VP; tied players compare the gold left after V-91; still tied, they share.
    best = max(zip(scores, gold, strict=True))
    winners = [seat for seat in range(t["players"]) if (scores[seat], gold[seat]) == best]
    return {
        "scores": scores,
        "gold": gold,
        "breakdown": [{item: f["vp_items"][item] for item in VP_ITEMS} for f in fjords],
        "winners": winners,
        "lost_below_zero": [f["cut"] for f in fjords],  # VA-10: losses the 0 floor stopped
        "tiebreak": "gold left after the final scoring (V-98)",
    }
