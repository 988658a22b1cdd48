"""Turn clocks and bot seats, kept in the room document: pure functions, no I/O.

A room's clock is a setting of the room (not of the game), chosen at `create`:
  {"per_move": S}                 every decision within S seconds
  {"total": S, "increment": I}    S seconds per player for the whole game, I more per decision
  {"days": N}                     correspondence: every decision within N days (N in DAYS)
  "timeout": "bot" | "forfeit"    what a timeout does (default "bot")
No clock (the default) means nobody is ever timed out; bot seats still act.

Time lives in the document as timestamps (ms since the epoch), so it survives node
restarts and any node may enforce it (server.play.referee). Per seat: `asked` (when the seat
was last asked for a decision; None when it is not asked), `left` (the bank of a total
clock, ms), `deadline` (asked + the time allowed; None when not asked). Every commit of a
game in play calls `tick` with the time of the commit: each seat asked before and no
longer asked — or the seat that just decided — is charged the time it took (a total clock
adds the increment for a decision), and each newly asked seat starts its time. A
simultaneous decision (Feast's feast, a Vikings auction bid) asks several seats at once:
each is charged its own time.

A bot seat (`{"bot": "random"}` in the seat's holder) is asked like anyone, with a short
deadline of its own (BOT_DELAY): the referee makes its decision when it falls due, so
bots play at a human-watchable pace through the same commit path as people.

Vacation (server.play.correspondence): a player on vacation until U has each of their
seats under a correspondence clock marked `away[seat] = U`. A seat asked while away gets
the rest of the vacation (U - now) added to its time (`extra[seat]`, ms), and a seat asked
when the vacation begins gets the whole of it: its clock is paused meanwhile. A vacation
ended early (`back`) takes back from a seat asked the part of it not yet counted. Only a
`days` clock pauses; short clocks never do.
"""

from __future__ import annotations

from typing import Any

from server.games.contract import Game
from server.rooms.shape import Clock, Doc

POLICIES = ("bot", "forfeit")
BOT_DELAY = 600  # ms a bot "thinks" before its decision (LONGHALL_BOT_DELAY)
LONGEST = 7 * 24 * 3600  # seconds: the longest time a clock may give
DAYS = (1, 2, 3, 5, 7, 14)  # the days per move a correspondence clock may give
DAY_MS = 24 * 3600 * 1000


class ClockError(ValueError):
    """A clock setting the room refuses (answered `bad_option`)."""


def settings(raw: Any) -> dict[str, Any] | None:
    """The clock setting of a `create`, checked: None (no clock) or its full form."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ClockError("clock must be a map")
    unknown = set(raw) - {"per_move", "total", "increment", "timeout", "days"}
    if unknown:
        raise ClockError(f"clock has no setting {sorted(unknown)[0]!r}")
    policy = raw.get("timeout", "bot")
    if policy not in POLICIES:
        raise ClockError(f"clock timeout must be one of {list(POLICIES)}")
    if "days" in raw:
        days = raw["days"]
        if set(raw) - {"days", "timeout"}:
            raise ClockError("a clock of days per move takes no seconds")
        if isinstance(days, bool) or not isinstance(days, int) or days not in DAYS:
            raise ClockError(f"clock days must be one of {list(DAYS)}")
        return {"days": days, "timeout": policy}
    if ("per_move" in raw) == ("total" in raw):
        raise ClockError("a clock is either per_move seconds or a total with an increment")
    out: dict[str, Any] = {"timeout": policy}
    for name in ("per_move", "total", "increment"):
        if name in raw:
            v = raw[name]
            if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= LONGEST:
                raise ClockError(f"clock {name} must be 0..{LONGEST} seconds")
            out[name] = float(v)
    if "increment" in out and "total" not in out:
        raise ClockError("an increment goes with a total")
    if out.get("per_move", 1) <= 0 or out.get("total", 1) <= 0:
        raise ClockError("a clock needs some time")
    if "total" in out:
        out.setdefault("increment", 0.0)
    return out


def correspondence(doc: Doc) -> bool:
    """Whether the room's clock counts days per move (the only clock a vacation pauses)."""
    return "days" in (doc.get("clock_setting") or {})


def bots(doc: Doc) -> list[int]:
    return [i for i, s in enumerate(doc["seats"]) if s is not None and s.get("bot")]


def timed(doc: Doc) -> bool:
    """Whether the referee watches this room: a clock, or a bot seat."""
    return doc.get("clock_setting") is not None or doc.get("clock") is not None or bool(bots(doc))


def started(doc: Doc, now: int) -> Doc:
    """The clock state a game starts with (the first decisions are asked by `tick`)."""
    n = len(doc["seats"])
    setting = doc.get("clock_setting")
    if setting is None and not bots(doc):
        return doc
    total = None if setting is None or "total" not in setting else int(setting["total"] * 1000)
    clock: Clock = {"asked": [None] * n, "deadline": [None] * n, "left": [total] * n, "now": now}
    return {**doc, "clock": clock}


