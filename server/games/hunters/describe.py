"""Each Hunters & Gatherers decision as structured data for the move log (see
Game.describe).

Nothing is hidden in this game (HA-26: the drawn tile is shown to all), so every viewer
gets the same description. Values only: "tile" is a tile id, "at" the "x,y" square,
"role" what the figure becomes on its segment (hunter on a meadow, gatherer in a
forest, fisher on a river or lake, or hut), "feature" the segment's terrain. What the
move scored is in the view (`scored`), which the client shows beside the log line.
"""

from __future__ import annotations

from typing import Any

from server.games.hunters.figures import ROLE
from server.games.hunters.tiles import TILES

State = dict[str, Any]


def describe(before: State, seat: int, move: dict[str, Any]) -> dict[str, Any]:
    kind = move["type"]
    if kind == "place":
        return {"k": "hunters.place", "tile": before["hand"], "x": move["x"], "y": move["y"],
                "rotation": move["rotation"], "bonus": bool(before["turn"]["bonus"])}  # fmt: skip
    if kind == "pass":
        return {"k": "hunters.pass"}
    at = before["turn"]["at"]
    segment = TILES[before["map"][at]["tile"]].segments[move["segment"]]
    role = "hut" if kind == "hut" else ROLE.get(segment.kind, "fisher")  # lakes: HA-17
    return {"k": f"hunters.{kind}", "at": at, "segment": move["segment"], "role": role, "feature": segment.kind}
