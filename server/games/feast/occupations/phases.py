"""Round phases a card runs for its owner only (F-642): breeding, a bonus phase, a feast.

Such a phase is the phase's own rule for one player: Cattle Breeder 35A breeds (F-265…
F-268), Builder 20A collects the bonuses of the owner's houses (F-280…F-283), Chief 5A
holds a feast on its own (F-270…F-277; the feast module runs it as the step `feast`).
"""

from __future__ import annotations

from server.games.contract import State
from server.games.feast import rounds
from server.games.feast.occupations.flow import enqueue


def run_for(s: State, seat: int, name: str) -> None:
    p = s["seats"][seat]
    if name == "breeding":
        rounds.breed_player(p)
    elif name == "house_bonuses":
        rounds.pay_bonuses_of(s, p, houses_only=True)
    elif name == "feast":
        enqueue(s, [{"do": "feast", "seat": seat}])
    else:
        raise ValueError(f"unknown phase {name}")
