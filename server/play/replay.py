"""Replaying a game from its revealed seed and its log: the check behind fair randomness.

`replay` is the pure part (the SQL archive reuses it for finished games it holds): set
the game up from the seed and apply the logged moves in order. `verify` compares what it
gives with the recorded room: the seed hashes to the commitment shown during the game,
every logged move is accepted again by the seat that made it, and the final state —
every draw, shuffle and roll, with the random generators' counters — and the result
equal the recorded ones. `check_room` reads a room from Redis (`GET
/api/rooms/{id}/replay/check` and `longhall replay ROOM` use it). A running game is not
replayed: its seed is secret until the end. `Checks` keeps the checks of finished rooms:
a finished room's check never changes, so the route replays each room once.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any, cast

import msgpack
from redis.asyncio import Redis

from protocol.diff import strict_equal
from server.games import registry
from server.games.contract import Game, IllegalMove, State
from server.games.rng import drawn
from server.play import host, undo
from server.rooms import document as rm
from server.rooms import fairness as fair
from server.rooms import transition
from server.storage.keys import keys

Moves = list[tuple[int, Any]]
STAMPS = (undo.stamp,)  # the features' stamps on a commit, as the node passes them to the room service


class ReplayError(Exception):
    """The room cannot be replayed (unknown, still running, or a move is refused)."""


def replay(game: Game, options: dict[str, Any], players: int, seed: str | int, moves: Moves) -> State:
    """The final state after `moves` [(seat, move)] from `seed` (the revealed seed string,
    or an engine seed int); raises ReplayError naming the first move refused."""
    state = game.setup(players, options, fair.engine_seed(seed) if isinstance(seed, str) else seed)
    for n, (seat, move) in enumerate(moves, 1):
        try:
            state = game.apply(state, seat, move)
        except IllegalMove as exc:
            raise ReplayError(f"move {n} (seat {seat}) is refused on replay: {exc}") from None
    return state


@dataclass
class Check:
    room: str
    game: str
    moves: int
    draws: int  # random draws the replay made (the generators' counters)
    seed: str
    seed_hash: str
    seed_matches_commitment: bool
    state_matches: bool
    result_matches: bool
    problem: str = ""  # the first move refused on replay, if any
    engine: int = 1  # the engine version replayed: the one the game was played on
    source: str = "live"  # "live": a room still in Redis; "archive": an archived game

    @property
    def ok(self) -> bool:
        return self.seed_matches_commitment and self.state_matches and self.result_matches

    def report(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


draws = drawn  # how many draws the seeded generators in a state made


def documents(final: rm.Doc, log: list[dict[str, Any]], game: Game | None = None) -> list[rm.Doc]:
    """The room document after every commit (index = seq), rebuilt from the log and the
    final document (options, seat count, revealed seed): what each socket's view had to
    be at every seq. Needs a finished game (its seed) when the game started."""
    game = game or engine_for(final)
    docs: list[rm.Doc] = []
    doc = cast(rm.Doc, {})  # a log starts with its room's creation
    for entry in log:
        kind = entry["k"]
        if kind == "create":
            doc = rm.new_doc(
                game, final["options"], len(final["seats"]), final["private"], entry["player"], entry["name"]
            )
            if final.get("undo_on"):
                doc["undo_on"] = True
            if final.get("spectator_delay") is not None:
                doc["spectator_delay"] = final["spectator_delay"]
        elif kind == "matched":
            doc = {**rm.new_doc(game, final["options"], len(final["seats"]), False, entry["players"][0], ""),
                   "seats": final["seats"]}  # fmt: skip
            doc = fair.deal(game, doc, final["seed"])
        elif kind == "join":
            doc = rm.with_seat(doc, entry["seat"], {"player": entry["player"], "name": entry["name"]})
        elif kind == "leave":
            doc = rm.with_seat(doc, entry["seat"], None)
        elif kind == "kick":
            doc = host.removed(doc, entry["seat"])
        elif kind == "unban":
            doc = host.unbanned(doc, entry["player"])
        elif kind == "start":
            doc = fair.deal(game, doc, final["seed"])
        elif kind == "move":
            seat, move = entry["seat"], entry["move"]
            state = game.apply(doc["state"], seat, move)
            new = rm.decided(doc, game, seat, move, state, game.result(state), len(docs))  # as Rooms.decision
            doc = transition.marked(game, doc, new, entry, len(docs), STAMPS)  # as Rooms.commit
        elif kind == "undo":
            doc = undo.undone(game, doc, entry["seat"], len(docs))
        elif kind == "abandon":
            doc = rm.abandoned(doc)
        elif kind == "forfeit":
            doc = rm.forfeited(doc, entry["seat"])
        elif kind == "claim":
            doc = rm.forfeited(doc, entry["seats"], claimed=True)
        docs.append(doc)
    return docs


def engine_for(doc: rm.Doc | dict[str, Any]) -> Game:
    """The engine a room or an archived game was played on (its recorded version)."""
    game = registry.engine(doc["game"], rm.engine_of(doc))
    if game is None:
        raise ReplayError(f"this server does not run {doc['game']!r} version {rm.engine_of(doc)}")
    return game


def moves_of(log: list[dict[str, Any]]) -> Moves:
    """The decisions that stand, in order: an `undo` entry takes back the latest one (server.play.undo)."""
    return [(e["seat"], e["move"]) for e in undo.moves_kept(log)]


def verify(room: str, doc: rm.Doc, log: list[dict[str, Any]]) -> Check:
    """Replay a finished room's log from its revealed seed and compare with the record."""
    game = engine_for(doc)
    if doc["status"] != rm.OVER or "seed" not in doc:
        raise ReplayError("the seed is revealed when the game ends: replay it then")
    moves = moves_of(log)
    try:
        final = replay(game, doc["options"], len(doc["seats"]), doc["seed"], moves)
    except ReplayError as exc:  # the log does not follow from this seed
        final, problem = None, str(exc)
    else:
        problem = ""
    recorded = {k: v for k, v in (doc["result"] or {}).items() if k not in ("seed", "seed_hash")}
    result = None if final is None else game.result(final)
    abandoned = bool(recorded.get("abandoned"))  # ended for want of players: no engine result
    return Check(
        room=room,
        game=doc["game"],
        moves=len(moves),
        draws=draws(final) if final is not None else 0,
        seed=doc["seed"],
        seed_hash=doc["seed_hash"],
        seed_matches_commitment=fair.commitment(doc["seed"]) == doc["seed_hash"],
        state_matches=final is not None and strict_equal(final, doc["state"]),
        result_matches=final is not None and ((result is None) if abandoned else strict_equal(result, recorded)),
        problem=problem,
        engine=rm.engine_of(doc),
    )


