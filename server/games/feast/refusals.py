"""How the Feast engine refuses a decision: the rule number and a one-line reason.

Every refusal goes through `refuse` so the detail always starts with the rule it cites
("F-242: each action space can be occupied only once per round"), and through `malformed`
for input that is not a well-formed move at all (code "bad_move", no rule).
"""

from __future__ import annotations

from server.games.contract import IllegalMove


def refuse(rule: str, reason: str, code: str = "illegal_move") -> IllegalMove:
    return IllegalMove(code, rule, f"{rule}: {reason}")


def malformed(detail: str) -> IllegalMove:
    return IllegalMove("bad_move", None, detail)
