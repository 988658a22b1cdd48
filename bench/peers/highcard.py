"""HighCard dealt again: the game `bench.peers` serves on Longhall, boardgame.io and Colyseus.

The tests' HighCard (`tests/toygame.py`: 4 seats, 3 cards each from a hidden deck of
1..20, everyone bids 0..3 at once, bids hidden until all are in, then 3 tricks led by
the last trick's winner, the highest card takes the trick, a seat scores its tricks +2
when they equal its bid) with one change: when a hand's last trick is taken, its scores
are added to running totals and a new hand is dealt, so a room never finishes and a
benchmark's windows measure moves only (no room made, joined or archived).
`highcard.js` is the same rules for the two Node frameworks.

Written as the product's engines are: a decision copies only the parts it changes, and
views share the state's public parts by identity (cheap diffs). Left out: a schema, a
rulebook, bots' scores — a bench game, loaded through LONGHALL_EXTRA_GAMES.
"""

from __future__ import annotations

from typing import Any

from server.games import rng
from server.games.contract import Game, GameInfo, IllegalMove, Move, State, View
from server.games.forms import form

HAND = 3
DECK = 20
BONUS = 2


def _deal(state: State) -> State:
    """A new hand: shuffled from the state's generator, the next seat leads the first trick."""
    r = dict(state["rng"])
    deck = list(range(1, DECK + 1))
    rng.shuffle(r, deck)
    players = state["players"]
    return {
        **state,
        "rng": r,
        "phase": "bid",
        "bids": [None] * players,
        "hands": [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)],
        "turn": state["hand"] % players,
        "trick": [],
        "tricks": [0] * players,
    }


class HighCardDealt(Game):
    info = GameInfo("highcard", "High Card, dealt again (bench game)", 2, 4)
    move_forms = {"bid": (form("n"),), "play": (form("card"),)}

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        start = {"players": players, "rng": rng.new_rng(seed), "hand": 0, "scores": [0] * players}
        return _deal(start)

    def to_act(self, state: State) -> list[int]:
        if state["phase"] == "bid":
            return [i for i, b in enumerate(state["bids"]) if b is None]
        return [state["turn"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "bid":
            return [{"type": "bid", "n": n} for n in range(HAND + 1)]
        return [{"type": "play", "card": c} for c in state["hands"][seat]]

    def apply(self, state: State, seat: int, move: Any) -> State:
        kind = move.get("type") if isinstance(move, dict) else None
        if kind not in ("bid", "play"):
            raise IllegalMove("bad_move", None, "a move is {type: bid|play, ...}")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "T-1", "T-1: wait for your turn")
        if state["phase"] == "bid":
            return self._bid(state, seat, move)
        return self._play(state, seat, move)

    def _bid(self, state: State, seat: int, move: Move) -> State:
        n = move.get("n")
        if move["type"] != "bid" or type(n) is not int or not 0 <= n <= HAND:
            raise IllegalMove("illegal_move", "T-2", "T-2: bid 0 to 3 tricks")
        bids = list(state["bids"])
        bids[seat] = n
        return {**state, "bids": bids, "phase": "play" if None not in bids else "bid"}

    def _play(self, state: State, seat: int, move: Move) -> State:
        card = move.get("card")
        if move["type"] != "play" or type(card) is not int or card not in state["hands"][seat]:
            raise IllegalMove("illegal_move", "T-3", "T-3: play a card from your hand")
        hands = list(state["hands"])
        hands[seat] = [c for c in hands[seat] if c != card]
        trick = [*state["trick"], [seat, card]]
        s = {**state, "hands": hands, "trick": trick, "turn": (seat + 1) % state["players"]}
        if len(trick) < state["players"]:
            return s
        winner = max(trick, key=lambda played: played[1])[0]
        tricks = list(state["tricks"])
        tricks[winner] += 1
        s.update(tricks=tricks, trick=[], turn=winner)
        if hands[winner]:
            return s
        scores = [total + t + (BONUS if t == b else 0)
                  for total, t, b in zip(state["scores"], tricks, state["bids"], strict=True)]  # fmt: skip
        return _deal({**s, "scores": scores, "hand": state["hand"] + 1})

    def view(self, state: State, seat: int | None) -> View:
        all_bid = state["phase"] != "bid"
        return {
            "phase": state["phase"],
            "turn": state["turn"],
            "hand": state["hands"][seat] if seat is not None else None,
            "bids": state["bids"] if all_bid else None,
            "bid_in": [b is not None for b in state["bids"]],
            "my_bid": state["bids"][seat] if seat is not None else None,
            "trick": state["trick"],
            "tricks": state["tricks"],
            "scores": state["scores"],
            "hands_dealt": state["hand"],
        }

    def describe(self, before: State, seat: int, move: Move, viewer: int | None) -> dict[str, Any]:
        """A bid is the bidder's secret until every bid is in; a played card is public."""
        if move["type"] == "bid":
            return {"k": "highcard.bid", "n": move["n"]} if viewer == seat else {"k": "highcard.bid"}
        return {"k": "highcard.play", "card": move["card"]}

    def hidden(self, state: State) -> Any:
        return {"hands": state["hands"], "rng": state["rng"]}

    def result(self, state: State) -> dict[str, Any] | None:
        return None


GAME = HighCardDealt()
