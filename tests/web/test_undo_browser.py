"""Undo within a turn in the browser app, in headless Chromium (clients/web/test/undo/, issue #13):
a room created with undo from the lobby, the Undo button shown to the seat that just
decided only, and a click that takes the decision back. Screenshot:
test-artifacts/web/undo-button.png.
"""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.web.node import ROOT, WEB, run
from tests.web.test_browser import CHROMIUM

SHOTS = ROOT / "test-artifacts" / "web"


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_undo_in_the_browser(web_server: ServerProc) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    out = run(["node", "--test", "--test-concurrency=1", "test/undo/"], WEB, timeout=120,
              LONGHALL_HTTP=web_server.http, LONGHALL_SHOTS=f"{SHOTS}/")  # fmt: skip
    tail = out.stdout[-6000:] + out.stderr[-2000:]
    assert out.returncode == 0, tail
    assert "# fail 0" in out.stdout and "# pass 1" in out.stdout, tail
    assert (SHOTS / "undo-button.png").exists()
