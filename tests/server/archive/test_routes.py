"""Query parameters of the HTTP routes (issue 36, hole 5): a number out of its bounds, or
no number at all, is answered 400 saying what it must be — never 500. Before,
`/api/leaderboard/vikings?offset=99999999999999999999999` reached Redis, which refused
it, and the node answered 500 with a traceback in its log."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.cluster import ServerProc
from tests.server.console.operators import bearer, operator_token
from tests.shared import ROOT

# every query parameter any route reads: the numeric ones with their bounds, the others
NUMERIC = {
    "/api/leaderboard/vikings": {"limit": (1, 1000), "offset": (0, 10**9)},
    "/api/rooms/NOSUCHROOM/steps": {"from": (0, 10**6), "count": (1, 100)},
    "/api/tournaments/past": {"limit": (1, 200), "before": (0, 10**14)},
}
TEXT = {
    "/api/rooms": ["game"],
    "/api/rules/vikings": ["lang"],
    "/api/admin/sockets": ["player"],
    "/api/tournaments/past": ["game", "after"],
}
WRONG = ["99999999999999999999999", "-1", "-99999999999999999999999", "x", "", "1.5", "1e3", " 5", "1_0", "٣"]


@pytest.fixture
def server(redis_url: str, tmp_path: Path) -> Iterator[ServerProc]:
    """A node of these tests' own, its HTTP limits off: they send a few hundred requests
    from one address, which the shared node's limits would answer 429 after the others'."""
    s = ServerProc(tmp_path / "node", redis_url, LONGHALL_HTTP_RATE="0").start()
    deadline = time.monotonic() + 60
    while httpx.get(f"{s.http}/api/tournaments/past").status_code == 503:  # its archive opening
        assert time.monotonic() < deadline, "the node's archive never opened"
        time.sleep(0.1)
    yield s
    s.stop()


def read_in_source() -> set[str]:
    """The names of the query parameters the server's source reads, however it reads them."""
    names = set()
    for path in (ROOT / "server").rglob("*.py"):
        code = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"query_params(?:\.get\(|\[)\"(\w+)\"", code))
        names |= set(re.findall(r"bounded\(request, \"(\w+)\"", code))
    return names


def test_every_query_parameter_read_is_checked_here() -> None:
    checked = {n for params in NUMERIC.values() for n in params} | {n for ns in TEXT.values() for n in ns}
    assert read_in_source() == checked


async def test_numbers_out_of_bounds_or_not_numbers_are_answered_400(server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        reported = await http.get("/api/leaderboard/vikings?offset=99999999999999999999999")  # the issue's
        assert reported.status_code == 400, reported.text
        for route, params in NUMERIC.items():
            for name, (low, high) in params.items():
                for value in [*WRONG, str(low - 1), str(high + 1)]:
                    got = await http.get(route, params={name: value})
                    assert got.status_code == 400, (route, name, value, got.status_code, got.text)
                    assert got.json() == {
                        "error": "bad_field",
                        "detail": f"{name} must be an integer from {low} to {high}",
                    }
                for value in (low, high):  # the bounds themselves are served
                    assert (await http.get(route, params={name: value})).status_code in (200, 404, 503), (
                        route,
                        name,
                    )  # 503: the archive is opening
        # `offset` at its most reaches Redis and answers an empty page
        page = (await http.get("/api/leaderboard/vikings", params={"offset": 10**9, "limit": 1000})).json()
        assert page == {"game": "vikings", "players": []}


async def test_text_parameters_never_fail_the_node(server, redis_url: str) -> None:
    operator = bearer(await operator_token(redis_url, "params"))  # the console's routes need one
    async with httpx.AsyncClient(base_url=server.http, headers=operator) as http:
        for route, names in TEXT.items():
            for name in names:
                for value in [*WRONG, "x" * 10_000]:
                    got = await http.get(route, params={name: value})
                    assert got.status_code in (200, 400), (route, name, value, got.status_code)
