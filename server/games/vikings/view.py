"""What a seat or a spectator sees: the whole table, nothing hidden (VA-21).

Vikings has no private hands: every seat and every spectator see the same thing, the
`table` part of the state, plus whose decision it is. The bag, the tile stacks, the
special-tile pile and the RNG live under `hidden` and are never shown, not even their
sizes. The view shares the table's subtrees (no copies) so the room's differ can skip
unchanged parts by identity.
"""

from __future__ import annotations

from typing import Any


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    table = state["table"]
    prompt = table["prompt"]
    # no "you": the room view around it says which seat this is, and leaving it out lets
    # the room send one diff frame to every seat (all views are equal)
    return {**table, "to_act": [] if prompt is None else [prompt["seat"]]}
