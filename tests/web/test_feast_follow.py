"""The Feast table follows the game (clients/web/test/follow/): a solo short game clicked
to its end on a 1280x800 screen, and at every question, before any click, one thing to
act on (action space, banquet cell or good to serve, option, die, mountain strip, special
tile, a held good's spots) lies inside the window, not under the bar of chips. The kinds
of question met are printed ("# feast follow")."""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_the_decision_is_in_view_whenever_the_player_is_asked(web_server: ServerProc) -> None:
    stdout = browser_suite(web_server.http, ["test/follow/"], passes=1, timeout=900)
    assert "# feast follow:" in stdout
