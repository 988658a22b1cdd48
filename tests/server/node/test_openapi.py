"""docs/openapi.yaml keeps up with the node: every route of `create_app` is described with
its methods, path and query parameters, and nothing else is; every example validates
against its schema; the answers of a real node to every described route validate
against the schema of their status; openapi-spec-validator accepts the document; the
node serves it."""

from __future__ import annotations

import asyncio
import inspect
import random
import re
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import yaml
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from starlette.routing import Route

from clients.python.bot import play
from server.node.app import create_app
from server.runtime.config import Settings
from tests.server.console.operators import bearer, operator_token
from tests.tables import table

DOC_PATH = Path(__file__).resolve().parents[3] / "docs" / "openapi.yaml"
DOC: dict[str, Any] = yaml.safe_load(DOC_PATH.read_text(encoding="utf-8"))
OPERATIONS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}
BASE = "urn:longhall:openapi"
REGISTRY: Registry = Registry().with_resource(BASE, Resource.from_contents(DOC, default_specification=DRAFT202012))
# a handler's query parameters, as it reads them: directly, or through the bounded-int helper
QUERY = re.compile(r"""(?:query_params(?:\.get\(\s*|\[)|bounded\(\s*request,\s*)["'](\w+)["']""")


def at(pointer: str) -> Any:
    """The node of the document at a JSON pointer."""
    return REGISTRY.resolver(BASE).lookup(f"#{pointer}").contents


def follow(pointer: str) -> str:
    """`pointer`, or where its $refs lead."""
    while isinstance(node := at(pointer), dict) and "$ref" in node:
        pointer = node["$ref"].removeprefix("#")
    return pointer


def escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def check(instance: Any, pointer: str) -> None:
    """`instance` against the document's OpenAPI 3.1 schema at `pointer`, $refs resolved."""
    OAS31Validator({"$ref": f"{BASE}#{pointer}"}, registry=REGISTRY).validate(instance)


def parameters(path: str, method: str) -> dict[tuple[str, str], dict[str, Any]]:
    found = [at(follow(p)) for p in parameter_pointers(path, method)]
    return {(p["in"], p["name"]): p for p in found}


def parameter_pointers(path: str, method: str) -> list[str]:
    item, here = DOC["paths"][path], f"/paths/{escape(path)}"
    return [*(f"{here}/parameters/{i}" for i in range(len(item.get("parameters", [])))),
            *(f"{here}/{method}/parameters/{i}" for i in range(len(item[method].get("parameters", []))))]  # fmt: skip


@pytest.fixture
async def routes() -> AsyncIterator[list[Route]]:
    """The routes of a node without a web app (its lifespan never runs: nothing connects)."""
    app = create_app(Settings(redis_url="redis://127.0.0.1:9/0", web=""))
    yield [r for r in app.routes if isinstance(r, Route)]
    await app.state.node.redis.aclose()


def template(route: Route) -> str:
    return re.sub(r"\{(\w+)(:\w+)?\}", r"{\1}", route.path)


def test_the_document_is_valid_openapi_3_1() -> None:
    assert DOC["openapi"].startswith("3.1")
    validate(DOC)  # openapi-spec-validator picks the 3.1 validator by the version


async def test_every_route_is_described_and_nothing_else(routes: list[Route]) -> None:
    assert sorted(template(r) for r in routes) == sorted(DOC["paths"])


async def test_methods_and_parameters_are_the_routes(routes: list[Route]) -> None:
    for route in routes:
        path = template(route)
        methods = {m.lower() for m in route.methods or ()}
        described = OPERATIONS & set(DOC["paths"][path])
        assert "head" in methods or "get" not in methods  # the document's promise: every GET route answers HEAD
        assert described == methods - {"head"}, path
        for method in described:
            params = parameters(path, method)
            assert {n for (where, n) in params if where == "path"} == set(route.param_convertors), path
            assert all(p["required"] for (where, _), p in params.items() if where == "path")
            asked = set(QUERY.findall(inspect.getsource(route.endpoint)))
            assert {n for (where, n) in params if where == "query"} == asked, path


