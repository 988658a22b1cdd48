"""Every error code the server sends, in one place.

Codes are stable strings: clients branch on them, so a code never changes meaning.
`error` frames carry the code, a one-line detail, and for rule refusals the rule number.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    # frames and fields
    BAD_FRAME = "bad_frame"  # not msgpack, or not a map
    FRAME_TOO_LARGE = "frame_too_large"  # over the frame limit (the socket closes with 1009)
    UNKNOWN_TYPE = "unknown_type"  # `t` names no client message
    BAD_FIELD = "bad_field"  # a field is missing or has the wrong type
    # session
    HELLO_FIRST = "hello_first"  # any message before `hello`
    VERSION_UNSUPPORTED = "version_unsupported"  # no common protocol version
    BAD_TOKEN = "bad_token"  # the token does not verify
    RATE_LIMITED = "rate_limited"  # over a rate limit: the request was not served; resend it later
    TOO_MANY_ROOMS = "too_many_rooms"  # the player hosts as many open rooms, or games in play, as allowed
    CREATING_TOO_FAST = "creating_too_fast"  # too many rooms created this minute by the player or the address
    # rooms
    UNKNOWN_GAME = "unknown_game"
    ENGINE_MISSING = "engine_missing"  # the room was created on an engine version this node does not have
    BAD_OPTION = "bad_option"  # unknown option or value, or a player count the game refuses
    UNKNOWN_ROOM = "unknown_room"
    ROOM_FULL = "room_full"
    SEAT_TAKEN = "seat_taken"
    NOT_IN_ROOM = "not_in_room"  # the room is not joined or watched on this connection
    NOT_SEATED = "not_seated"  # the action needs a seat
    SPECTATOR_MOVE = "spectator_move"  # spectators never move
    NOT_STARTED = "not_started"
    ALREADY_STARTED = "already_started"
    SEATS_OPEN = "seats_open"  # start needs every seat filled
    NOT_HOST = "not_host"  # only the room's host (its creator) starts it or removes a player
    BANNED = "banned"  # the host removed this player from the room: they may not sit down again unless let back in
    LOG_FULL = "log_full"  # an open room changed as often as a room may before its start: start it or make a new one
    GAME_OVER = "game_over"
    # moves
    NOT_YOUR_TURN = "not_your_turn"  # the engine does not ask this seat now
    STALE_SEQ = "stale_seq"  # the move was decided on an old view: resync and decide again
    ILLEGAL_MOVE = "illegal_move"  # a rule refuses it; `rule` says which
    BAD_MOVE = "bad_move"  # the move is malformed for this game
    CONFLICT = "conflict"  # the room changed under the move too often; retry
    INTERNAL = "internal"  # a server fault; nothing changed
    UNAVAILABLE = "unavailable"  # the store did not answer: the move may or may not be in; resend the same id
    # undo (a room option: server.play.undo)
    UNDO_OFF = "undo_off"  # the room was created without undo
    NOTHING_TO_UNDO = "nothing_to_undo"  # your seat made no decision of this turn it may take back
    UNDO_REVEALED = "undo_revealed"  # your last decision revealed hidden information (a draw, a card): it stands
    UNDO_SPENT = "undo_spent"  # your seat has taken back as many decisions as a game allows
    # claims (server.play.absence)
    NOT_CLAIMABLE = "not_claimable"  # no other seat has been gone long enough to claim the win
    # players among themselves (server.social)
    BLOCKED = "blocked"  # a player of the room blocked you (no seat, no chat there), or the one you invite did
    NOT_OVER = "not_over"  # a rematch is offered once the game is over
    REMATCH_CLOSED = "rematch_closed"  # the rematch was declined, ran out of time or started already


# The codes an engine's IllegalMove may carry besides the ones above are game-specific;
# the server forwards them as they are, with the rule number.
CODES = frozenset(c.value for c in ErrorCode)

# websocket close codes the server uses
CLOSE_NORMAL = 1000
CLOSE_POLICY = 1008  # persistent flooding, or a protocol violation that cannot continue
CLOSE_TOO_LARGE = 1009
CLOSE_FAULT = 1011  # a server fault on this socket
CLOSE_RESTART = 1012  # this node is shutting down (draining): reconnect at once, with the token, and resync
CLOSE_TRY_AGAIN = 1013  # the client reads too slowly; reconnect and resync
CLOSE_HELLO_TIMEOUT = 4000  # no `hello` within the hello timeout
CLOSE_IDLE = 4001  # in no room and silent for the idle timeout
CLOSE_NO_PONG = 4002  # a server ping went unanswered for the ping timeout
CLOSE_REVOKED = 4003  # the player's tokens were revoked: hello again without the token
CLOSE_REMOVED = 4004  # an operator closed this socket (server.console): reconnect, or not

# every close code with what a client does about it (docs/protocol.md has a row for each)
CLOSE_CODES = {
    CLOSE_NORMAL: "closed as asked",
    CLOSE_POLICY: "flooding after rate_limited: do not reconnect in a loop",
    CLOSE_TOO_LARGE: "frame too large",
    CLOSE_FAULT: "server fault on this socket: reconnect",
    CLOSE_RESTART: "node shutting down: reconnect (the load balancer picks another node) and resync",
    CLOSE_TRY_AGAIN: "read too slowly: reconnect and resync",
    CLOSE_HELLO_TIMEOUT: "no hello in time: say hello first thing",
    CLOSE_IDLE: "idle in no room: reconnect when needed",
    CLOSE_NO_PONG: "a server ping went unanswered: reconnect",
    CLOSE_REVOKED: "the player's tokens were revoked: hello without the token",
    CLOSE_REMOVED: "closed by an operator of the server",
}
