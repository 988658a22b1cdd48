"""Vikings (Michael Kiesling, Hans im Glück 2007): base game and advanced version.

Rules: ../shared/rules/vikings.md (numbers V-…), components:
vikings-components.md, transcribed to `data/components.json`.

Options: `variant` base | advanced; `auction` (advanced only, V-114); `start_player`
random or a seat (VD-3); and the spec's reading options `ship_row_contiguous` (VD-6),
`island_adjacency_islands_only` (VD-5), `zero_purchase_lockout` (VD-9) and
`food_ignores_figures_on_special_tiles` (VD-8), all off by default.

Spec-vs-seed: every rule the engine enforces was read against the three seeds (RU 000,
PL 002, FI 003). No spec rule contradicts all of them, so no fix was needed. Where the
seeds disagree among themselves the spec's VD rulings are kept as defaults, with the
other reading as an option. Two of those rulings are not in the spec's review log and
go against the Russian text, the one translated from the German:
- VD-5: RU lets an island tile touch only islands or the fjord (option
  `island_adjacency_islands_only`); PL/FI, the default, also count a ship above.
- VD-9: RU takes the right to special tiles away for good after a 0 purchase (option
  `zero_purchase_lockout`); PL/FI, the default, only deny that one purchase.

Component data: the red and yellow ships' values and all four S11 buildings are the
component spec's ASSUMED values. They are kept in `data/components.json` and the code
does not depend on them.

Engine choices the spec leaves open (see also moves.py):
- A forced decision is not asked: a discarded tile (V-61), the last colour of the
  advanced colour choice (V-112), an S11 exchange with one candidate (V-135) and a
  boatsman trip that cannot carry more all happen at once.
- Bids are in gold only (V-111; RU seed: "only gold is accepted"): a player who wants
  to bid beyond their gold converts VP first. Nowhere does VP silently stand in for
  gold; the final scoring's ship shortfall (V-90) is the one rule that pays in VP.
- VP to gold (V-50, VA-2) is an explicit, irreversible decision open to every seat at
  any time before the end, out of turn too: `legal_moves` lists every amount 1..VP of
  every seat (after the prompt's own decisions), while `to_act` names only the seat
  that owes the pending decision.
- Forced transport (V-83): in the last large scoring a one-of-each-colour trip cannot
  land while another viking of that trip could still be carried.
- The special tile is chosen right after the purchase, before the tile is laid, so an
  S11 building can wait for the very tile bought with it (V-136).
"""

from __future__ import annotations

from typing import Any

from protocol import native

native.extend(__path__, __name__)  # the engine's modules compiled, when built from these sources (protocol.native)

from server.games.contract import Game, GameInfo, Option, State  # noqa: E402
from server.games.vikings import describe, forms, moves, setup, standings, view  # noqa: E402
from server.games.vikings.schema import SCHEMA  # noqa: E402


class Vikings(Game):
    info = GameInfo(
        name="vikings",
        title="Vikings",
        min_players=2,
        max_players=4,
        options=(
            Option(
                "variant",
                ("base", "advanced"),
                "base",
                "The advanced version adds the start-player auction, special tiles and one-viking boat trips.",
                "Version",
                ("base game", "advanced version"),
            ),
            Option(
                "auction",
                (True, False),
                True,
                "Advanced version only: each round starts with an auction for the start player (V-110).",
                "Start-player auction",
                ("yes", "no"),
            ),
            Option(
                "start_player",
                ("random", 0, 1, 2, 3),
                "random",
                "Who is start player in the first round (VD-3).",
                "First start player",
                ("drawn at random", "player 1", "player 2", "player 3", "player 4"),
            ),
            Option(
                "ship_row_contiguous",
                (False, True),
                False,
                "VD-6: every ship after the first must be laid next to a ship already there.",
                "Ships in one line",
                ("no", "yes"),
            ),
            Option(
                "island_adjacency_islands_only",
                (False, True),
                False,
                "VD-5 (Russian rulebook): an island tile must touch another island tile or the fjord; "
                "a ship above does not count.",
                "Islands touch islands only",
                ("no", "yes"),
            ),
            Option(
                "zero_purchase_lockout",
                (False, True),
                False,
                "VD-9 (Russian rulebook): buying a set for 0 gold ends your right to special tiles for good.",
                "A 0-gold purchase ends special tiles",
                ("no", "yes"),
            ),
            Option(
                "food_ignores_figures_on_special_tiles",
                (False, True),
                False,
                "VD-8 (Polish/Finnish reading): people pictured on special tiles do not eat.",
                "Pictured people do not eat",
                ("no", "yes"),
            ),
        ),
    )
    move_forms = forms.FORMS
    schema = SCHEMA
    open_information = True  # VA-21: no private hands; the view is the table for everyone

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        return setup.setup(players, options, seed)

    def to_act(self, state: State) -> list[int]:
        prompt = state["table"]["prompt"]
        return [] if prompt is None else [prompt["seat"]]

    def legal_moves(self, state: State, seat: int) -> list[dict[str, Any]]:
        return moves.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Any) -> State:
        return moves.apply(state, seat, move)

    def hidden(self, state: State) -> Any:
        """The bag, stacks and generator (server.play.undo: a decision that changes them stands)."""
        return state["hidden"]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return standings.result(state)

    def score(self, state: State, seat: int) -> float | None:
        fjord = state["table"]["fjords"][seat]  # VP, and gold that may become VP (V-50)
        return float(fjord["vp"]) + fjord["gold"] / 10

    def describe(self, before: State, seat: int, move: Any, viewer: int | None) -> dict[str, Any]:
        return describe.describe(before, seat, move)  # VA-21: nothing to hide from anyone


GAME = Vikings()
