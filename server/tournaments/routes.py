"""Tournaments over HTTP: listed and read by anyone, made by an operator, entered and left
by a player with its token (`Authorization: Bearer <token>`, the `welcome` token).

    GET    /api/tournaments                    those not over (soonest first), then the latest over
    POST   /api/tournaments                    an operator makes one (server.tournaments.event: its terms)
    GET    /api/tournaments/{tid}              one whole: terms, status, players, standings, rounds played
                                               (from the archive once Redis has forgotten it)
    GET    /api/tournaments/{tid}/result       its final result, from the archive (409 until it is there)
    GET    /api/tournaments/past               those over as the archive keeps them, the latest first
                                               (?before=MS&limit=N&game=G: a page; `next` the following)
    POST   /api/tournaments/{tid}/players      the token's player enters it ({"name": ...})
    DELETE /api/tournaments/{tid}/players      the token's player leaves it (before it starts)

A player finds its table (a room it is seated at, already started) in the tournament's
rounds played, and joins it as any seated player does once the round is `playing` (while
it is `seating` its rooms are being made).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from redis.asyncio import Redis
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from server.archive.records import from_ms
from server.archive.routes import BadQuery, bounded
from server.identity.ids import clean_name
from server.identity.tokens import Tokens
from server.runtime.bearer import CHALLENGE, bearer
from server.tournaments import final, listing
from server.tournaments.director import wall_ms
from server.tournaments.event import EventError, terms

if TYPE_CHECKING:
    from server.archive.repository import Archive


class Tournaments:
    """What the routes need: Redis, the node's tokens and its archive (`archive_of()`:
    None while it opens)."""

    def __init__(self, redis: Redis, tokens: Tokens, archive_of: Callable[[], Archive | None] = lambda: None) -> None:
        self.redis, self.tokens, self.archive_of = redis, tokens, archive_of


def _answer(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return JSONResponse(body, status, headers)


def _service(request: Request) -> Tournaments | None:
    return getattr(request.app.state.node, "tournaments", None)


def _unauthorized(detail: str) -> Response:
    return _answer({"error": "unauthorized", "detail": detail}, 401, {"WWW-Authenticate": CHALLENGE})


def _starting() -> Response:
    return _answer({"error": "unavailable", "detail": "the node is starting"}, 503)


async def _body(request: Request) -> Any:
    try:
        return json.loads(await request.body() or b"{}")
    except ValueError:
        return None


async def index(request: Request) -> Response:
    if request.method == "POST":
        return await make(request)
    t = _service(request)
    if t is None:
        return _starting()
    return _answer({"tournaments": await listing.listed(t.redis)})


async def make(request: Request) -> Response:
    t = _service(request)
    if t is None:
        return _starting()
    token = bearer(request.headers)
    operator = await t.tokens.verify_admin(token) if token else None
    if operator is None:
        return _unauthorized("an operator makes tournaments: send an operator's token (longhall admin-token) "
                             "as Authorization: Bearer <token>")  # fmt: skip
    try:
        ev = terms(secrets.token_hex(5), await _body(request), wall_ms())
    except EventError as exc:
        return _answer({"error": "bad_field", "detail": str(exc)}, 400)
    await listing.create(t.redis, ev)
    return _answer(await listing.state(t.redis, ev.id), 201)


def _archive(request: Request) -> tuple[Tournaments, Archive] | Response:
    """The node's tournaments and its archive, or 503 while either is not open yet."""
    t = _service(request)
    archive = None if t is None else t.archive_of()
    return _starting() if t is None or archive is None else (t, archive)


def _unknown() -> Response:
    return _answer({"error": "unknown_tournament", "detail": "no such tournament"}, 404)


async def one(request: Request) -> Response:
    """From Redis while it keeps the tournament; from the archive after (its result)."""
    t = _service(request)
    if t is None:
        return _starting()
    tid = request.path_params["tid"]
    found = await listing.state(t.redis, tid)
    if found is not None:
        return _answer(found)
    archive = t.archive_of()
    if archive is None:
        return _starting()
    rec = await archive.tournament(tid)
    return _unknown() if rec is None else _answer(final.shown(rec))


async def result(request: Request) -> Response:
    """The final result as the archive keeps it: 409 while the tournament is not over (or
    its result is on its way to the archive), 404 for none such."""
    got = _archive(request)
    if isinstance(got, Response):
        return got
    t, archive = got
    tid = request.path_params["tid"]
    rec = await archive.tournament(tid)
    if rec is not None:
        return _answer(final.shown(rec))
    found = await listing.event_of(t.redis, tid)
    if found is None:
        return _unknown()
    return _answer({"error": "not_over", "detail": f"the tournament is {found[1]}: no final result yet"}, 409)


PAST_PAGE, PAST_MOST = 50, 200  # tournaments over a page, by default and at most
ID_MOST = 64  # characters of a tournament id a query may name


async def past(request: Request) -> Response:
    """The archive's tournaments over, the latest first: a page of them ending before
    `before` (ms) or at it with an id after `after`, and `next` and `after`, where the page
    after begins (`next` None: no more)."""
    try:  # a bad query is answered as such, whether or not the archive is open
        limit = bounded(request, "limit", PAST_PAGE, 1, PAST_MOST)
        before = bounded(request, "before", 0, 0, 10**14)
    except BadQuery as exc:
        return _answer({"error": "bad_field", "detail": str(exc)}, 400)
    after = request.query_params.get("after") or None
    if after is not None and (len(after) > ID_MOST or not before):
        return _answer({"error": "bad_field", "detail": f"after: a tournament id (at most {ID_MOST} characters), "
                                                        "with the `before` it ended at"}, 400)  # fmt: skip
    got = _archive(request)
    if isinstance(got, Response):
        return got
    _, archive = got
    game = request.query_params.get("game")
    when = from_ms(before) if before else None
    rows = await archive.past_tournaments(when, limit, game, after)
    more = len(rows) == limit
    return _answer({"tournaments": rows, "next": rows[-1]["ended"] if more else None,
                    "after": rows[-1]["id"] if more else None})  # fmt: skip


async def players(request: Request) -> Response:
    t = _service(request)
    if t is None:
        return _starting()
    token = bearer(request.headers)
    who = await t.tokens.verify(token) if token else None
    if who is None:
        return _unauthorized("send your token (the `welcome` token) as Authorization: Bearer <token>")
    tid = request.path_params["tid"]
    try:
        if request.method == "DELETE":
            await listing.withdraw(t.redis, tid, who.player)
            return _answer({"tournament": tid, "player": who.player, "entered": False})
        body = await _body(request)
        name = clean_name(body.get("name") if isinstance(body, dict) else None) or who.name or "Player"
        entry = await listing.enter(t.redis, tid, who.player, name, wall_ms())
    except KeyError:
        return _unknown()
    except listing.Closed as exc:
        return _answer({"error": "closed", "detail": str(exc)}, 409)
    return _answer({"tournament": tid, "player": who.player, "entered": True, **entry})


def routes() -> list[Route]:
    return [
        Route("/api/tournaments", index, methods=["GET", "POST"]),
        Route("/api/tournaments/past", past, methods=["GET"]),
        Route("/api/tournaments/{tid}", one, methods=["GET"]),
        Route("/api/tournaments/{tid}/result", result, methods=["GET"]),
        Route("/api/tournaments/{tid}/players", players, methods=["POST", "DELETE"]),
    ]
