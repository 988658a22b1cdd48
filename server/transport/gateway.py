"""The websocket endpoint: decode, validate, dispatch, answer — never a trace to the client.

Every frame passes the protocol's validation before it reaches the room service; every
refusal is an `error` frame with a stable code (and the rule number for game rules).
An oversize frame closes the socket with 1009; a client that keeps flooding after being
told so is closed with 1008.
"""

from __future__ import annotations

import logging
from typing import Any

from protocol import SUPPORTED_VERSIONS
from protocol.codec import decode
from protocol.errors import CLOSE_POLICY, CLOSE_REMOVED, CLOSE_TOO_LARGE, ErrorCode
from protocol.messages import ProtocolError
from server.identity.ids import clean_name, new_player_id
from server.identity.quotas import Quotas
from server.identity.tokens import Tokens
from server.matchmaking.matchmaker import Matchmaker
from server.play import absence, host, undo
from server.play.chat import Chat
from server.rooms.attachments import Attachments
from server.rooms.errors import RoomError
from server.rooms.service import Rooms
from server.runtime import metrics
from server.runtime.outage import STORE_ERRORS, QuietLog
from server.social.service import Social
from server.transport.limits import REFUSED_TOKEN_COST, Limiter
from server.transport.session import Session, Writer

log = logging.getLogger("longhall.gateway")
quiet = QuietLog(log)


