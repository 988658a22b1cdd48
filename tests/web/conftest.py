"""A server process that serves the built web app, for the browser tests.

The app is built once per session when clients/web/dist is missing (scripts/test builds
it before pytest runs); the server is started after that, so it serves dist at "/".
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from tests.cluster import ServerProc
from tests.web.node import JS, WEB, npm_ready


@pytest.fixture(scope="session")
def built_web() -> None:
    npm_ready(JS)
    npm_ready(WEB)
    if not (WEB / "dist" / "index.html").exists():
        subprocess.run(["npm", "run", "build", "--silent"], cwd=WEB, check=True, capture_output=True)


@pytest.fixture(scope="session")
def web_server(built_web: None, redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("web"), redis_url).start()
    yield s
    s.stop()
