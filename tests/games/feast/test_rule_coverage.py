"""Every numbered rule of the spec is cited by a test, or listed in RULES-CHECKLIST.md as
pending (not implemented yet) or excluded (no behaviour to test); the checklist and the
tests agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.shared import RULES

SPEC = RULES / "feast-for-odin.md"
CHECKLIST = Path(__file__).resolve().parents[3] / "server/games/feast/RULES-CHECKLIST.md"
TESTS = Path(__file__).parent
ROW = re.compile(r"^\| (F-\d+) \| (done|partial|pending|excluded) \|", re.M)


def spec_rules() -> list[str]:
    if not SPEC.exists():
        pytest.skip("shared spec not present")
    return sorted(set(re.findall(r"^(F-\d+)\. ", SPEC.read_text(encoding="utf-8"), re.M)))


def cited() -> set[str]:
    """Rule numbers named in comments of the test files (not in docstrings or strings)."""
    found: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "#" in line:
                found |= set(re.findall(r"F-\d+", line.split("#", 1)[1]))
    return found


def checklist() -> dict[str, str]:
    return dict(ROW.findall(CHECKLIST.read_text(encoding="utf-8")))


def test_checklist_lists_every_rule_once() -> None:
    rows = ROW.findall(CHECKLIST.read_text(encoding="utf-8"))
    assert sorted(r for r, _ in rows) == spec_rules()


def test_every_rule_is_tested_or_listed_as_pending_or_excluded() -> None:
    status, tested = checklist(), cited()
    untested = [r for r in spec_rules() if r not in tested and status[r] not in ("pending", "excluded")]
    assert untested == []


def test_done_rules_are_cited_and_excluded_rules_are_not_claimed() -> None:
    status, tested = checklist(), cited()
    assert [r for r, st in status.items() if st in ("done", "partial") and r not in tested] == []
    assert [r for r, st in status.items() if st == "excluded" and r in tested] == []
