"""Carcassonne: Hunters & Gatherers (Hans im Glück 2002), registry name `hunters`.

Rules: ../shared/rules/hunters-gatherers.md (H-, HA-, HX- numbers); tiles:
data/hunters-gatherers-tiles.json, a verbatim copy of the shared file. Modules:
tiles (catalogue), features (union-find), landscape (placing tiles), figures (clan
members and huts), scoring, turn (flow, bonus turn, end), moves (decisions), view,
setup. The 2020 second edition is not covered.

Spec against seed (the Russian rulebook, 001_586c1e7be96bbc61.txt): read side by side,
no disagreement needed a fix in the engine. The spec's review log already records its
own fixes (H-36, H-38, H-77, HX-2, HX-13, tile S00); its open rulings are followed as
written: no clan member on a lake (HA-17), a river ending twice in one lake counts that
lake's fish once (H-37), a returned follower waits for the next turn (HA-13, option
`reuse_returned_same_turn`), a shrine joined to an occupied meadow gives no shrine
hunter (HA-2).

Not modelled: the green discs (no rules meaning in software, H-7).
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Game, GameInfo, Move, Option, State, View
from server.games.hunters.describe import describe
from server.games.hunters.forms import FORMS
from server.games.hunters.moves import apply_move, legal_moves
from server.games.hunters.schema import SCHEMA
from server.games.hunters.setup import initial_state
from server.games.hunters.view import public_view


class Hunters(Game):
    info = GameInfo(
        name="hunters",
        title="Carcassonne: Hunters & Gatherers",
        min_players=2,
        max_players=5,
        options=(
            Option(
                "first_player",
                (0, 1, 2, 3, 4),
                0,
                "H-13: the player who takes the first turn.",
                "First player",
                ("player 1", "player 2", "player 3", "player 4", "player 5"),
            ),
            Option(
                "reuse_returned_same_turn",
                (False, True),
                False,
                "HA-13: a clan member returned this turn may go on the bonus tile of the same turn.",
                "Returned clan members may go out again at once",
                ("no", "yes"),
            ),
        ),
    )
    move_forms = FORMS
    schema = SCHEMA

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        return initial_state(players, options, seed)

    def to_act(self, state: State) -> list[int]:
        turn = state["turn"]
        return [] if turn["phase"] == "over" else [turn["seat"]]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Any) -> State:
        return apply_move(state, seat, move)

    def hidden(self, state: State) -> Any:
        """The bag, stacks and generator (server.play.undo: a decision that changes them stands)."""
        return [state["rng"], state["land"], state["bonus"]]

    def view(self, state: State, seat: int | None) -> View:
        return public_view(state)

    def result(self, state: State) -> dict[str, Any] | None:
        return state.get("result")

    def score(self, state: State, seat: int) -> float | None:
        return float(sum(state["points"][seat].values()))  # points scored so far, every kind

    def describe(self, before: State, seat: int, move: Any, viewer: int | None) -> dict[str, Any]:
        return describe(before, seat, move)  # HA-26: nothing is hidden from anyone


GAME = Hunters()