def examples() -> Iterator[tuple[str, Any, str]]:
    """Every example in the document with the schema it must meet: (where, value, schema's pointer)."""
    for path, item in DOC["paths"].items():
        for method in OPERATIONS & set(item):
            for p in map(follow, parameter_pointers(path, method)):
                if "example" in at(p):
                    yield f"{path} {at(p)['name']}", at(p)["example"], f"{p}/schema"
            for status in item[method]["responses"]:
                response = follow(f"/paths/{escape(path)}/{method}/responses/{status}")
                for media, content in at(response).get("content", {}).items():
                    where, schema = (
                        f"{method.upper()} {path} {status} {media}",
                        f"{response}/content/{escape(media)}/schema",
                    )
                    if "example" in content:
                        yield where, content["example"], schema
                    for name, ex in content.get("examples", {}).items():
                        yield f"{where} {name}", ex["value"], schema


def test_every_example_validates() -> None:
    found = list(examples())
    assert len(found) > 30
    for where, value, schema in found:
        try:
            check(value, schema)
        except Exception as exc:
            raise AssertionError(f"{where}: {exc}") from exc


def test_the_schemas_refuse_what_they_should() -> None:
    game = "/components/schemas/Game"
    check({"name": "vikings", "title": "Vikings", "version": 1, "players": [2, 4], "options": []}, game)
    with pytest.raises(Exception, match="required"):
        check({"name": "vikings", "version": 1, "players": [2, 4], "options": []}, game)
    with pytest.raises(Exception, match="is not of type"):
        check({"k": "x", "seat": "0", "seq": 1}, "/components/schemas/Said")


