"""A small card game with hidden hands and a simultaneous phase, for the core tests.

Not registered in the product: the test servers load it through LONGHALL_EXTRA_GAMES.
Each player is dealt 3 cards from a hidden deck of 1..20. First everyone bids 0..3 at
once (bids stay hidden until all are in); then 3 tricks, each player playing one card
in turn from the start player; the highest card takes the trick. A player scores the
tricks taken, +2 when they equal the bid.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from server.games import rng
from server.games.contract import Game, GameInfo, IllegalMove, Move, Option, State, View, clone
from server.games.forms import form

HAND = 3


class HighCard(Game):
    info = GameInfo("highcard", "High Card (test game)", 2, 4, (Option("bonus", (0, 2), 2, "bid bonus"),))
    move_forms = {"bid": (form("n"),), "play": (form("card"),)}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        r = rng.new_rng(seed)
        deck = list(range(1, 21))
        rng.shuffle(r, deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        return {
            "players": players,
            "bonus": options["bonus"],
            "phase": "bid",
            "bids": [None] * players,
            "hands": hands,
            "deck": deck[players * HAND :],
            "rng": r,
            "turn": 0,
            "trick": [],
            "tricks": [0] * players,
            "log": [],
        }

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "bid":
            return [i for i, b in enumerate(state["bids"]) if b is None]
        if state["phase"] == "play":
            return [state["turn"]]
        return []

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "bid":
            return [{"type": "bid", "n": n} for n in range(HAND + 1)]
        return [{"type": "play", "card": c} for c in state["hands"][seat]]

    def apply(self, state: State, seat: int, move: Any) -> State:
        if not isinstance(move, dict) or move.get("type") not in ("bid", "play"):
            raise IllegalMove("bad_move", None, "a move is {type: bid|play, ...}")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "T-1", "T-1: wait for your turn")
        s = clone(state)
        if s["phase"] == "bid":
            n = move.get("n")
            if move["type"] != "bid" or type(n) is not int or not 0 <= n <= HAND:
                raise IllegalMove("illegal_move", "T-2", "T-2: bid 0 to 3 tricks")
            s["bids"][seat] = n
            if all(b is not None for b in s["bids"]):
                s["phase"] = "play"
            return s
        card = move.get("card")
        if move["type"] != "play" or card not in s["hands"][seat] or type(card) is not int:
            raise IllegalMove("illegal_move", "T-3", "T-3: play a card from your hand")
        s["hands"][seat].remove(card)
        s["trick"].append([seat, card])
        s["log"].append({"seat": seat, "card": card})
        s["turn"] = (seat + 1) % s["players"]
        if len(s["trick"]) == s["players"]:
            winner = max(s["trick"], key=lambda sc: sc[1])[0]
            s["tricks"][winner] += 1
            s["trick"] = []
            s["turn"] = winner
            if not s["hands"][winner]:
                s["phase"] = "over"
        return s

    def view(self, state: State, seat: int | None) -> View:
        all_bid = state["phase"] != "bid"
        return {
            "phase": state["phase"],
            "turn": state["turn"],
            "hand": state["hands"][seat] if seat is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "bids": state["bids"] if all_bid else None,
            "bid_in": [b is not None for b in state["bids"]],
            "my_bid": state["bids"][seat] if seat is not None else None,
            "trick": state["trick"],
            "tricks": state["tricks"],
            "log": state["log"],
        }

    def describe(self, before: State, seat: int, move: Move, viewer: int | None) -> dict[str, Any]:
        """A bid is the bidder's secret until every bid is in; a played card is public."""
        if move["type"] == "bid":
            return {"k": "highcard.bid", "n": move["n"]} if viewer == seat else {"k": "highcard.bid"}
        return {"k": "highcard.play", "card": move["card"]}

    def result(self, state: State) -> dict[str, Any] | None:
        if state["phase"] != "over":
            return None
        breakdown = [
            {"tricks": t, "bid": state["bonus"] if t == b else 0}
            for t, b in zip(state["tricks"], state["bids"], strict=True)
        ]
        scores = [sum(b.values()) for b in breakdown]
        best = max(scores)
        return {
            "scores": scores,
            "breakdown": breakdown,
            "winners": [i for i, s in enumerate(scores) if s == best],
        }


class HighCardV2(HighCard):
    """Version 2 of the test game, for the tests of engine versions pinned per room: a bid
    is 0 to 2 tricks now (T-2 changed). A room created on version 1 plays on version 1."""

    info = dataclasses.replace(HighCard.info, version=2)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return [m for m in super().legal_moves(state, seat) if m.get("n", 0) < HAND]

    def apply(self, state: State, seat: int, move: Any) -> State:
        if isinstance(move, dict) and move.get("type") == "bid" and move.get("n") == HAND and state["phase"] == "bid":
            raise IllegalMove("illegal_move", "T-2", "T-2: bid 0 to 2 tricks")
        return super().apply(state, seat, move)


GAME = HighCard()
GAME_V2 = HighCardV2()
