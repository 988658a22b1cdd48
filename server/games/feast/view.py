"""What a seat (or a spectator) sees of the state (F-119, A-B-14).

Public: everything on the table — round, phase, action board, exploration boards and
their silver, revealed mountain strips, building stacks, special tiles, the weapon
discard pile and every player's supply, boards, ships, weapons and played cards — plus
the deck sizes. Hidden: the RNG, the order of the mountain stack and the weapon and
occupation decks, and the occupation hands of other players (only their size shows).
Public subtrees are returned as they are (not copied) so the view diff stays cheap.

Occupation cards (F-600, F-606): every seat shows `played_cards`, each card as
`{id, name, deck, vp, colours, text, cost, playable}` (the effect text is the data's
summary; `cost` is always None). The owner alone also gets `hand`, `hand_cards` (with
`playable` true while he is asked to play a card) and `card_state`, the private state
of his cards. A card's prompt lists its options to its owner only (one may name a card
in his hand); the others see how many options there are.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State, View
from server.games.feast.catalog import OCCUPATIONS
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
    "weapons_created",
    "prompt",
    "over",
)


PRIVATE = ("hand", "card_state")


def card(cid: str, playable: bool = False) -> dict[str, Any]:
    """An occupation card as the clients show it: id, name, deck, vp, colours, text,
    cost (always None: a card costs what the space playing it costs) and playable."""
    if not playable:
        return _CARDS[cid]
    return {**_CARDS[cid], "playable": True}


_CARDS = {
    cid: {
        "id": cid,
        "name": c["name"],
        "deck": c["deck"],
        "vp": c["vp"],
        "colours": list(c["colours"]),
        "text": c["effect"],
        "cost": None,
        "playable": False,
    }
    for cid, c in OCCUPATIONS.items()
}


def _seat_view(s: State, seat: int, own: bool) -> dict[str, Any]:
    p = s["seats"][seat]
    out = {k: v for k, v in p.items() if k not in PRIVATE}
    out["hand_size"] = len(p["hand"])
    out["played_cards"] = [card(c) for c in p["played"]]
    if own:
        out["hand"] = p["hand"]
        out["card_state"] = p["card_state"]
        prompt = s["prompt"]
        can_play = bool(prompt and prompt["kind"] in ("play", "bonus_play") and prompt["seat"] == seat)
        out["hand_cards"] = [card(c, can_play) for c in p["hand"]]
    return out


def view(s: State, seat: int | None) -> View:
    out: View = {k: s[k] for k in PUBLIC}
    secret = s["secret"]
    out["decks_left"] = {
        "weapons": len(secret["weapons"]),
        "occupations": len(secret["occupations"]),
        "mountain_strips": len(secret["strips"]),
    }
    out["seats"] = [_seat_view(s, i, i == seat) for i in range(len(s["seats"]))]
    prompt = s["prompt"]
    if prompt and prompt["kind"] == "card" and prompt["seat"] != seat:
        # an option may name a card in hand (Tutor 99A): others see only how many there are
        out["prompt"] = {k: v for k, v in prompt.items() if k != "options"} | {"options": len(prompt["options"])}
    out["to_act"] = to_act(s)
    if "feast" in s:
        out["feast"] = s["feast"]
    return out
