"""Structured logs of a real node (LONGHALL_LOG_FORMAT=json): one JSON object per line,
the room events with their ids, and nothing secret — no token, no seed, no hand."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import subprocess
import sys
import threading
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from clients.python.bot import play
from tests.cluster import ServerProc
from tests.tables import table

ROOT = Path(__file__).resolve().parents[3]


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


def test_a_python_warning_is_a_json_log_line_too() -> None:
    # a node's stderr once carried "...: RuntimeWarning: coroutine 'upgrade' was never awaited" among
    # its JSON lines (a migration cancelled before its thread ran, as the node stopped while starting)
    code = (
        "from server.runtime import logs; logs.setup(fmt='json'); import warnings; warnings.warn('odd', RuntimeWarning)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    lines = [json.loads(line) for line in out.stderr.splitlines() if line.strip()]
    assert [(x["logger"], x["level"]) for x in lines] == [("py.warnings", "warning")]
    assert "RuntimeWarning: odd" in lines[0]["msg"]


def test_a_migration_cancelled_before_its_thread_ran_leaves_no_coroutine_behind(tmp_path: Path) -> None:
    # the node's archive opening (server/archive/service.py) runs the migration in a worker thread; the
    # coroutine is made in that thread, so a call cancelled before the thread ran makes none
    from server.archive import db

    async def go() -> None:
        with ThreadPoolExecutor(1) as pool:
            gate = threading.Event()
            pool.submit(gate.wait)  # the only worker busy: the migration waits in the queue
            asyncio.get_running_loop().set_default_executor(pool)
            task = asyncio.create_task(asyncio.to_thread(db.upgrade_here, f"sqlite+aiosqlite:///{tmp_path}/archive.db"))
            await asyncio.sleep(0)  # the task runs up to its call queued in the pool
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task  # the queued call is cancelled before the task ends
            gate.set()
        assert task.cancelled()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        asyncio.run(go())
        gc.collect()
    assert [str(w.message) for w in caught if "never awaited" in str(w.message)] == []