def verify_archived(rec: dict[str, Any]) -> Check:
    """Replay an archived game (`GameRecord.as_json`) on the engine version it was played
    on and compare with what the archive kept. The archive keeps no final state, so here
    `state_matches` says every decision was accepted again from the seed in its order."""
    game = engine_for(rec)
    seed, result = rec.get("seed"), rec.get("result") or {}
    if not isinstance(seed, str) or rec.get("moves") is None:
        raise ReplayError("only a finished game dealt from a revealed seed is checked")
    moves = [(m["seat"], m["move"]) for m in rec["moves"]]
    try:
        final = replay(game, rec["options"], len(rec["seats"]), seed, moves)
    except ReplayError as exc:
        final, problem = None, str(exc)
    else:
        problem = ""
    recorded = {k: v for k, v in result.items() if k not in ("seed", "seed_hash")}
    replayed = None if final is None else game.result(final)
    abandoned = bool(recorded.get("abandoned"))
    seed_hash = str(result.get("seed_hash", ""))
    return Check(
        room=rec["room"],
        game=rec["game"],
        moves=len(moves),
        draws=draws(final) if final is not None else 0,
        seed=seed,
        seed_hash=seed_hash,
        seed_matches_commitment=fair.commitment(seed) == seed_hash,
        state_matches=final is not None,
        result_matches=final is not None and ((replayed is None) if abandoned else strict_equal(replayed, recorded)),
        problem=problem,
        engine=rm.engine_of(rec),
        source="archive",
    )


