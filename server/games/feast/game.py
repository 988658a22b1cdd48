"""The Feast for Odin engine behind the contract of `server.games.contract` (`FeastGame`).

Glue only: options, setup, the copy-then-mutate `apply` (copy-on-write for the placement
areas) with its refusal of malformed input, and delegation to the rule modules. Rule
logic lives in the sibling modules.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Game, GameInfo, IllegalMove, Move, Option, State, View, clone
from server.games.feast import describe, forms, moves, rounds, scoring, setup, view
from server.games.feast.schema import SCHEMA


class FeastGame(Game):
    info = GameInfo(
        name="feast",
        title="A Feast for Odin",
        min_players=1,
        max_players=4,
        options=(
            Option("length", ("long", "short"), "long", "long game 7 rounds, short game 6 rounds (F-101)"),
            Option(
                "decks",
                setup.DECK_CHOICES,
                "A",
                "occupation cards in play: deck A (for beginners), B, C or all three mixed (F-115). "
                "Only cards whose effects are implemented are dealt: decks A, B and C are complete",
            ),
            Option(
                "start_cards",
                setup.START_CHOICES,
                "matching",
                "starting occupation dealt to each player (F-116): one of the letters of the chosen "
                "decks (A-A-15), one of all 45, or none",
            ),
            Option(
                "solo_start_card",
                ("random", "choose"),
                "random",
                "solo: deal the starting occupation at random or let the player choose it (F-805)",
            ),
            Option(
                "placement",
                ("strict", "lenient"),
                "strict",
                "strict refuses colour adjacency errors; lenient scores 1 Thing per error (F-772)",
            ),
            Option(
                "raid_exact_match",
                (False, True),
                False,
                "a raid takes a tile of sword value equal to the result (the seed's wording, O-1)",
            ),
            Option(
                "final_income",
                ("silver", "record"),
                "silver",
                "last-round income paid as silver or recorded as points (F-297)",
            ),
        ),
    )
    move_forms = forms.FORMS
    schema = SCHEMA

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        if not self.info.min_players <= players <= self.info.max_players:
            raise IllegalMove("bad_option", "F-100", "F-100: the game is for 1 to 4 players")
        s = setup.setup(players, options, seed)
        rounds.advance(s)
        return s

    def to_act(self, state: State) -> list[int]:
        return moves.to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return moves.legal(state, seat)

    def apply(self, state: State, seat: int, move: Any) -> State:
        if type(seat) is not int:
            raise IllegalMove("bad_move", None, "seat must be an integer")
        s = _copy_on_write(state)
        try:
            moves.apply_move(s, seat, move)
        except IllegalMove:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError) as exc:
            # Untrusted input must never raise anything but a refusal (contract).
            raise IllegalMove("bad_move", None, f"malformed move ({type(exc).__name__})") from exc
        rounds.advance(s)
        return s

    def hidden(self, state: State) -> Any:
        """The bag, stacks and generator (server.play.undo: a decision that changes them stands)."""
        return state["secret"]

    def view(self, state: State, seat: int | None) -> View:
        return view.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return scoring.result(state) if state["over"] else None

    def describe(self, before: State, seat: int, move: Move, viewer: int | None) -> dict[str, Any]:
        return describe.describe(before, seat, move, viewer)


def _copy_on_write(state: State) -> State:
    """A copy to mutate that shares the placement areas with `state`.

    Areas are the bulk of a state and only a placement changes one; `anytime.py` copies
    an area before changing it. Sharing them keeps apply cheap and lets the view diff
    skip every untouched board by identity."""
    shell = {k: v for k, v in state.items() if k != "seats"}
    shell["seats"] = [{k: v for k, v in p.items() if k != "areas"} for p in state["seats"]]
    s = clone(shell)
    for mine, theirs in zip(s["seats"], state["seats"], strict=True):
        mine["areas"] = list(theirs["areas"])
    return s


GAME = FeastGame()
