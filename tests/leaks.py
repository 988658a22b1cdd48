"""The leak checker: random games over real sockets, judged on the frames each socket
received (the wire bytes), never on the view function alone.

Every player sits on two sockets (the same token); before the start players give seats
up from either socket and take other seats, a passer-by sits down and is removed or
leaves, and spectators (some of them seated players on a third socket) come and go
during the game. Afterwards the room document at every seq is rebuilt from the Redis
log and the revealed seed (server.play.replay.documents), and each socket's frames are
replayed: a snapshot or diff may only reach a seated socket while its player holds that
seat, and the view the socket's frames build must equal, at every seq, the view of the
seat its player held then (the public view for a spectator socket). So no frame can
carry private data of a seat that socket's player did not hold.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import jsonpatch
import msgpack
import redis.asyncio as aioredis

from clients.python.bot import play
from clients.python.client import Client
from protocol.diff import strict_equal
from server.games import registry
from server.games.contract import Game
from server.play.replay import documents
from server.rooms import document as rm
from server.storage.keys import keys
from tests.toygame import GAME as HIGHCARD


def game_of(name: str) -> Game:
    game = registry.get(name) or {"highcard": HIGHCARD}.get(name)
    assert game is not None
    return game


class WireClient(Client):
    """The reference client, keeping every frame it receives as bytes."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.wire: list[bytes] = []

    def _safely(self, data: bytes) -> None:
        self.wire.append(data)
        super()._safely(data)


@dataclass
class Stats:
    probes: int = 0  # seated sockets whose frames, judged as a spectator's, were caught
    games: int = 0
    sockets: int = 0
    frames: int = 0
    views: int = 0  # snapshot/diff frames checked against the rightful view
    moves: int = 0
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # games that did not finish
    secrets: Counter[str] = field(default_factory=Counter)  # seat-only fields seen non-empty, by name

    def add(self, other: Stats) -> None:
        self.probes += other.probes
        self.games += other.games
        self.sockets += other.sockets
        self.frames += other.frames
        self.views += other.views
        self.moves += other.moves
        self.failures += other.failures
        self.secrets += other.secrets


def own_secrets(seat_view: dict[str, Any], public: dict[str, Any], seat: int) -> set[str]:
    """The fields of a seat's own entry (`table.seats[seat]`) that only its view carries,
    non-empty (a hand, card-private state): what the checker guards in this view."""
    mine, theirs = (v.get("table") or {} for v in (seat_view, public))
    if not isinstance(mine.get("seats"), list) or seat >= len(mine["seats"]):
        return set()
    own, shown = mine["seats"][seat], theirs["seats"][seat]
    if not isinstance(own, dict):
        return set()
    return {k for k, v in own.items() if k not in shown and v not in (None, [], {}, 0)}


Verdict = tuple[str | None, set[str]]  # a frame's failure (None: it gives the rightful view), secrets guarded


class Judge:
    """The rightful views of one room, and the verdict on each frame already judged: the
    sockets of one seat receive the same bytes, so each frame is judged once per seat."""

    def __init__(self, room: str, docs: list[rm.Doc]) -> None:
        self.room, self.docs, self.game = room, docs, game_of(docs[0]["game"])
        self.views: dict[tuple[int, int | None], dict[str, Any]] = {}
        self.verdicts: dict[tuple[bytes, int | None], Verdict] = {}

    def rightful(self, seq: int, seat: int | None) -> dict[str, Any]:
        if (seq, seat) not in self.views:
            self.views[seq, seat] = rm.view(self.docs[seq], self.game, self.room, seat)
        return self.views[seq, seat]

    def frame(self, raw: bytes, msg: dict[str, Any], seat: int | None) -> Verdict:
        if (raw, seat) not in self.verdicts:
            self.verdicts[raw, seat] = self._judge(msg, seat)
        return self.verdicts[raw, seat]

    def _judge(self, msg: dict[str, Any], seat: int | None) -> Verdict:
        t, seq = msg["t"], msg["seq"]
        # each frame on its own: a snapshot is the rightful view; a diff turns the
        # rightful view at seq-1 into the one at seq (a socket may see seq gaps and
        # resync, so the frames before it are no base to judge a diff on)
        if t == "snapshot":
            view = msg["view"]
        else:
            try:
                view = jsonpatch.apply_patch(_copy(self.rightful(seq - 1, seat)), msg["ops"])
            except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
                return f"diff at seq {seq} does not apply to seat {seat}'s view", set()
        secrets = set() if seat is None else own_secrets(self.rightful(seq, seat), self.rightful(seq, None), seat)
        want = self.rightful(seq, seat)
        if not strict_equal(view, want):
            keys = sorted(k for k in set(view) | set(want) if view.get(k) != want.get(k))
            return f"{t} at seq {seq} does not give seat {seat}'s view (differs in {keys})", secrets
        return None, secrets


