"""Play against the computer from the lobby, in headless Chromium (clients/web/test/versus/,
issue #38): one click makes a table with bots of the chosen level, started, and the bot
plays. Screenshot: test-artifacts/web/versus-table.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.web.node import ROOT, WEB, run
from tests.web.test_browser import CHROMIUM

SHOTS = ROOT / "test-artifacts" / "web"


@pytest.fixture
def versus_server(built_test_web: Path, own_redis: str, tmp_path: Path) -> Iterator[ServerProc]:
    """A node on a Redis of its own: the bot's decisions wait on the referee, whose lease a
    node of another test on the session's Redis could hold."""
    s = ServerProc(tmp_path, own_redis, args=("--web", str(built_test_web)), LONGHALL_BOT_DELAY="0").start()
    yield s
    s.stop()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_play_against_the_computer_in_the_browser(versus_server: ServerProc) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = run(["node", "--test", "--test-concurrency=1", "test/versus/"], WEB, timeout=300,
              LONGHALL_HTTP=versus_server.http, LONGHALL_SHOTS=f"{SHOTS}/")  # fmt: skip
    tail = out.stdout[-6000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    assert "# fail 0" in out.stdout and "# pass 1" in out.stdout, tail
    assert (SHOTS / "versus-table.png").exists()
