"""The view diff: RFC 6902 output, conformance fixtures, O(what changed)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.diff import make_patch, strict_equal
from protocol.examples import FIXTURES, diffs_fixture

CASES = json.loads((FIXTURES / "diffs.json").read_text(encoding="utf-8"))


def test_fixture_file_is_current() -> None:
    assert diffs_fixture() == CASES


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["name"])
def test_conformance_case_applies_with_a_standard_library(case: dict[str, Any]) -> None:
    got = jsonpatch.apply_patch(copy.deepcopy(case["old"]), case["ops"])
    assert strict_equal(got, case["new"])
    assert all(op["op"] in ("add", "remove", "replace") for op in case["ops"])


def test_single_insertion_is_one_op() -> None:
    old = {"log": list(range(100))}
    new = {"log": [-1, *range(100)]}
    assert make_patch(old, new) == [{"op": "add", "path": "/log/0", "value": -1}]


def test_shared_subtrees_are_skipped_by_identity() -> None:
    class Exploding(dict):  # a subtree whose comparison would raise
        def __eq__(self, other: object) -> bool:
            raise AssertionError("compared a shared subtree")

    shared = Exploding(a=1)
    assert make_patch({"s": shared, "n": 1}, {"s": shared, "n": 2}) == [{"op": "replace", "path": "/n", "value": 2}]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "~", "/"]),
    lambda kids: (
        st.lists(kids, max_size=5) | st.dictionaries(st.sampled_from(["a", "b", "c/d", "e~f"]), kids, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(json_values, json_values)
def test_patch_turns_old_into_new(old: Any, new: Any) -> None:
    ops = make_patch(old, new)
    got = jsonpatch.apply_patch(copy.deepcopy(old), ops)
    assert got == new


def test_random_edits_of_a_large_view_cost_few_ops() -> None:
    rng = random.Random(3)
    old = {"players": [{"gold": i, "board": [[0] * 8 for _ in range(8)]} for i in range(4)], "log": []}
    for _ in range(200):
        new = copy.deepcopy(old)
        p = rng.randrange(4)
        new["players"][p]["board"][rng.randrange(8)][rng.randrange(8)] = rng.randrange(1, 9)
        new["log"].append(p)
        ops = make_patch(old, new)
        assert len(ops) <= 2
        assert jsonpatch.apply_patch(copy.deepcopy(old), ops) == new
        old = new
