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

from protocol.diff import make_patch, patch_beside, strict_equal
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


keys = st.sampled_from(["a", "b", "c/d", "e~f", "g"])
dicts = st.dictionaries(keys, json_values, max_size=5)


def beside(ref: dict[str, Any], own: dict[str, Any], take: list[bool], inner: list[bool]) -> dict[str, Any]:
    """A view made of `ref`'s own objects at the keys `take` picks (a dict under a key
    `inner` picks goes one level deeper: some of its keys the ref's, some its own)."""
    out: dict[str, Any] = {}
    for i, k in enumerate(sorted(set(ref) | set(own))):
        if k in ref and (take[i % len(take)] or k not in own):
            r = ref[k]
            if type(r) is dict and inner[i % len(inner)] and type(own.get(k)) is dict:
                out[k] = {**own[k], **{kk: vv for j, (kk, vv) in enumerate(r.items()) if take[j % len(take)]}}
            else:
                out[k] = r
        elif k in own:
            out[k] = own[k]
    return out


@settings(max_examples=500, deadline=None)
@given(dicts, dicts, dicts, dicts, st.lists(st.booleans(), min_size=1, max_size=5),
       st.lists(st.booleans(), min_size=1, max_size=5), st.lists(st.booleans(), min_size=1, max_size=5))  # fmt: skip
def test_a_view_beside_the_public_one_is_patched_right(ref_old: Any, ref_new: Any, own_old: Any, own_new: Any,
                                                      take_old: list[bool], take_new: list[bool],
                                                      inner: list[bool]) -> None:  # fmt: skip
    # a seat's view shares some parts with the public one (the same objects) and has its own
    old, new = beside(ref_old, own_old, take_old, inner), beside(ref_new, own_new, take_new, inner)
    ref_ops = make_patch(ref_old, ref_new)
    ops = patch_beside(old, new, ref_old, ref_new, ref_ops)
    got = jsonpatch.apply_patch(copy.deepcopy(old), ops)
    assert strict_equal(got, new), (old, new, ops)


def test_the_parts_a_seat_shares_take_the_public_ops_themselves() -> None:
    trick_old, trick_new = [1, 2], [1, 2, 3]
    public_old = {"turn": 0, "table": {"trick": trick_old, "hand": None}, "last": None}
    public_new = {"turn": 1, "table": {"trick": trick_new, "hand": None}, "last": {"k": "play"}}
    seat_old = {"turn": 0, "table": {"trick": trick_old, "hand": [3, 9]}, "last": None}
    seat_new = {"turn": 1, "table": {"trick": trick_new, "hand": [9]}, "last": {"k": "play", "mine": True}}
    public_ops = make_patch(public_old, public_new)
    ops = patch_beside(seat_old, seat_new, public_old, public_new, public_ops)
    assert jsonpatch.apply_patch(copy.deepcopy(seat_old), ops) == seat_new
    shared = [op for op in ops if any(op is p for p in public_ops)]
    assert {op["path"] for op in shared} == {"/turn", "/table/trick/2"}  # built once, for every seat
    assert {"op": "remove", "path": "/table/hand/0"} in ops
    assert {"op": "replace", "path": "/last", "value": seat_new["last"]} in ops
