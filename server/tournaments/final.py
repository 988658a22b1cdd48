"""A tournament's final result (pure): what the director archives once it is over
(`record`, a server.archive `TournamentRecord`), and the tournament as the routes show it
from the archive (`shown`: the shape of server.tournaments.listing.state, every standing
with its rank and its tie-breaks by name, every table with its game's replay).

The result carries the rules it was reached under — the event's terms and how it scored,
in numbers and words (`scoring`) — so an archived result still explains itself after
later tournaments score differently. Nothing here reads Redis or the database.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from server.archive.records import TournamentRecord, from_ms, ms
from server.tournaments.arena import STREAK, WIN_POINTS
from server.tournaments.event import Event
from server.tournaments.standings import BYE_POINTS

SHARE = "a seat's share of the other seats at its table it finished ahead of (a tie counts half)"


def scoring(ev: Event) -> dict[str, Any]:
    """How the event scored, as its modules do (server.tournaments.standings, arena)."""
    if ev.kind == "swiss":
        bye = BYE_POINTS if ev.byes == "points" else "a table of bots, scored as any table"
        return {"table": SHARE, "bye": bye, "tiebreaks": ["buchholz", "rating"]}
    return {"table": f"{WIN_POINTS:g} times {SHARE}", "win": WIN_POINTS, "streak": STREAK,
            "on_fire": f"after {STREAK} wins in a row every result counts double, the first that is no win included",
            "tiebreaks": ["per_game", "rating"]}  # fmt: skip


def tiebreaks(kind: str, line: dict[str, Any]) -> dict[str, float]:
    """A standing's tie-breaks by name, in the order they break ties (then the player id)."""
    if kind == "swiss":
        return {"buchholz": float(line["buchholz"]), "rating": float(line["rating"])}
    return {"per_game": float(line["points"]) / max(int(line["games"]), 1), "rating": float(line["rating"])}


def record(ev: Event, head: dict[str, str], entrants: dict[str, dict[str, Any]],
           rounds: dict[int, dict[str, Any]]) -> TournamentRecord:  # fmt: skip
    """The result of a tournament over, from what the director kept of it (server.tournaments.director.read)."""
    standings = [
        {"rank": i + 1, "player": line["player"], "name": str(entrants.get(line["player"], {}).get("name", "")),
         "points": float(line["points"]), "games": int(line["games"]), "tiebreaks": tiebreaks(ev.kind, line)}
        for i, line in enumerate(json.loads(head["standings"]))
    ]  # fmt: skip
    played = [
        {"number": n, "seated": r.get("seated"), "byes": list(r["byes"]),
         "tables": [{"room": t["room"], "players": list(t["players"]), "bots": t["bots"],
                     "result": r["results"].get(t["room"])} for t in r["tables"]]}
        for n, r in sorted(rounds.items())
    ]  # fmt: skip
    began = head.get("began")
    return TournamentRecord(
        id=ev.id, name=ev.name, game=ev.game, kind=ev.kind, rules={**asdict(ev), "scoring": scoring(ev)},
        began=from_ms(int(began)) if began else None, ended=from_ms(int(head["ended"])),
        standings=standings, rounds=played,
    )  # fmt: skip


def shown(rec: TournamentRecord) -> dict[str, Any]:
    """The archived result as the tournament's route shows a tournament (`source`: archive)."""
    terms = {k: v for k, v in rec.rules.items() if k != "scoring"}
    return {
        **terms, "status": "over", "round": max((rd["number"] for rd in rec.rounds), default=0),
        "began": ms(rec.began), "ended": ms(rec.ended), "scoring": rec.rules.get("scoring", {}),
        "players": [{"player": s["player"], "name": s["name"], "rating": s["tiebreaks"].get("rating", 0.0)}
                    for s in rec.standings],
        "standings": [{**s, **s["tiebreaks"]} for s in rec.standings],
        "played": [
            {"number": rd["number"], "status": "done", "seated": rd.get("seated"), "byes": rd["byes"],
             "tables": [{"room": t["room"], "players": t["players"], "bots": t["bots"],
                         "archived": bool(t.get("archived")), "replay": f"/api/rooms/{t['room']}/replay"}
                        for t in rd["tables"]],
             "results": {t["room"]: t["result"] for t in rd["tables"] if t.get("result") is not None}}
            for rd in rec.rounds
        ],
        "source": "archive",
    }  # fmt: skip
