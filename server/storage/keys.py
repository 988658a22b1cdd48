"""Every Redis key and pub/sub channel of Longhall, spelled here and nowhere else
(tests/server/storage/test_keys.py holds every other module of the server to it, and
docs/architecture.md's Redis model to this list).

A room's keys share the hash tag `{ID}`, so a room lives in one Redis Cluster slot and
its commit script touches one slot; the matchmaker's keys share `{mm}` for its
transactions. The indexes across rooms (`rooms:*`, a game's lobby `rooms:public:{GAME}`,
a leaderboard `lb:{GAME}`) live in slots of their own and are never written in the same
script as a room."""

from __future__ import annotations

import hashlib
import json
from typing import Any

# -- a room ----------------------------------------------------------------------------
ROOM_PARTS = ("doc", "log", "ids", "meta", "watch", "tail")  # `keys(room)`, in this order


def keys(room: str) -> list[str]:
    """A room's document (hash: seq, doc), log (stream of every committed change), move ids
    (hash: id -> seq), meta (hash: status, game, seats… for the lobby and the archiver),
    watchers (hash: node -> spectators) and the document's tail (list of plain moves)."""
    return [f"room:{{{room}}}:{part}" for part in ROOM_PARTS]


def here_key(room: str) -> str:
    """Who holds a socket of each seat (server.play.absence); dropped with the room."""
    return f"room:{{{room}}}:here"


def chat_key(room: str) -> str:
    """The table chat's messages (server.play.chat)."""
    return f"room:{{{room}}}:chat"


def chat_id_key(room: str, player: str, mid: str | int) -> str:
    """A chat message id's record; ids are compared as sent (the string "1" is not 1), as moves' are."""
    return f"room:{{{room}}}:chatid:{player}{':' if type(mid) is str else '#'}{mid}"


def claim_key(room: str) -> str:
    """The archiver's claim on a finished room (server.archive.archiver)."""
    return f"room:{{{room}}}:archiving"


def rematch_key(room: str) -> str:
    """The rematch offered after a finished room (server.social.rematch): its terms, who
    accepted, its state; it expires a while after the offer."""
    return f"room:{{{room}}}:rematch"


def released(room: str) -> list[str]:
    """The keys of a room that an archived room lets expire: `keys`, its chat and presence."""
    return [*keys(room), chat_key(room), here_key(room)]


META_PATTERN = "room:*:meta"  # every room's meta, for a SCAN


def room_of_meta(key: str) -> str:
    """The room id in a key that `META_PATTERN` matched."""
    return key[len("room:{") : -len("}:meta")]


def channel(room: str) -> str:
    """The room's pub/sub channel: every commit's fan-out payload (sharded on a cluster)."""
    return f"room:{{{room}}}"


def node_channel(node: str) -> str:
    """A node's own channel: messages for its sockets (a match told, a token revoked)."""
    return f"node:{node}"


# -- indexes across rooms --------------------------------------------------------------
PLAYING_ROOMS = "rooms:playing"  # games in play by last presence (server.play.abandonment)
CORRESPONDENCE_ROOMS = "rooms:correspondence"  # games of days per move in play, by their start (referee)
OPEN_ROOMS = "rooms:open"  # rooms not started yet, by creation (server.play.absence)
CLOCKS = "rooms:clocks"  # timed rooms by their next deadline (server.play.referee)
ARCHIVE_PENDING = "archive:pending"  # finished rooms announced to the archiver, by time


def player_rooms_key(player: str) -> str:
    """The rooms a player took a seat in, by when (server.play.correspondence: their games
    list); it expires SEATS_TTL after the player's last seat (server.storage.store)."""
    return f"player:{{{player}}}:rooms"


def vacation_key(player: str) -> str:
    """A player's vacation: until when, and the days taken each year (server.play.correspondence)."""
    return f"player:{{{player}}}:vacation"


def public_key(game: str) -> str:
    """The lobby's index of one game's open public rooms."""
    return f"rooms:public:{{{game}}}"


def board_key(game: str) -> str:
    """A game's leaderboard (sorted set of players by rating; server.archive.leaderboard)."""
    return f"lb:{{{game}}}"


def info_key(game: str) -> str:
    """Names and games played of a leaderboard's players."""
    return f"lb:{{{game}}}:info"


# -- notifications (server.notify) ----------------------------------------------------
PUSH_KEY = "notify:vapid"  # the VAPID key pair's private key, made once for every node
NOTIFY_QUEUE = "notify:queue"  # stream of notifications to send, read by the couriers' group


def looking_key(player: str) -> str:
    """The rooms a player has a socket at, with when a node last saw it (hash room -> ms):
    no notification for a game the player is looking at (server.notify.looking)."""
    return f"player:{{{player}}}:looking"


