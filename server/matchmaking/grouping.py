"""Who plays whom: grouping the tickets of one queue by rating (pure, no I/O).

Oldest ticket first: it takes the players nearest its rating within its window, which
starts at `window` rating points and widens by `widen` points per second waited, so
everybody is matched in the end. A ticket that has waited `bot_fill` seconds (0: never)
without a full table takes whoever is within its window and bots for the other seats.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ticket:
    player: str
    rating: float
    since: float  # when it was queued (s since the epoch)


@dataclass(frozen=True)
class Group:
    players: tuple[str, ...]
    bots: int = 0


def groups(tickets: list[Ticket], seats: int, now: float, window: float, widen: float,
           bot_fill: float = 0.0) -> list[Group]:  # fmt: skip
    waiting = sorted(tickets, key=lambda t: (t.since, t.player))
    taken: set[str] = set()
    out = []
    for t in waiting:
        if t.player in taken:
            continue
        reach = window + widen * max(0.0, now - t.since)
        near = sorted(
            (o for o in waiting if o.player not in taken and o is not t and abs(o.rating - t.rating) <= reach),
            key=lambda o: (abs(o.rating - t.rating), o.since, o.player),
        )
        if len(near) >= seats - 1:
            chosen = [t, *near[: seats - 1]]
        elif bot_fill > 0 and now - t.since >= bot_fill:
            chosen = [t, *near]
        else:
            continue
        taken.update(c.player for c in chosen)
        out.append(Group(tuple(c.player for c in chosen), seats - len(chosen)))
    return out
