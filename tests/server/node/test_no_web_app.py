"""A node without the web app (a pip-installed server) says so: a line at start-up, and
`/` answers a note on how to get the app instead of a bare 404."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette

from server.node.app import create_app
from server.runtime.config import Settings


@pytest.fixture
async def http_of() -> AsyncIterator[Callable[[str], httpx.AsyncClient]]:
    """An HTTP client of an app built for `web` (its lifespan never runs: nothing connects)."""
    apps: list[Starlette] = []

    def make(web: str) -> httpx.AsyncClient:
        app = create_app(Settings(redis_url="redis://127.0.0.1:9/0", web=web))
        apps.append(app)
        return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://node")

    yield make
    for app in apps:
        await app.state.node.redis.aclose()


# create_app sets up the node's own logging (server.runtime.logs): its lines go to stderr


async def test_without_the_app_the_node_logs_it_and_slash_explains(http_of, capsys) -> None:
    http = http_of("")
    line = next(x for x in capsys.readouterr().err.splitlines() if "no web app" in x)
    assert "INFO" in line and "no --web or LONGHALL_WEB" in line and "build clients/web" in line
    async with http:
        page = await http.get("/", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert "serves no web app" in page.text and "npm run build" in page.text and "/api/openapi.yaml" in page.text
        data = await http.get("/")  # a program: JSON
        assert data.status_code == 200 and data.json()["web"] is False and "--web" in data.json()["detail"]


async def test_with_the_app_slash_is_the_app(http_of, capsys, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>the app</title>")
    http = http_of(str(tmp_path))
    assert "no web app" not in capsys.readouterr().err
    async with http:
        page = await http.get("/", headers={"Accept": "text/html"})
        assert page.status_code == 200 and "the app" in page.text