# -- leases: one node at a time runs these loops for all (server.runtime.loops.Lease) --
MATCHER_LEASE = "mm:lease"
REFEREE_LEASE = "referee:lease"
DIRECTOR_LEASE = "tour:lease"  # the tournament director (server.tournaments.director)

# -- matchmaking: every key a transaction touches shares the hash tag {mm} -------------
MM = "mm:{mm}:"
MATCHES = MM + "matches"  # matches made and not yet told to every player
QUEUES = MM + "queues"  # the queues that hold tickets


def queue_key(game: str, players: int, options: dict[str, Any]) -> str:
    digest = hashlib.sha1(json.dumps(options, sort_keys=True).encode()).hexdigest()[:12]
    return f"{MM}q:{game}:{players}:{digest}"


def ticket_key(player: str) -> str:
    return f"{MM}ticket:{player}"


def match_key(room: str) -> str:
    return f"{MM}match:{room}"


def told_key(player: str) -> str:
    return f"{MM}told:{player}"


# -- tournaments: a tournament's keys share the hash tag {ID} ------------------------------
TOURNAMENTS = "tour:index"  # the tournaments not over, by their start (ms)
PAST_TOURNAMENTS = "tour:past"  # the tournaments over (or cancelled), by their end (ms)


def tournament_key(tid: str) -> str:
    """A tournament (hash: event, status, round, began, ended)."""
    return f"tour:{{{tid}}}"


def entrants_key(tid: str) -> str:
    """Its players (hash: player -> {name, rating})."""
    return f"tour:{{{tid}}}:players"


def rounds_key(tid: str) -> str:
    """Its rounds, or an arena's tables (hash: number -> {tables, byes, results, status})."""
    return f"tour:{{{tid}}}:rounds"


# -- players among themselves (server.social) ------------------------------------------
REMATCHES = "social:rematches"  # rematches offered and not settled, by their deadline (ms)
REPORTS = "social:reports"  # players reported, newest first (list of JSON; the operators' console)


def follows_key(player: str) -> str:
    """The players a player follows (hash: player -> name); two who follow each other are friends."""
    return f"social:{{{player}}}:follows"


def blocks_key(player: str) -> str:
    """The players a player blocked (hash: player -> name)."""
    return f"social:{{{player}}}:blocks"


def blockers_key(player: str) -> str:
    """The players who blocked a player (set): what a join or a chat message checks."""
    return f"social:{{{player}}}:blockers"


def online_key(player: str) -> str:
    """The nodes holding a socket of a player (hash: node -> when last marked, ms)."""
    return f"social:{{{player}}}:online"


def invitations_key(player: str) -> str:
    """The invitations a player has (hash: room -> JSON of who invited them, when)."""
    return f"social:{{{player}}}:invitations"


def sent_key(player: str, what: str) -> str:
    """How many invitations or reports (`what`) a player sent in the current window."""
    return f"social:{{{player}}}:sent:{what}"


# -- identity and quotas ---------------------------------------------------------------
SECRET = "longhall:secret"  # the signing secret of tokens of the earlier form (server.identity.ids)
SIGNING_KEYS = "longhall:keys"  # kid -> signing key of the tokens (server.identity.tokens)
REVOKED = "longhall:revoked"  # player -> time their tokens were revoked
ACTIONS = "longhall:actions"  # operators' latest actions, newest first (list of JSON; server.console.audit)


def handover_key(code: str) -> str:
    """A one-time hand-over code: the player it carries to another device, until when
    (server.identity.handover); it expires with the code."""
    return f"handover:{{{code}}}"


def player_handover_key(player: str) -> str:
    """The hand-over code a player made last and has not seen used (a new one replaces it)."""
    return f"player:{{{player}}}:handover"


def passkey_key(credential: str) -> str:
    """A player's passkey by its credential id: player, name, public key, signature count
    (server.identity.passkeys)."""
    return f"passkey:{{{credential}}}"


def player_passkeys_key(player: str) -> str:
    """The credential ids of a player's passkeys (a set: listed and removed by the player)."""
    return f"player:{{{player}}}:passkeys"


def passkey_challenge_key(challenge: str) -> str:
    """A WebAuthn challenge given and not yet answered, with what it was for."""
    return f"passkey:challenge:{{{challenge}}}"


def rooms_held_key(player: str) -> str:
    """The rooms a player holds now (server.identity.quotas)."""
    return f"quota:{{{player}}}:rooms"


def made_key(player: str) -> str:
    """Rooms a player made this minute."""
    return f"quota:{{{player}}}:made"


def ip_made_key(ip: str) -> str:
    """Rooms made from one address this minute."""
    return f"quota:ip:{{{ip}}}:made"