class Gateway:
    def __init__(self, rooms: Rooms, tables: Attachments, signer: Tokens, settings: Any, matchmaker: Matchmaker,
                 quotas: Quotas | None = None, chat: Chat | None = None,
                 social: Social | None = None) -> None:  # fmt: skip
        self.rooms = rooms
        self.tables = tables  # sockets at the rooms' tables
        self.signer = signer
        self.settings = settings
        self.matchmaker = matchmaker
        self.sessions: set[Session] = set()
        self.by_player: dict[str, set[Session]] = {}
        self.limits = Limiter(settings)
        self.quotas = quotas  # None: storage is not counted (a gateway alone, in tests)
        self.chat = chat  # None: no table chat
        self.social = social  # None: no rematches, invitations, blocks (a gateway alone, in tests)

    def open(self, out: Writer) -> Session:
        """A new websocket connection (from server.transport.websocket)."""
        sess = Session(out, self.settings.rate, self.settings.burst)
        self.sessions.add(sess)
        self.limits.opened(sess, getattr(out, "peer", ""))
        return sess

    async def gone(self, sess: Session) -> None:
        """The connection closed: leave its rooms, and its queue if nobody else speaks for it."""
        self.sessions.discard(sess)
        self.limits.closed(sess)
        for room in list(sess.rooms):
            await self.tables.detach(sess, room)
        if sess.player is not None:
            if self.social is not None:
                await self.social.gone(sess.player)
            mine = self.by_player.get(sess.player, set())
            mine.discard(sess)
            if not mine:
                self.by_player.pop(sess.player, None)
                await self.matchmaker.unqueue(sess.player)  # nobody left to tell of a match

    def admit(self, sess: Session) -> bool:
        """Flood control, before a frame is queued: drop over the rate, close a flooder."""
        if sess.bucket.take():
            return True
        sess.dropped += 1
        if sess.dropped >= self.settings.flood_close:
            sess.close(CLOSE_POLICY, "flooding")
            metrics.rate_limit_closed("flooding")
        elif sess.dropped == 1 or sess.dropped % 100 == 0:
            sess.send(_error(ErrorCode.RATE_LIMITED, "too many frames; this one was dropped"))
        return False

    async def frame(self, sess: Session, data: bytes | str) -> bool:
        """Handle one frame; False when the socket must close."""
        try:
            msg = decode(data, self.settings.frame_limit)
        except ProtocolError as bad:  # (a name of its own: compiled, one name holds one type)
            sess.send(_error(bad.code, bad.detail))
            if bad.code is ErrorCode.FRAME_TOO_LARGE:
                sess.close(CLOSE_TOO_LARGE, "frame too large")
                metrics.rate_limit_closed("frame_too_large")
                return False
            return True
        if not self.limits.charge(sess, msg):
            return not sess.closed
        mid = msg.get("id") if msg["t"] == "move" else None
        if msg["t"] == "move":
            sess.out.hold()  # the mover's diff and its `ok` leave in one write
        try:
            await self.dispatch(sess, msg)
        except RoomError as exc:
            sess.send(_error(exc.code, exc.detail, exc.rule, mid))
        except STORE_ERRORS as exc:
            quiet.warn("store", f"a {msg['t']!r} frame met a store error", exc)
            sess.send(_error(ErrorCode.UNAVAILABLE, "the store did not answer; send the same request again", None, mid))
        except Exception:
            log.exception("failed on a %r frame", msg.get("t"))
            sess.send(_error(ErrorCode.INTERNAL, "server fault; nothing changed"))
        finally:
            if msg["t"] == "move":
                sess.out.release()
        return True

    async def dispatch(self, sess: Session, msg: dict[str, Any]) -> None:
        t = msg["t"]
        if t == "ping":
            sess.send({"t": "pong", "n": msg["n"]})
            return
        if t == "hello":
            await self.hello(sess, msg)
            return
        if sess.player is None:
            raise RoomError(ErrorCode.HELLO_FIRST, "send hello first")
        r = self.rooms
        if t == "move":
            seq = await r.move(sess, msg["room"], msg["id"], msg["seq"], msg.get("move"))
            sess.send({"t": "ok", "id": msg["id"], "seq": seq})
        elif t == "undo":
            await undo.take_back(r, sess, msg["room"], msg["seq"], self.settings.undo_budget)
        elif t == "legal":
            if await self.tables.legal(sess, msg["room"]):
                self.limits.refund(sess, t)
        elif t == "create":
            await self._create(sess, msg)
        elif t == "join":
            if self.social is not None:
                await self.social.may_sit(sess, msg["room"])
            seat = await r.sit(sess, msg["room"], msg.get("seat"))
            if self.social is not None:  # the invitation taken up is gone before the table is shown
                await self.social.joined(sess.player, msg["room"])
            await self.tables.attach(sess, msg["room"], seat, bool(msg.get("push")))
            await self._history(sess, msg["room"])
        elif t == "spectate":
            await self.tables.spectate(sess, msg["room"])
            await self._history(sess, msg["room"])
        elif t == "chat":
            if self.chat is not None:
                if self.social is not None:
                    await self.social.may_speak(sess, msg["room"])
                await self.chat.say(sess, msg["room"], msg["text"], msg.get("id"))
        elif t == "leave":
            await self.tables.leave(sess, msg["room"])
        elif t == "start":
            if self.quotas is not None:
                await self.quotas.may_start(sess.player)
            await r.start(sess, msg["room"])
        elif t == "kick":
            await host.kick(r, sess, msg["room"], msg["seat"])
        elif t == "add_bot":
            await host.add_bot(r, sess, msg["room"], msg.get("seat"), msg.get("level", "random"))
        elif t == "unban":
            await host.unban(r, sess, msg["room"], msg["player"])
        elif t == "claim":
            await absence.claim(r, sess, msg["room"])
        elif t == "resync":
            await self.tables.resync(sess, msg["room"])
        elif t == "queue":
            await self._queue(sess, msg)
        elif t == "rematch" and self.social is not None:
            await self.social.rematches.answer(sess, msg["room"], msg.get("accept", True))
        elif t == "invite" and self.social is not None:
            await self._invite(sess, msg["room"], msg["player"])
        elif t == "unqueue":
            sess.queued = False
            await self.matchmaker.unqueue(sess.player)
            sess.send({"t": "queued", "game": msg["game"], "players": 0})  # 0: no longer queued

    async def _create(self, sess: Session, msg: dict[str, Any]) -> None:
        assert sess.player is not None
        ip = self.limits.conns[sess].ip if sess in self.limits.conns else ""
        if self.quotas is not None:
            await self.quotas.may_create(sess.player, ip)
        room = await self.rooms.create(
            sess,
            msg["game"],
            msg.get("options"),
            msg.get("seats"),
            bool(msg.get("private")),
            msg.get("clock"),
            bool(msg.get("undo")),
            msg.get("spectator_delay"),
        )
        if self.quotas is not None:  # counted before the host hears of the room: no second create races it
            await self.quotas.created(sess.player, room)
        await self.tables.attach(sess, room, 0, bool(msg.get("push")))

    async def _queue(self, sess: Session, msg: dict[str, Any]) -> None:
        assert sess.player is not None
        match = await self.matchmaker.queue(sess.player, sess.name, msg["game"], msg["players"], msg.get("options"))
        sess.send({"t": "queued", "game": msg["game"], "players": msg["players"]})
        if match is not None:  # matched already: its first `matched` may have been lost
            sess.send({"t": "matched", **match})
        sess.queued = match is None

    async def _invite(self, sess: Session, room: str, player: str) -> None:
        assert self.social is not None
        inv, nodes = await self.social.invite(sess, room, player)
        for node in nodes:  # the invited player's sockets, wherever they are
            await self.rooms.hub.tell(node, {"k": "invited", "player": player, "invite": inv})
        sess.send({"t": "invite", "room": room, "player": player, "online": bool(nodes)})

    async def _history(self, sess: Session, room: str) -> None:
        if self.chat is not None and room in sess.rooms:
            await self.chat.history(sess, room)

    async def hello(self, sess: Session, msg: dict[str, Any]) -> None:
        common = set(msg["versions"]) & set(SUPPORTED_VERSIONS)
        if not common:
            raise RoomError(ErrorCode.VERSION_UNSUPPORTED, f"this server speaks versions {list(SUPPORTED_VERSIONS)}")
        player = vouched_name = None
        if "token" in msg:
            found = await self.signer.verify(msg["token"])
            if found is None:
                self.limits.penalise(sess, REFUSED_TOKEN_COST)
                raise RoomError(ErrorCode.BAD_TOKEN, "the token does not verify (expired, revoked or unknown); "
                                "send hello without it")  # fmt: skip
            player, vouched_name = found.player, found.name
        if sess.player is not None and player not in (None, sess.player):
            raise RoomError(ErrorCode.BAD_TOKEN, "this connection already speaks for another player")
        sess.player = player or sess.player or new_player_id()
        mine = self.by_player.setdefault(sess.player, set())
        if sess not in mine:
            mine.add(sess)
            if self.social is not None:
                await self.social.arrived(sess.player)
        sess.name = clean_name(msg.get("name")) or clean_name(vouched_name) or sess.name or sess.player[:6]
        sess.version = max(common)
        sess.send(
            {
                "t": "welcome",
                "version": sess.version,
                "player": sess.player,
                "token": await self.signer.issue(sess.player),  # a fresh one: keep it
            }
        )

    def on_direct(self, msg: dict[str, Any]) -> None:
        """A message from another node (or this one's matcher) for a player here, or an
        operator's request to close one socket here (server.console.operations)."""
        k = msg.get("k")
        if k == "matched":
            for sess in self.by_player.get(msg["player"], ()):
                sess.queued = False
                sess.send({"t": "matched", "room": msg["room"], "seat": msg["seat"]})
        elif k == "invited":
            for sess in self.by_player.get(msg["player"], ()):
                sess.send({"t": "invited", **msg["invite"]})
        elif k == "close":
            for sess in list(self.sessions):
                if id(sess) == msg["socket"]:
                    sess.close(CLOSE_REMOVED, "removed by an operator")

    async def tell_again(self) -> int:
        """After a pub/sub loss: every socket here still waiting in a queue whose player
        was matched meanwhile is told from the matchmaker's record. The sockets told."""
        told = 0
        for player in {s.player for s in self.sessions if s.queued and s.player is not None}:
            match = await self.matchmaker.told(player)
            if match is not None:
                self.on_direct({"k": "matched", "player": player, **match})
                told += 1
        return told


def _error(code: ErrorCode | str, detail: str, rule: str | None = None, mid: Any = None) -> dict[str, Any]:
    value = code.value if isinstance(code, ErrorCode) else code
    metrics.error_sent(value)
    msg: dict[str, Any] = {
        "t": "error",
        "code": value,
        "detail": detail,
    }
    if rule is not None:
        msg["rule"] = rule
    if mid is not None:
        msg["id"] = mid
    return msg
