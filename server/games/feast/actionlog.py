"""What happened during the action being carried out, for the cards that react to it (F-650, F-651).

While an action runs, `state["action"]` is its record: who, which space (the copied one on
a copy space), where the Vikings stand (`spot`, None for an action granted by a card,
F-642) and what the rule modules noted on the way — the dice outcome, long swords spent,
resource types taken from mountain strips, goods made by upgrading, the ship emigrated.
Cards read the record when the action is over ("each successful Laying a Snare …").
"""

from __future__ import annotations

from typing import Any

from server.games.contract import State


def note(s: State, key: str, value: Any) -> None:
    """Set a fact of the running action (nothing when no action runs)."""
    record = s.get("action")
    if record is not None:
        record[key] = value


def append(s: State, key: str, value: Any) -> None:
    """Add to a list fact of the running action."""
    record = s.get("action")
    if record is not None:
        record.setdefault(key, []).append(value)


def gained(s: State, gain: dict[str, Any]) -> None:
    """Count what the running action gave (`got`: item -> number; buildings and ships by name)."""
    record = s.get("action")
    if record is not None:
        got = record.setdefault("got", {})
        for item, n in gain.items():
            key, k = (n, 1) if item in ("building", "ship") else (item, n)
            got[key] = got.get(key, 0) + k
