"""Structured logs of a real node (LONGHALL_LOG_FORMAT=json): one JSON object per line,
the room events with their ids, and nothing secret — no token, no seed, no hand."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from clients.python.bot import play
from tests.cluster import ServerProc
from tests.tables import table


async def test_json_log_lines_carry_ids_and_no_secrets(redis_url: str, tmp_path: Path) -> None:
    node = ServerProc(tmp_path / "node", redis_url, args=("--log-level", "debug"), LONGHALL_LOG_FORMAT="json").start()
    try:
        async with table(node.url, players=2, spectators=0) as t:
            await asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
            tokens = [c.token for c in t.players]
            players = [c.player for c in t.players]
            hands = [c.rooms[t.room].view["table"] for c in t.players]
    finally:
        node.stop()
    text = Path(node.log.name).read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]  # every line is one JSON object
    assert lines and all({"ts", "level", "logger", "msg"} <= set(x) for x in lines)
    mine = [x for x in lines if x.get("room") == t.room]
    events = [x["event"] for x in mine]
    assert events[:3] == ["create", "join", "start"] and events[-1] == "game_over"
    assert events.count("move") >= 6  # 2 players × (a bid + 3 tricks), at debug
    assert {x.get("player") for x in mine if x["event"] in ("create", "move")} == set(players)
    assert all(isinstance(x["seq"], int) for x in mine)
    assert next(x for x in mine if x["event"] == "create")["game"] == "highcard"
    for secret in tokens:
        assert secret is not None and secret not in text
    assert '"seed"' not in text and '"hand' not in text and '"state"' not in text
    assert all(json.dumps(h, sort_keys=True) not in text for h in hands)
