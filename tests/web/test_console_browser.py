"""The operator console and the protocol playground in headless Chromium
(clients/web/test/console/): a private room found, inspected and ended from the console
(the players see it end as abandoned, the archive keeps it so), a socket closed, the
console refused without an operator's token and with a player's; hand-written `hello` and
`create` sent from the playground, their answers listed and the room mirrored through a
diff. Screenshots: test-artifacts/web/console-{room,actions}.png, playground.png.
"""

from __future__ import annotations

import pytest

from tests.cluster import ServerProc
from tests.server.console.operators import operator_token
from tests.web.node import SHOTS, browser_suite
from tests.web.test_browser import CHROMIUM


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
async def test_the_console_and_the_playground_in_the_browser(
    web_server: ServerProc, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LONGHALL_ADMIN_TOKEN", await operator_token(redis_url, "console-test"))
    browser_suite(web_server.http, ["test/console/"], passes=2, timeout=300)
    for shot in ("console-room", "console-actions", "playground"):
        assert (SHOTS / f"{shot}.png").exists(), f"no screenshot {shot}"
