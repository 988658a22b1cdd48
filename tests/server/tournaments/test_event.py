"""A tournament's terms, checked (server/tournaments/event.py)."""

from __future__ import annotations

import pytest

from server.tournaments.event import Event, EventError, terms

NOW = 1_800_000_000_000
GOOD = {"name": "Friday Swiss", "kind": "swiss", "game": "vikings", "size": 2, "rounds": 5, "starts": NOW + 60_000,
        "clock": {"total": 600, "increment": 5}}  # fmt: skip


def test_good_terms_make_an_event_that_survives_its_record() -> None:
    ev = terms("t1", GOOD, NOW)
    assert (ev.kind, ev.size, ev.least, ev.rounds, ev.minutes, ev.byes) == ("swiss", 2, 2, 5, 0, "points")
    assert ev.clock == {"timeout": "bot", "total": 600.0, "increment": 5.0} and ev.options  # the game's full options
    assert Event.load(ev.dump()) == ev
    arena = terms("t2", {**GOOD, "kind": "arena", "minutes": 60, "size": 4, "game": "hunters"}, NOW)
    assert (arena.rounds, arena.minutes, arena.size, arena.least) == (0, 60, 4, 2)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"clock": None}, "clock"),  # a tournament's games always finish
        ({"clock": {"total": -1}}, "clock"),
        ({"kind": "knockout"}, "kind"),
        ({"size": 9}, "game"),  # Vikings seats 2 to 4
        ({"size": 1, "game": "feast"}, "size"),  # Feast plays solo, a tournament table does not
        ({"game": "chess"}, "game"),
        ({"rounds": 0}, "rounds"),
        ({"kind": "arena", "minutes": 0}, "minutes"),
        ({"starts": NOW - 1}, "starts"),
        ({"name": " "}, "name"),
        ({"byes": "coin"}, "byes"),
        ({"bot_level": "grandmaster"}, "bot_level"),
    ],
)
def test_terms_that_cannot_make_a_tournament_are_refused_saying_which(change: dict[str, object], field: str) -> None:
    with pytest.raises(EventError, match=f"^{field}:"):
        terms("t", {**GOOD, **change}, NOW)
