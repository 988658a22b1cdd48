"""Your player on another device and your games, in the browser app
(clients/web/test/handover/): a link and QR code carry a player from one browser context
to a second, which takes their seat and decides there, and the link works once (a third
context is refused; a revoked link is too); the games page lists two games newest first
with the turn marked, the header and the tab's title count the games waiting for you, and
the header's "Next game" goes there from another table in one click.

The test has a Redis and a node of its own; the pages and the test share 127.0.0.1, so the
node's HTTP limits are off."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_handover_and_games_pages_in_the_browser(built_test_web: Path, own_redis: str, tmp_path: Path) -> None:
    node = ServerProc(tmp_path / "node", own_redis, args=("--web", str(built_test_web)),
                      LONGHALL_HTTP_RATE="0").start()  # fmt: skip
    try:
        browser_suite(node.http, ["test/handover/"], passes=3, timeout=600)
    finally:
        node.stop()
    for shot in ("handover-panel", "handover-phone-table", "games-page", "games-vacation"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
