"""The browser app in Russian, Polish, Finnish and Ukrainian, in headless Chromium
(clients/web/test/i18n/): the language follows the browser, is switched in the lobby and
remembered; the lobby and a table of each game show no English in any of the four
(every visible word is from that language's catalogue or an allow-listed proper name).
Screenshots in ru and uk go to test-artifacts/web/i18n-*.png (docs/screenshots/ keeps copies).
"""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_every_language_in_the_browser(web_server: ServerProc) -> None:
    browser_suite(web_server.http, ["test/i18n/"], passes=3, timeout=300)
    for lang in ("ru", "uk"):
        for page in ("lobby", "vikings", "hunters", "feast"):
            assert (SHOTS / f"i18n-{lang}-{page}.png").exists(), f"no screenshot i18n-{lang}-{page}"
