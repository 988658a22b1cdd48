"""The copies of the shared specs and data are compared with their originals whenever
``../shared`` exists: those tests must find every original there instead of skipping."""

from __future__ import annotations

import pytest

from tests.shared import DATA, RULES, SHARED

ORIGINALS = [
    RULES / "hunters-gatherers-tiles.json",
    RULES / "hunters-gatherers-components.md",
    RULES / "hunters-gatherers.md",
    RULES / "vikings-components.md",
    RULES / "vikings.md",
    RULES / "feast-for-odin.md",
    DATA / "feast",
]


@pytest.mark.skipif(not SHARED.exists(), reason="../shared is not beside the repository")
@pytest.mark.parametrize("path", ORIGINALS, ids=lambda p: p.name)
def test_every_original_the_data_tests_compare_with_is_present(path) -> None:
    assert path.exists(), f"{path} is missing: the data-equality tests would skip"
