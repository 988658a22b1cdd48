"""Players among themselves in the browser app (clients/web/test/social/, issue #41): a
rematch accepted by both players of a finished game (the seats rotated, a spectator told
and led to the new game), an invitation told to a player in the lobby and accepted (the
seat taken, the invitation gone), and blocking (the blocked player's chat and seat refused
with `blocked`, welcome again once unblocked on the friends page).
Screenshots: test-artifacts/web/social-{rematch,invitation,blocked}.png.

The test has a Redis and a node of its own, its HTTP limits off: the pages and the test
share 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_rematch_invitation_and_blocking_in_the_browser(built_test_web: Path, own_redis: str, tmp_path: Path) -> None:
    node = ServerProc(tmp_path / "node", own_redis, args=("--web", str(built_test_web)), LONGHALL_HTTP_RATE="0").start()
    try:
        browser_suite(node.http, ["test/social/"], passes=3, timeout=600)
    finally:
        node.stop()
    for shot in ("social-rematch", "social-invitation", "social-blocked"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
