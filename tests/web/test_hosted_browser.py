"""Hosted play in the browser app, in headless Chromium (clients/web/test/hosted/, issue #13).

Two players and a spectator chat at a table (the spectators' channel never reaches the
players, markup stays text, a mute survives a reload); the game is played to its end and
replayed step by step from its result panel (one step per decision, each step worded as
the spectator's move log worded it, the result at the last step, slider and a direct
URL); a per-decision clock of 2 s runs down on an idle seat until the server's bot
decides for it, at a table where the host seated, removed and seated again a bot; a
player the host removed is kept out until let back in, and the player left at a table
claims the win over one gone (issue #36).
Screenshots: test-artifacts/web/hosted-{chat,replay,clock,claim}.png.
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
def hosted_server(built_test_web: Path, own_redis: str, tmp_path: Path) -> Iterator[ServerProc]:
    """A node on a Redis of its own: the clock test waits on the referee, whose lease a
    node of another test on the session's Redis could hold (busy with that test's rooms).
    Players count as gone after 5 s (more than a node's 2 s between writes of who it holds)
    and may be claimed over 6 s after they were last seen (the claim test). It serves the
    test build, whose High Card renderer draws the replay's board (the product build draws
    High Card as a plain tree)."""
    web = ("--web", str(built_test_web))
    s = ServerProc(tmp_path, own_redis, args=web, LONGHALL_ABSENT_AFTER="5", LONGHALL_CLAIM_AFTER="6").start()
    yield s
    s.stop()


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_chat_replay_and_clocks_in_the_browser(hosted_server: ServerProc) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    args = ["node", "--test", "--test-concurrency=1", "test/hosted/"]
    out = run(args, WEB, timeout=300, LONGHALL_HTTP=hosted_server.http, LONGHALL_SHOTS=f"{SHOTS}/")
    tail = out.stdout[-6000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    assert "# fail 0" in out.stdout and "# pass 3" in out.stdout, tail
    for shot in ("hosted-chat", "hosted-replay", "hosted-clock", "hosted-claim"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
