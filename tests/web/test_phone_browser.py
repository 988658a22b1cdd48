"""The boards' words on a 390x844 phone are 11 px or more on screen (clients/web/test/phone/).

Vikings (wheel and fjords, for a player and a spectator) and Hunters & Gatherers (the
map at its default zoom, zoomed out, after "Fit", zoomed in again; the tile in hand) are
measured after two Node clients played a while: each visible SVG text's computed font
size times the scale it is drawn at, and each HTML text's font size. The smallest sizes
are printed ("# phone"). And a whole solo Feast game is clicked on the phone, steered to
buy a knarr and a special tile by clicks on the board when it can (F-350, F-505).
"""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
@pytest.mark.timeout(1500)  # a whole Feast game among them: beyond the suite's per-test 600 s on a loaded machine
def test_board_words_are_readable_on_a_phone(web_server: ServerProc) -> None:
    stdout = browser_suite(web_server.http, ["test/phone/"], passes=3, timeout=1400)
    assert "# phone hunters after Fit:" in stdout
    assert "# feast phone whole game 1:" in stdout  # (a game in which no ship could be afforded is dealt again)