async def check_room(redis: Redis, room: str) -> Check:
    raw: Any = await redis.hget(keys(room)[0], "doc")
    if raw is None:
        raise KeyError(room)
    return await checked(redis, room, raw)


async def checked(redis: Redis, room: str, raw: bytes) -> Check:
    """The check of `room` whose document reads `raw` (msgpack), against its log."""
    entries: Any = await redis.xrange(keys(room)[1])
    log = [msgpack.unpackb(fields[b"entry"], raw=False) for _, fields in entries]
    return verify(room, msgpack.unpackb(raw, raw=False), log)


ARCHIVED = b"archive"  # what an archived game's kept check is kept under (it has no document)


class Checks:
    """`check_room` answered once per finished room (issue 36, hole 2: each check replayed
    the whole game, so asking again and again cost the node a game each time). A room's
    check is kept with a digest of the document it was made from and given again while
    the room's document is that one (a finished room's document and log are final);
    checks asked while the room's replay runs wait for that one. The `size` rooms asked
    most recently are kept."""

    def __init__(self, redis: Redis, size: int = 256) -> None:
        self.redis = redis
        self.size = size
        self.kept: OrderedDict[str, tuple[bytes, Check]] = OrderedDict()
        self.running: dict[tuple[str, bytes], asyncio.Task[Check]] = {}

    async def check(self, room: str) -> Check:
        raw: Any = await self.redis.hget(keys(room)[0], "doc")  # bytes: the client decodes nothing
        if raw is None:
            raise KeyError(room)
        digest = hashlib.blake2b(raw, digest_size=16).digest()
        kept = self._kept(room, digest)
        if kept is not None:
            return kept
        task = self.running.get((room, digest))
        if task is None:
            task = self.running[room, digest] = asyncio.create_task(self._replay(room, raw, digest))
            task.add_done_callback(lambda done: self._ran((room, digest), done))
        return await asyncio.shield(task)  # a waiter that leaves does not stop the others' replay

    async def _replay(self, room: str, raw: bytes, digest: bytes) -> Check:
        check = await checked(self.redis, room, raw)  # ReplayError while the game runs: nothing kept
        return self._keep(room, digest, check)

    async def check_archived(self, room: str, fetch: Callable[[], Awaitable[dict[str, Any] | None]]) -> Check:
        """The check of an archived game (`verify_archived`) that `fetch` reads (KeyError:
        none), kept like a live room's: an archived game never changes, so a kept check is
        given again without reading the archive."""
        kept = self._kept(room, ARCHIVED)
        if kept is not None:
            return kept
        rec = await fetch()
        if rec is None:
            raise KeyError(room)
        return self._keep(room, ARCHIVED, await asyncio.to_thread(verify_archived, rec))

    def _kept(self, room: str, digest: bytes) -> Check | None:
        kept = self.kept.get(room)
        if kept is None or kept[0] != digest:
            return None
        self.kept.move_to_end(room)
        return kept[1]

    def _keep(self, room: str, digest: bytes, check: Check) -> Check:
        self.kept[room] = (digest, check)
        self.kept.move_to_end(room)
        while len(self.kept) > self.size:
            self.kept.popitem(last=False)
        return check

    def _ran(self, key: tuple[str, bytes], task: asyncio.Task[Check]) -> None:
        del self.running[key]
        if not task.cancelled():
            task.exception()  # told to every waiter; looked at here in case none is left
