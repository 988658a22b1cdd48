"""A server process that serves the web app's test build, for the browser tests.

The product app (clients/web/dist) is built once per session when missing (scripts/test
builds it before pytest runs). The browser tests are served the test build instead
(`npm run build:test` into clients/web/test/dist, made every session: two seconds): the
product app with what only the tests draw, High Card's renderer (clients/web/test/app/).
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster import ServerProc
from tests.web.node import JS, WEB, npm_ready

TEST_APP = WEB / "test" / "dist"


@pytest.fixture(scope="session")
def built_web() -> None:
    npm_ready(JS)
    npm_ready(WEB)
    if not (WEB / "dist" / "index.html").exists():
        subprocess.run(["npm", "run", "build", "--silent"], cwd=WEB, check=True, capture_output=True)


@pytest.fixture(scope="session")
def built_test_web() -> Path:
    npm_ready(JS)
    npm_ready(WEB)
    subprocess.run(["npm", "run", "build:test", "--silent"], cwd=WEB, check=True, capture_output=True)
    return TEST_APP


@pytest.fixture(scope="session")
def web_server(built_test_web: Path, redis_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    s = ServerProc(tmp_path_factory.mktemp("web"), redis_url, args=("--web", str(built_test_web))).start()
    yield s
    s.stop()