def _copy(view: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a view (msgpack-able by contract) at C speed."""
    return msgpack.unpackb(msgpack.packb(view), raw=False, strict_map_key=False)  # type: ignore[no-any-return]


def check_wire(sock: WireClient, room: str, docs: list[rm.Doc], stats: Stats, as_spectator: bool = False,
               judge: Judge | None = None) -> None:  # fmt: skip
    """Replay one socket's frames for `room` against the rightful views (`as_spectator`:
    judge a seated socket's frames as if it only watched — the checker's self-test)."""
    judge = judge or Judge(room, docs)
    role: int | None | str = "out"  # a seat, None (spectating) or "out"
    name = f"{sock.player}"

    for raw in sock.wire:
        msg = msgpack.unpackb(raw, raw=False, strict_map_key=False)
        stats.frames += 1
        if msg.get("room") != room:
            continue
        t = msg["t"]
        if t == "joined":
            role = None if as_spectator else msg["seat"]
        elif t == "left":
            role = "out"
        elif t in ("snapshot", "diff"):
            seq = msg["seq"]
            if role == "out":
                stats.failures.append(f"{name}: {t} at seq {seq} after leaving the room")
                continue
            doc = docs[seq]
            if role is not None and rm.seat_of(doc, sock.player or "") != role:
                stats.failures.append(f"{name}: {t} of seat {role} at seq {seq}, held by another")
                continue
            seat = role if isinstance(role, int) else None
            failure, secrets = judge.frame(raw, msg, seat)
            stats.secrets.update(secrets)
            if failure is not None:
                stats.failures.append(f"{name}: {failure}")
            stats.views += 1
        elif t == "over" and not strict_equal(msg["result"], docs[-1]["result"]):
            stats.failures.append(f"{name}: over carries another result")


async def room_record(redis_url: str, room: str) -> tuple[rm.Doc, list[dict[str, Any]]]:
    """A room's document as it stands in Redis and every entry of its log."""
    r = aioredis.Redis.from_url(redis_url)
    try:
        final = msgpack.unpackb(await r.hget(keys(room)[0], "doc"), raw=False)
        log = [msgpack.unpackb(f[b"entry"], raw=False) for _, f in await r.xrange(keys(room)[1])]
    finally:
        await r.aclose()
    return final, log


async def connect(url: str, name: str, token: str | None = None) -> WireClient:
    return await WireClient(url, name=name, token=token, reconnect=False).connect()  # type: ignore[return-value]


async def one_game(urls: list[str], redis_url: str, game: str, seats: int, options: dict[str, Any],
                   seed: int) -> Stats:  # fmt: skip
    """Play one random game with seat changes and spectators; check every socket."""
    rng = random.Random(seed)
    url = lambda: rng.choice(urls)  # noqa: E731
    socks: list[WireClient] = []
    stats = Stats(games=1)
    try:
        players = []
        for i in range(seats + 1):  # one passer-by more than seats
            a = await connect(url(), f"p{i}")
            players.append((a, await connect(url(), f"p{i}", a.token)))
        spectators = [await connect(url(), f"s{i}") for i in range(2)]
        socks = [s for pair in players for s in pair] + spectators
        host, host2 = players[0]
        room = (await host.create(game, options, seats=seats)).room
        await host2.join(room)
        for a, b in players[1:seats]:
            await a.join(room)
            await b.join(room)
        await spectators[0].spectate(room)
        await _reseat(room, players, seats, rng)
        if rng.random() < 0.5:  # a seated player also watches the public view
            extra = await connect(url(), "p1", players[1][0].token)
            socks.append(extra)
            await extra.spectate(room)
        await host.start(room)
        seated = [a for a, _ in players if a.rooms.get(room) is not None and a.rooms[room].seat is not None]
        bots = [play(a, room, random.Random(rng.random())) for a in seated]
        await asyncio.gather(*bots, _watchers(room, spectators[1], rng))
        for s in spectators[:1]:
            await s.wait_until(lambda s=s: s.rooms[room].result is not None)
        await asyncio.sleep(0.05)
        final, log = await room_record(redis_url, room)
        docs = documents(final, log, game_of(game))
        stats.moves = sum(e["k"] == "move" for e in log)
        judge = Judge(room, docs)
        for s in socks:
            check_wire(s, room, docs, stats, judge=judge)
        if PRIVATE.get(game):  # the checker catches a seat's hand on a watcher's socket
            probe = Stats()
            check_wire(players[0][0], room, docs, probe, as_spectator=True, judge=judge)
            stats.probes += bool(probe.failures)
        stats.sockets = len(socks)
    finally:
        for s in socks:
            await s.close()
    return stats


