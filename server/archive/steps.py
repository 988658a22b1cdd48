"""A finished game step by step, as a spectator saw it: what the replay viewer shows.

The steps are made by running the engine over the game's revealed seed and logged moves
(server.play.replay's path, the same engine code the server ran live): step 0 is the table
at the start, step n the table after the n-th decision, with that decision described
for a spectator (`Game.describe`), the seats to act and the decision's seat and seq.
Only finished games are stepped (their seed is revealed; nothing is hidden any more
from the public view than it was during the game).
"""

from __future__ import annotations

from typing import Any

from server.games import registry
from server.games.contract import IllegalMove
from server.rooms import document as rm
from server.rooms import fairness as fair

MAX_STEPS = 100  # steps per request


class StepError(Exception):
    pass


def steps(rec: dict[str, Any], start: int, count: int) -> dict[str, Any]:
    """Steps start..start+count-1 of the finished game `rec` (a replay document)."""
    game = registry.engine(rec["game"], rm.engine_of(rec))
    if game is None:
        raise StepError(f"this server does not run {rec['game']!r} version {rm.engine_of(rec)}")
    if rec.get("seed") is None or rec.get("moves") is None or rec.get("result") is None:
        raise StepError("the game has not finished: it cannot be stepped through yet")
    seed = rec["seed"]
    state = game.setup(len(rec["seats"]), rec["options"], fair.engine_seed(seed) if isinstance(seed, str) else seed)
    moves = rec["moves"]
    count = max(1, min(count, MAX_STEPS))
    out = []
    if start <= 0:
        out.append({"step": 0, "seq": None, "seat": None, "said": None, "to_act": game.to_act(state),
                    "table": game.view(state, None)})  # fmt: skip
    for n, m in enumerate(moves, 1):
        if n >= start + count:
            break
        before = state
        try:
            state = game.apply(state, m["seat"], m["move"])
        except IllegalMove as exc:
            raise StepError(f"move {n} is refused on replay: {exc}") from None
        if n >= start:
            said = {**game.describe(before, m["seat"], m["move"], None), "seat": m["seat"], "seq": m["seq"]}
            out.append({"step": n, "seq": m["seq"], "seat": m["seat"], "said": said, "to_act": game.to_act(state),
                        "table": game.view(state, None)})  # fmt: skip
    return {"room": rec["room"], "game": rec["game"], "total": len(moves), "steps": out}
