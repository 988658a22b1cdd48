"""What a seat (or a spectator) sees of the state (F-119, A-B-14).

Public: everything on the table — round, phase, action board, exploration boards and
their silver, revealed mountain strips, building stacks, special tiles, the weapon
discard pile and every player's supply, boards, ships, weapons and played cards — plus
the deck sizes. Hidden: the RNG, the order of the mountain stack and the weapon and
occupation decks, and the occupation hands of other players (only their size shows).
Public subtrees are returned as they are (not copied) so the view diff stays cheap.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State, View
from server.games.feast.moves import to_act

PUBLIC = (
    "players",
    "length",
    "rounds",
    "decks",
    "round",
    "phase",
    "start",
    "turn",
    "spaces",
    "copies",
    "exploration",
    "mountains",
    "buildings",
    "specials",
    "weapon_discard",
    "prompt",
    "over",
)


def _seat_view(p: dict[str, Any], own: bool) -> dict[str, Any]:
    out = {k: v for k, v in p.items() if k != "hand"}
    out["hand_size"] = len(p["hand"])
    if own:
        out["hand"] = p["hand"]
    return out


def view(s: State, seat: int | None) -> View:
    out: View = {k: s[k] for k in PUBLIC}
    secret = s["secret"]
    out["decks_left"] = {
        "weapons": len(secret["weapons"]),
        "occupations": len(secret["occupations"]),
        "mountain_strips": len(secret["strips"]),
    }
    out["seats"] = [_seat_view(p, i == seat) for i, p in enumerate(s["seats"])]
    out["to_act"] = to_act(s)
    if "feast" in s:
        out["feast"] = s["feast"]
    return out
