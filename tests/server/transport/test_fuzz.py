"""The fuzz campaign (tests/fuzz.py) over the frame decoder and every message handler of
a real node on real Redis: no crash, every answer a documented code, no state change
from a refused frame. A sample in the default run; `-m soak` runs LONGHALL_FUZZ_FRAMES
(1,000,000) frames, as does `python -m tests.fuzz --frames 1000000`."""

from __future__ import annotations

import os

import pytest

from tests.fuzz import run


def judge(fig) -> None:
    print("\nfuzz:", fig.summary())
    assert fig.crashes == 0
    assert fig.state_changes == 0
    assert not fig.undocumented
    assert fig.refused > fig.frames // 2  # mostly invalid input, as intended
    assert fig.accepted > 0 and len(fig.codes) >= 8  # and it reached past the decoder


async def test_fuzz_sample(redis_url) -> None:
    judge(await run(redis_url, frames=4000, seed=1))


@pytest.mark.soak
@pytest.mark.timeout(4 * 3600)  # hundreds of games: beyond the suite's per-test 600 s
async def test_fuzz_campaign(redis_url) -> None:
    judge(await run(redis_url, frames=int(os.environ.get("LONGHALL_FUZZ_FRAMES", "1000000")), seed=2))
