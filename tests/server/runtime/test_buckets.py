"""The one token bucket (server.runtime.buckets), on a clock the test sets."""

from __future__ import annotations

from server.runtime.buckets import Bucket


def test_a_bucket_starts_full_pays_what_it_holds_and_refills_at_its_rate() -> None:
    b = Bucket(rate=2.0, burst=3.0)
    t = b.stamp
    assert b.full(t)
    assert [b.take(1.0, t) for _ in range(4)] == [True, True, True, False]
    assert not b.take(1.0, t + 0.25)  # half a token back
    assert b.take(1.0, t + 0.5)  # one token back
    assert b.level(t + 10.0) == 3.0  # never past the burst


def test_a_cost_it_cannot_pay_takes_nothing() -> None:
    b = Bucket(rate=1.0, burst=5.0)
    t = b.stamp
    assert not b.take(6.0, t)
    assert b.level(t) == 5.0
    assert b.take(5.0, t) and b.level(t) == 0.0