async def answers_validate(http: httpx.AsyncClient, path: str, url: str, seen: set[str], method: str = "get",
                           token: str | None = None, body: Any = None) -> httpx.Response:  # fmt: skip
    """GET `url` (an instance of the documented `path`; or `method`, with `token` as the
    bearer's and `body` as JSON): its status and body must be as described."""
    headers = {"Accept": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    res = await http.request(method.upper(), url, headers=headers, json=body)
    status = str(res.status_code)
    assert status in DOC["paths"][path][method]["responses"], f"{method} {url}: {status} is not described"
    response = follow(f"/paths/{escape(path)}/{method}/responses/{status}")
    media = res.headers["content-type"].split(";")[0]
    assert media in at(response).get("content", {}), f"{url}: {media} is not described for {status}"
    if media == "application/json":
        try:
            check(res.json(), f"{response}/content/{escape(media)}/schema")
        except Exception as exc:
            raise AssertionError(f"{url}: {exc}") from exc
    seen.add(path)
    return res


async def test_a_real_node_answers_as_described(server, redis_url: str) -> None:
    seen: set[str] = set()
    async with table(server.url, players=2, spectators=0) as t:
        await asyncio.gather(*(play(c, t.room, random.Random(i)) for i, c in enumerate(t.players)))
        player = t.players[0].player
    async with (
        table(server.url, players=2, spectators=0, start=False) as waiting,  # a room in the lobby
        httpx.AsyncClient(base_url=server.http, timeout=30) as http,
    ):
        for path in ["/", "/live", "/ready", "/health", "/metrics", "/api/games", "/api/openapi.yaml",
                     "/api/asyncapi.yaml"]:  # fmt: skip
            await answers_validate(http, path, path, seen)
        for url in ["/api/games/vikings/schema", "/api/games/no/schema"]:
            await answers_validate(http, "/api/games/{game}/schema", url, seen)
        lobby = await answers_validate(http, "/api/rooms", "/api/rooms?game=highcard", seen)
        assert waiting.room in {r["room"] for r in lobby.json()}
        for url in ["/api/rules/vikings", "/api/rules/vikings?lang=ru", "/api/rules/vikings?lang=R", "/api/rules/no"]:
            await answers_validate(http, "/api/rules/{game}", url, seen)
        for suffix in ["said", "replay/check", "replay", "steps?from=0&count=3", "steps?count=x"]:
            path = f"/api/rooms/{{room}}/{suffix.split('?')[0]}"
            await answers_validate(http, path, f"/api/rooms/{t.room}/{suffix}", seen)
            await answers_validate(http, path, f"/api/rooms/nosuchroom/{suffix}", seen)
        for url in ["/api/leaderboard/highcard", "/api/leaderboard/highcard?limit=x", "/api/leaderboard/no"]:
            await answers_validate(http, "/api/leaderboard/{game}", url, seen)
        for url in ["/api/tv", "/api/tv?game=highcard", "/api/tv?game=no"]:
            await answers_validate(http, "/api/tv", url, seen)
        deadline = asyncio.get_running_loop().time() + 20
        while (
            await answers_validate(http, "/api/players/{player}", f"/api/players/{player}", seen)
        ).status_code != 200:
            assert asyncio.get_running_loop().time() < deadline, "the finished game never reached the archive"
            await asyncio.sleep(0.3)
        await answers_validate(http, "/api/players/{player}", "/api/players/nobody", seen)
        await the_console_answers_as_described(http, seen, waiting, redis_url)
        await the_tournaments_answer_as_described(http, seen, waiting, redis_url)
        await the_social_routes_answer_as_described(http, seen, waiting)
        host, guest = waiting.players
        for who in (host.token, guest.token, None):  # the player, another, nobody
            games, vacation = f"/api/players/{host.player}/games", f"/api/players/{host.player}/vacation"
            await answers_validate(http, "/api/players/{player}/games", games, seen, "get", who)
            await answers_validate(http, "/api/players/{player}/vacation", vacation, seen, "post", who)
            await answers_validate(http, "/api/players/{player}/vacation", vacation, seen, "delete", who)
        await handovers_answer_as_described(http, seen, host)
        await the_notifications_answer_as_described(http, seen, waiting)
    assert seen == set(DOC["paths"])


async def handovers_answer_as_described(http: httpx.AsyncClient, seen: set[str], host: Any) -> None:
    """A hand-over code made (by the player, not by another nor nobody), redeemed, redeemed
    again, revoked."""
    mine = f"/api/players/{host.player}/handover"
    for who in (None, "not.a.token", host.token):
        made = await answers_validate(http, "/api/players/{player}/handover", mine, seen, "post", who, {"name": "A"})
    for _ in range(2):  # used, then gone
        await answers_validate(http, "/api/handover/{code}", f"/api/handover/{made.json()['code']}", seen, "post")
    for who in (None, host.token):
        await answers_validate(http, "/api/players/{player}/handover", mine, seen, "delete", who)
    await passkeys_answer_as_described(http, seen, host)


async def passkeys_answer_as_described(http: httpx.AsyncClient, seen: set[str], host: Any) -> None:
    """Passkey options asked from the site's own page (and not from elsewhere, nor by
    another), a credential and an assertion that do not verify (tests/web make real ones)."""
    site = {"Origin": str(http.base_url).rstrip("/")}
    options, add = f"/api/players/{host.player}/passkeys/options", f"/api/players/{host.player}/passkeys"
    for who in (None, host.token):
        await answers_validate(http, "/api/players/{player}/passkeys/options", options, seen, "post", who)
    for origin in ({"Origin": "https://elsewhere.example"}, site):
        http.headers.update(origin)
        await answers_validate(http, "/api/players/{player}/passkeys/options", options, seen, "post", host.token)
        await answers_validate(http, "/api/passkeys/options", "/api/passkeys/options", seen, "post")
    await answers_validate(http, "/api/players/{player}/passkeys", add, seen, "post", host.token, {"id": "x"})
    await answers_validate(http, "/api/passkeys", "/api/passkeys", seen, "post", None, {"id": "x"})
    for who in (None, "not.a.token", host.token):  # tests/server/identity/test_passkeys.py lists real ones
        await answers_validate(http, "/api/players/{player}/passkeys", add, seen, "get", who)
        await answers_validate(http, "/api/players/{player}/passkeys/{credential}", f"{add}/x", seen, "delete", who)
    del http.headers["Origin"]


async def the_notifications_answer_as_described(http: httpx.AsyncClient, seen: set[str], waiting: Any) -> None:
    """The push key; a device subscribed and unsubscribed, settings read and changed, by the
    player, another and nobody; a subscription and settings refused."""
    deadline = asyncio.get_running_loop().time() + 20
    while (await answers_validate(http, "/api/push/key", "/api/push/key", seen)).status_code != 200:
        assert asyncio.get_running_loop().time() < deadline, "the push key was never made"
        await asyncio.sleep(0.3)
    host, guest = waiting.players
    push, settings = f"/api/players/{host.player}/push", f"/api/players/{host.player}/notifications"
    device = {"endpoint": "https://push.example.net/send/openapi", "device": "phone",
              "keys": {"p256dh": "B" + "A" * 86, "auth": "A" * 22}}  # fmt: skip
    while (await answers_validate(http, "/api/players/{player}/notifications", settings, seen, "get",
                                  host.token)).status_code == 503:  # fmt: skip
        assert asyncio.get_running_loop().time() < deadline, "the notification settings never opened"
        await asyncio.sleep(0.3)
    for who in (host.token, guest.token, None):
        await answers_validate(http, "/api/players/{player}/push", push, seen, "post", who, device)
        await answers_validate(http, "/api/players/{player}/notifications", settings, seen, "put", who,
                               {"events": ["turn"], "email": "ada@example.org"})  # fmt: skip
        await answers_validate(http, "/api/players/{player}/push", push, seen, "delete", who, device)
    await answers_validate(http, "/api/players/{player}/push", push, seen, "post", host.token,
                           {**device, "endpoint": "http://push.example.net/x"})  # fmt: skip
    await answers_validate(http, "/api/players/{player}/notifications", settings, seen, "put", host.token,
                           {"events": ["never"]})  # fmt: skip


async def the_tournaments_answer_as_described(http: httpx.AsyncClient, seen: set[str], waiting: Any,
                                              redis_url: str) -> None:  # fmt: skip
    """A tournament made by an operator (and refused without a token, or with bad terms),
    listed, read, entered and left by a player (and not without a token), none such; its
    final result asked before it is over (tests/server/tournaments/test_director.py reads
    one archived)."""
    token, player = await operator_token(redis_url, "openapi"), waiting.players[1]
    terms = {"name": "Friday Swiss", "kind": "swiss", "game": "vikings", "size": 2, "rounds": 3,
             "starts": int(time.time() * 1000) + 3_600_000, "clock": {"total": 600, "increment": 5}}  # fmt: skip
    for who, body in ((None, terms), (token, {**terms, "clock": None}), (token, terms)):
        made = await answers_validate(http, "/api/tournaments", "/api/tournaments", seen, "post", who, body)
    tid = made.json()["id"]
    await answers_validate(http, "/api/tournaments", "/api/tournaments", seen)
    entries = "/api/tournaments/{tid}/players"
    for who, method in ((None, "post"), (player.token, "post"), (player.token, "delete"), (player.token, "post")):
        await answers_validate(http, entries, f"/api/tournaments/{tid}/players", seen, method, who, {"name": "Astrid"})
    await answers_validate(http, entries, "/api/tournaments/nosuch/players", seen, "post", player.token)
    one = await answers_validate(http, "/api/tournaments/{tid}", f"/api/tournaments/{tid}", seen)
    assert [p["name"] for p in one.json()["players"]] == ["Astrid"]
    await answers_validate(http, "/api/tournaments/{tid}", "/api/tournaments/nosuch", seen)
    for url in (f"/api/tournaments/{tid}/result", "/api/tournaments/nosuch/result"):  # not over; none such
        await answers_validate(http, "/api/tournaments/{tid}/result", url, seen)
    # (test_director lists one over)
    for query in ("", "?limit=2&before=1795822973740&after=t1&game=vikings", "?limit=0", "?before=x", "?after=t1"):
        await answers_validate(http, "/api/tournaments/past", f"/api/tournaments/past{query}", seen)


async def the_social_routes_answer_as_described(http: httpx.AsyncClient, seen: set[str], waiting: Any) -> None:
    """Friends, blocks, invitations and reports: with the player's token, with none, about
    oneself and about another."""
    host, guest = waiting.players
    for path, other in (("/api/friends/{player}", "/api/friends"), ("/api/blocks/{player}", "/api/blocks")):
        url = path.replace("{player}", guest.player)
        for method in ("put", "delete"):
            await answers_validate(http, path, url, seen, method, host.token, {"name": "Guest"})
        await answers_validate(http, path, path.replace("{player}", host.player), seen, "put", host.token)
        await answers_validate(http, path, url, seen, "put", None)
        await answers_validate(http, path, url, seen, "put", host.token, {"name": "Guest"})
        await answers_validate(http, other, other, seen, "get", host.token)
        await answers_validate(http, other, other, seen, "get", None)
    await http.delete(f"/api/blocks/{guest.player}", headers={"Authorization": f"Bearer {host.token}"})
    await answers_validate(http, "/api/invitations", "/api/invitations", seen, "get", guest.token)
    await answers_validate(http, "/api/invitations", "/api/invitations", seen, "get", None)
    for who in (guest.token, None):
        await answers_validate(http, "/api/invitations/{room}", "/api/invitations/nosuchroom", seen, "delete", who)
    report = {"player": guest.player, "name": "Guest", "room": waiting.room, "reason": "openapi"}
    for who, body in ((host.token, report), (host.token, {"player": guest.player}), (None, report)):
        await answers_validate(http, "/api/reports", "/api/reports", seen, "post", who, body)


async def the_console_answers_as_described(http: httpx.AsyncClient, seen: set[str], waiting: Any,
                                           redis_url: str) -> None:  # fmt: skip
    """Every route of the operators' console, as the bearer of an operator's token, of a
    player's and of none; every action on the room `waiting` (open) and on none."""
    token, player = await operator_token(redis_url, "openapi"), waiting.players[1]
    room, socket = waiting.room, "nosuchsocket"
    for path, method in [("/api/admin", "get"), ("/api/admin/rooms", "get"), ("/api/admin/queues", "get"),
                         ("/api/admin/metrics", "get"), ("/api/admin/sockets", "get")]:  # fmt: skip
        for who in (token, player.token, None):
            await answers_validate(http, path, path, seen, method, who)
    sockets = (await http.get("/api/admin/sockets", params={"player": player.player}, headers=bearer(token))).json()
    for r in (room, "nosuchroom"):
        await answers_validate(http, "/api/admin/rooms/{room}", f"/api/admin/rooms/{r}", seen, "get", token)
        await answers_validate(http, "/api/admin/rooms/{room}/end", f"/api/admin/rooms/{r}/end", seen, "post", token)
    remove = "/api/admin/rooms/{room}/players/{player}/remove"
    for r in (room, room, "nosuchroom"):  # removed, then not seated, then no room
        await answers_validate(http, remove, f"/api/admin/rooms/{r}/players/{player.player}/remove", seen, "post",
                               token)  # fmt: skip
    for s in (sockets["sockets"][0]["socket"], socket, "othernode.7f"):  # closed, none such, another node's
        await answers_validate(http, "/api/admin/sockets/{socket}/close", f"/api/admin/sockets/{s}/close", seen,
                               "post", token)  # fmt: skip
    await answers_validate(http, "/api/admin/players/{player}/revoke", "/api/admin/players/op:nobody/revoke", seen,
                           "post", token)  # fmt: skip
    for url in ("/api/admin/actions", "/api/admin/actions?limit=2", "/api/admin/actions?limit=x"):
        await answers_validate(http, "/api/admin/actions", url, seen, "get", token)
    for url, who in (("/api/admin/reports", token), ("/api/admin/reports?limit=x", token),
                     ("/api/admin/reports", player.token), ("/api/admin/reports", None)):  # fmt: skip
        await answers_validate(http, "/api/admin/reports", url, seen, "get", who)


async def test_the_node_serves_both_documents(server) -> None:
    async with httpx.AsyncClient(base_url=server.http) as http:
        for name in ("openapi.yaml", "asyncapi.yaml"):
            res = await http.get(f"/api/{name}")
            assert res.status_code == 200 and res.headers["content-type"].startswith("application/yaml")
            assert res.content == (DOC_PATH.parent / name).read_bytes()
