"""What a card offers its owner: the `card` step and prompt, and the blue exchanges.

A `card` step (queued by `flow.fire` and the deck modules) offers one part of one card:
its options are computed when the step is reached; none → nothing happens; one and the
part is not optional → applied at once; otherwise the owner gets the prompt `{"kind":
"card", "card", "options", "optional"}` and answers `{"type": "choose", "pick": i}` or, if
optional, `{"type": "decline"}`. Blue cards offer their exchanges as `use_card` moves
whenever their owner may act (F-645).

The step is registered in `flow.STEPS` here because its options come from the effect
kinds (`kinds.py`), which sit above the rule modules that run the queue; `moves` imports
this module for the moves, which registers the step before any game is played.
"""

from __future__ import annotations

from server.games.contract import Move, State
from server.games.feast.occupations import kinds
from server.games.feast.occupations.cards import parts
from server.games.feast.occupations.flow import STEPS, Step
from server.games.feast.refusals import malformed, refuse


def _offer(s: State, st: Step) -> None:
    seat, card, i = st["seat"], st["card"], st["part"]
    part = parts(card)[i]
    opts = kinds.options(s, s["seats"][seat], part)
    if not opts:
        return
    optional = kinds.optional(part)
    if len(opts) == 1 and not optional:
        kinds.apply(s, seat, opts[0])
        return
    s["prompt"] = {"kind": "card", "seat": seat, "card": card, "part": i, "options": opts, "optional": optional}


STEPS["card"] = _offer


def card_moves(s: State, seat: int) -> list[Move]:
    prompt = s["prompt"]
    moves: list[Move] = [{"type": "choose", "pick": i} for i in range(len(prompt["options"]))]
    return moves + ([{"type": "decline"}] if prompt["optional"] else [])


def choose(s: State, seat: int, move: Move) -> None:
    prompt = s["prompt"]
    pick = move.get("pick")
    if type(pick) is not int or not 0 <= pick < len(prompt["options"]):
        raise malformed("pick must be the index of an offered option")
    s["prompt"] = None
    kinds.apply(s, seat, prompt["options"][pick])


def decline(s: State, seat: int, move: Move) -> None:
    if not s["prompt"]["optional"]:
        raise refuse("F-640", "this card's effect must be used")
    s["prompt"] = None


def anytime_moves(s: State, seat: int) -> list[Move]:
    """F-645: the exchanges the seat's played blue cards offer now."""
    p = s["seats"][seat]
    moves: list[Move] = []
    for card in p["played"]:
        for part in parts(card):
            if part["when"] == "anytime":
                moves += [{"type": "use_card", "card": card, **o} for o in kinds.options(s, p, part)]
    return moves


def use_card(s: State, seat: int, move: Move) -> None:
    """Apply an anytime exchange of one of the seat's played cards (F-645)."""
    card = move.get("card")
    if not isinstance(card, str) or card not in s["seats"][seat]["played"]:
        raise refuse("F-645", "only a played card with an anytime effect can be used")
    if move not in anytime_moves(s, seat):
        raise refuse("F-645", "that card offers no such exchange now")
    kinds.apply(s, seat, {k: v for k, v in move.items() if k not in ("type", "card")})
