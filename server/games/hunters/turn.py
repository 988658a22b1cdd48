"""Turn order: drawing, the figure step, scoring, the bonus turn and the end (H-14..H-20,
H-60, H-68..H-76).

`state["turn"]` says whose turn it is and what is asked: "place" (the tile in `hand`)
or "figure" (a figure on the tile just placed at "at", or none). After the figure step
everything the tile completed is scored; a regular tile that completed a forest with a
gold nugget then brings exactly one bonus tile (never a bonus tile's own completions).
Tiles with no legal place are discarded publicly and the next one drawn.
"""

from __future__ import annotations

from typing import Any

from server.games.hunters.landscape import placeable
from server.games.hunters.scoring import final_scoring, score_completed

State = dict[str, Any]


def fresh_turn(seat: int) -> dict[str, Any]:
    return {"seat": seat, "phase": "place", "bonus": False, "at": None, "completed": [], "returned": 0}


def draw(state: State, stack: str) -> bool:
    """Draw from the "land" or "bonus" stack into the hand, discarding every tile that has
    no legal place (H-20, H-71). False when the stack ran out first."""
    tiles = state[stack]
    while tiles:
        tile = tiles.pop()
        if placeable(state, tile):
            state["hand"] = tile
            return True
        state["discards"].append(tile)
    state["hand"] = None
    return False


def after_figure(state: State) -> None:
    """H-14 steps 3 and 4: score what the tile completed, then the bonus turn or the next
    player's turn."""
    turn = state["turn"]
    nugget = score_completed(state, turn["completed"])
    turn["completed"] = []
    # H-68/H-69: one bonus turn at most; H-75/H-76: only a regular tile triggers it.
    if nugget and not turn["bonus"] and draw(state, "bonus"):
        turn.update(phase="place", bonus=True, at=None)
        return
    end_turn(state)


def end_turn(state: State) -> None:
    """H-15: the next player clockwise draws; H-60: no regular tile left ends the game."""
    if not state["land"]:
        finish(state)
        return
    state["turn"] = fresh_turn((state["turn"]["seat"] + 1) % state["players"])
    if not draw(state, "land"):
        finish(state)  # HA-11: the last tiles were all unplaceable


def finish(state: State) -> None:
    state["hand"] = None
    state["turn"].update(phase="over", at=None)
    final_scoring(state)
