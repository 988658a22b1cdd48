"""Every numbered item of the spec (V-, VD-, VA-, VX-) is cited by at least one test."""

import re
from pathlib import Path

import pytest

from tests.shared import RULES

SPEC = RULES / "vikings.md"
HERE = Path(__file__).parent

# Items no test can check, with the reason.
EXCLUDED = {
    "VD-14": "marker colours are cosmetic; the server has no player colours",
}


def spec_items(text: str) -> list[str]:
    found = re.findall(r"^- \*\*(V[ADX]?-\d+)", text, re.M) + re.findall(r"^\| (VD-\d+) \|", text, re.M)
    return list(dict.fromkeys(found))


@pytest.mark.skipif(not SPEC.exists(), reason="shared specs not mounted")
def test_every_numbered_rule_is_cited_by_a_test():
    items = spec_items(SPEC.read_text())
    assert len(items) > 100  # the scan found the spec's numbering
    tests = "".join(p.read_text() for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    cited = set(re.findall(r"\bV[ADX]?-\d+\b", tests))
    missing = [i for i in items if i not in cited and i not in EXCLUDED]
    assert missing == []
    assert set(EXCLUDED) <= set(items)
