"""Accessibility in the browser app (clients/web/test/axe/): axe-core reports no critical
and no serious finding on the lobby, a player's page, the leaderboard and the table of
each game, in all five languages."""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_axe_finds_nothing_serious(web_server: ServerProc) -> None:
    browser_suite(web_server.http, ["test/axe/axe.test.js"], passes=1, timeout=600)
