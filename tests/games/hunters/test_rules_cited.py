"""Every numbered rule, ruling and worked example of the spec is cited by a test.

Fails when a number of ../shared/rules/hunters-gatherers.md (H-, HA-, HX-) appears in
no test file of this folder, unless it is listed below with the reason it has no test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.shared import RULES

SPEC = RULES / "hunters-gatherers.md"
HERE = Path(__file__).parent

NOT_TESTED = {
    "HA-24": "table edge: restates H-19 (tested: tiles lie anywhere, no edge)",
    "HA-25": "several face-down piles equal one shuffled stack: restates H-10",
}


def numbers(text: str) -> set[str]:
    return set(re.findall(r"\bH[AX]?-\d+\b", text))


@pytest.mark.skipif(not SPEC.exists(), reason="shared specs not mounted")
def test_every_rule_is_cited() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    defined = numbers(" ".join(re.findall(r"\*\*(H[AX]?-\d+)", spec)))
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name != Path(__file__).name:
            cited |= numbers(path.read_text(encoding="utf-8"))
    missing = sorted(defined - cited - set(NOT_TESTED), key=lambda n: (n.split("-")[0], int(n.split("-")[1])))
    assert missing == []
    assert set(NOT_TESTED) <= defined