def tick(game: Game, old: Doc, new: Doc, mover: int | None, now: int, bot_delay: int = BOT_DELAY) -> Doc:
    """`new` with its clock charged and restarted at `now` (a commit's time)."""
    clock = new.get("clock")
    if clock is None or new.get("state") is None:
        return new
    idle: list[int | None] = [None] * len(clock["asked"])
    if new["status"] != "playing":  # the game is over: nobody is asked any more
        return {**new, "clock": {**clock, "asked": idle, "deadline": idle, "now": now}}
    setting = new.get("clock_setting") or {}
    asked, left = list(clock["asked"]), list(clock["left"])
    away: list[int | None] = list(clock.get("away") or idle)
    extra: list[int] = list(clock.get("extra") or [0] * len(asked))
    to_act = set(game.to_act(new["state"]))
    for seat, since in enumerate(asked):
        if since is None or (seat in to_act and seat != mover):
            continue
        bank = left[seat]
        if bank is not None:
            bank = max(0, bank - (now - since))
            if seat == mover:
                bank += int(setting.get("increment", 0) * 1000)
            left[seat] = bank
        asked[seat] = None
        extra[seat] = 0
    deadline: list[int | None] = [None] * len(asked)
    bot_seats = set(bots(new))
    for seat in to_act:
        since = asked[seat]
        if since is None:
            since = asked[seat] = now
            until = away[seat]
            extra[seat] = 0 if until is None or "days" not in setting else max(0, until - now)
        bank = left[seat]
        if seat in bot_seats:
            deadline[seat] = since + bot_delay
        elif "days" in setting:
            deadline[seat] = since + int(setting["days"]) * DAY_MS + extra[seat]
        elif "per_move" in setting:
            deadline[seat] = since + int(setting["per_move"] * 1000)
        elif bank is not None:
            deadline[seat] = since + bank
    out: Clock = {"asked": asked, "deadline": deadline, "left": left, "now": now}
    if "days" in setting:
        out["away"], out["extra"] = away, extra
    return {**new, "clock": out}


def vacation(doc: Doc, seat: int, until: int, now: int) -> Doc | None:
    """`doc` with `seat` away until `until` (ms): its clock paused until then (the time of
    the vacation not yet counted is added to a seat asked now). None: no correspondence
    game in play, or the seat is already away that long."""
    clock = doc.get("clock")
    if clock is None or doc["status"] != "playing" or not correspondence(doc):
        return None
    n = len(clock["asked"])
    away: list[int | None] = list(clock.get("away") or [None] * n)
    extra: list[int] = list(clock.get("extra") or [0] * n)
    deadline = list(clock["deadline"])
    was = away[seat]
    begun = max(now, was or 0)  # the part of the vacation already counted ends there
    if until <= begun:
        return None
    away[seat] = until
    if clock["asked"][seat] is not None and deadline[seat] is not None:
        extra[seat] += until - begun
        deadline[seat] = int(deadline[seat] or 0) + until - begun
    return {**doc, "clock": {**clock, "away": away, "extra": extra, "deadline": deadline}}


def back(doc: Doc, seat: int, now: int) -> Doc | None:
    """`doc` with `seat`'s vacation ended at `now`: a seat asked gives back the part of the
    pause not yet counted, a seat asked later gets none. None: no vacation running there."""
    clock = doc.get("clock")
    away_was = None if clock is None else (clock.get("away") or [None] * len(clock["asked"]))[seat]
    if clock is None or doc["status"] != "playing" or away_was is None or away_was <= now:
        return None
    n = len(clock["asked"])
    away: list[int | None] = list(clock.get("away") or [None] * n)
    extra: list[int] = list(clock.get("extra") or [0] * n)
    deadline = list(clock["deadline"])
    away[seat] = None
    if clock["asked"][seat] is not None and deadline[seat] is not None:
        unspent = min(extra[seat], away_was - now)
        extra[seat] -= unspent
        deadline[seat] = int(deadline[seat] or 0) - unspent
    return {**doc, "clock": {**clock, "away": away, "extra": extra, "deadline": deadline}}


def next_deadline(doc: Doc) -> int | None:
    """The earliest deadline of the room (ms), None when nothing is due."""
    clock = doc.get("clock")
    if clock is None or doc["status"] != "playing":
        return None
    due = [d for d in clock["deadline"] if d is not None]
    return min(due) if due else None


def due(doc: Doc, now: int) -> list[int]:
    """Seats whose time is up at `now`, earliest first."""
    clock = doc.get("clock")
    if clock is None or doc["status"] != "playing":
        return []
    late = [(d, s) for s, d in enumerate(clock["deadline"]) if d is not None and d <= now]
    return [s for _, s in sorted(late)]


def public(doc: Doc) -> dict[str, Any] | None:
    """What every view shows of the clock: the setting, each seat's deadline and bank
    (clients count down from `deadline`, or show `left` for a seat not asked)."""
    clock = doc.get("clock")
    setting = doc.get("clock_setting")
    if clock is None and setting is None:
        return None
    out: dict[str, Any] = {"setting": setting}
    if clock is not None:
        out.update(deadline=clock["deadline"], left=clock["left"], now=clock["now"])
        if clock.get("away") is not None:
            out["away"] = clock.get("away")
    return out
