"""`python -m bench.redraw` runs end to end: a few Hunters & Gatherers decisions clicked in
headless Chromium against a node serving the built app, every decision one click →
redraw sample whose parts add up (figures checked for sense, never for speed)."""

from __future__ import annotations

import pytest

from bench import redraw
from tests.web.test_browser import CHROMIUM

DECISIONS = 3


@pytest.mark.skipif(not CHROMIUM.exists(), reason="chromium is not installed (scripts/test installs it)")
def test_every_clicked_decision_is_one_sample_split_in_its_parts(built_web: None) -> None:
    samples = redraw.measure({"this": redraw.WEB / "dist"}, ["hunters"], rounds=1, decisions=DECISIONS)
    got = samples["this"]["hunters"]
    assert len(got) == DECISIONS  # one per decision: clicks that decide nothing (a turn) are not samples
    for s in got:
        assert min(s["answer"], s["draw"], s["frame"]) >= 0
        assert s["total"] == pytest.approx(s["answer"] + s["draw"] + s["frame"])
        assert s["width"] in redraw.SCREENS
