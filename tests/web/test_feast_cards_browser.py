"""Occupation cards drawn as cards in Russian and Ukrainian, in headless Chromium
(clients/web/test/cards/): the translated name and effect with the unofficial mark, the
English toggle, the mouse preview, the enlarged card on a desktop and by tap on a 390x844
phone (no text under 11 px), axe-core clean with the card enlarged. Screenshots go to
test-artifacts/web/cards-*.png.
"""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_occupation_cards_in_russian_and_ukrainian(web_server: ServerProc) -> None:
    browser_suite(web_server.http, ["test/cards/"], passes=3, timeout=600)
    for shot in ("cards-ru-desktop", "cards-uk-desktop", "cards-uk-phone"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
