"""The default text log names a room's events with their ids (room, seq, seat, player,
game), as the JSON log does, so an operator can follow a room in a terminal."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from server.runtime import logs


@pytest.fixture
def text_log() -> Iterator[io.StringIO]:
    """What the room events logger writes, through the text formatter."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logs.TextFormatter())
    level, propagate = logs.log.level, logs.log.propagate
    logs.log.addHandler(handler)
    logs.log.setLevel(logging.INFO)
    logs.log.propagate = False
    yield out
    logs.log.removeHandler(handler)
    logs.log.setLevel(level)
    logs.log.propagate = propagate


def test_create_join_and_game_over_carry_their_ids(text_log: io.StringIO) -> None:
    logs.committed("a1b2c3d4e5", {"k": "create", "player": "p-host", "name": "Astrid"}, 0, {"game": "vikings"})
    logs.committed("a1b2c3d4e5", {"k": "join", "seat": 1, "player": "p-guest"}, 1, {"game": "vikings"})
    logs.committed("a1b2c3d4e5", {"k": "move", "seat": 1, "player": "p-guest"}, 41, {"status": "over"})
    create, join, over = text_log.getvalue().splitlines()
    assert create.endswith(" INFO longhall.rooms create room=a1b2c3d4e5 seq=0 player=p-host game=vikings")
    assert join.endswith(" INFO longhall.rooms join room=a1b2c3d4e5 seq=1 seat=1 player=p-guest game=vikings")
    assert over.endswith(" INFO longhall.rooms game_over room=a1b2c3d4e5 seq=41 seat=1 player=p-guest")
    assert "Astrid" not in text_log.getvalue()  # ids only, as in the JSON log


def test_a_line_without_ids_is_unchanged_and_a_traceback_stays_below() -> None:
    plain = logging.makeLogRecord({"name": "longhall", "levelname": "INFO", "msg": "listening"})
    assert logs.TextFormatter().format(plain).endswith(" INFO longhall listening")
    try:
        raise ValueError("boom")
    except ValueError as exc:
        failed = logging.makeLogRecord({"name": "longhall", "levelname": "ERROR", "msg": "commit failed",
                                        "room": "r1", "exc_info": (ValueError, exc, exc.__traceback__)})  # fmt: skip
    first, *rest = logs.TextFormatter().format(failed).splitlines()
    assert first.endswith(" ERROR longhall commit failed room=r1") and rest[-1] == "ValueError: boom"