async def _reseat(room: str, players: list[tuple[WireClient, WireClient]], seats: int, rng: random.Random) -> None:
    """Before the start: a player gives the seat up from one socket, the passer-by sits
    there and is removed by the host or leaves, the first player sits down again."""
    host = players[0][0]
    if seats < 2:
        return
    i = rng.randrange(1, seats)
    a, b = players[i]
    seat = a.rooms[room].seat
    await rng.choice((a, b)).leave(room)
    await a.wait_until(lambda: room not in a.rooms)
    await b.wait_until(lambda: room not in b.rooms)
    x, x2 = players[seats]
    await x.join(room, seat)
    await x2.join(room)
    if rng.random() < 0.5:
        await host.kick(room, seat)  # type: ignore[arg-type]
    else:
        await rng.choice((x, x2)).leave(room)
    await x.wait_until(lambda: room not in x.rooms)
    await x2.wait_until(lambda: room not in x2.rooms)
    await a.join(room, seat)
    if rng.random() < 0.5:
        await b.join(room)


async def _watchers(room: str, spectator: WireClient, rng: random.Random) -> None:
    """A spectator who comes and goes while the game runs."""
    for _ in range(3):
        await asyncio.sleep(rng.random() * 0.3)
        await spectator.spectate(room)
        await asyncio.sleep(rng.random() * 0.3)
        await spectator.leave(room)


PRIVATE = {"highcard": True, "feast": True}  # games with per-seat secrets (hands, card-private state)
TABLES = {
    "highcard": (3, {}),
    "vikings": (2, {}),
    "hunters": (2, {}),
    "feast": (2, {"length": "short", "decks": "mixed"}),  # every deck's cards, so card-private state too
}


async def campaign(urls: list[str], redis_url: str, game: str, games: int, parallel: int = 4,
                   seed: int = 0) -> Stats:  # fmt: skip
    seats, options = TABLES[game]
    total = Stats()
    for start in range(0, games, parallel):
        batch = [
            one_game(urls, redis_url, game, seats, options, seed + n)
            for n in range(start, min(games, start + parallel))
        ]
        for s in await asyncio.gather(*batch, return_exceptions=True):
            if isinstance(s, BaseException):  # a game that could not be played out is reported
                total.errors.append(f"{type(s).__name__}: {s}"[:200])
            else:
                total.add(s)
    return total


def main() -> None:
    """`python -m tests.leaks --game feast --games 50`: a campaign on two fresh nodes."""
    import argparse
    import tempfile
    import time
    from pathlib import Path

    from server.storage.embedded import EmbeddedRedis
    from tests.cluster import ServerProc

    p = argparse.ArgumentParser(description="the wire leak checker over many random games")
    p.add_argument("--game", choices=sorted(TABLES), action="append")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--parallel", type=int, default=8)
    p.add_argument("--seed", type=int, default=1000, help="game n of the campaign plays seed + n")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        redis = EmbeddedRedis(Path(tmp) / "redis")
        url = redis.start()
        for i in range(2):
            (Path(tmp) / f"n{i}").mkdir()
        nodes = [ServerProc(Path(tmp) / f"n{i}", url).start() for i in range(2)]
        try:
            for game in args.game or sorted(TABLES):
                t0 = time.monotonic()
                s = asyncio.run(campaign([n.url for n in nodes], url, game, args.games, args.parallel, seed=args.seed))
                print(f"{game}: {s.games} games, {s.moves:,} moves, {s.sockets:,} sockets, {s.frames:,} frames, "
                      f"{s.views:,} views checked, checker self-tests caught {s.probes}, "
                      f"seat secrets {dict(s.secrets)}, "
                      f"failures {len(s.failures)}, unfinished games {len(s.errors)} in {time.monotonic() - t0:.0f} s",
                      flush=True)  # fmt: skip
                for e in s.errors[:5]:
                    print("  error:", e)
                for f in s.failures[:10]:
                    print("  ", f)
        finally:
            for n in nodes:
                n.stop()
            redis.stop()


if __name__ == "__main__":
    main()
