"""View diffs as standard RFC 6902 JSON Patch, at a cost of O(what changed).

A generic deep diff walks both trees in Python and costs milliseconds per view. Here
subtrees are skipped when they are the same object (engines and views share unchanged
subtrees) or compare equal (a C-speed `==`), so Python-level work is spent only on the
paths that changed. Lists get a common-prefix/suffix pass, so an append, an insertion
or a removal at one place is one op, not a cascade of replaces.

Output uses only add, remove and replace, in an order any RFC 6902 library applies.
Views keep one type per path (a flag stays a bool, a count an int): Python's `==` takes
1 for True, so a view that flipped between them at one path could be missed.
"""

from __future__ import annotations

from typing import Any

Op = dict[str, Any]


def escape(key: str) -> str:
    """An RFC 6901 reference token."""
    return key.replace("~", "~0").replace("/", "~1")


def make_patch(old: Any, new: Any) -> list[Op]:
    """The ops turning `old` into `new`."""
    ops: list[Op] = []
    if not _same(old, new):
        _diff(old, new, "", ops)
    return ops


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def _diff(a: Any, b: Any, path: str, ops: list[Op]) -> None:
    """Append the ops turning a into b at `path`; the caller knows they differ."""
    if type(a) is dict and type(b) is dict:
        _diff_dict(a, b, path, ops)
    elif type(a) is list and type(b) is list:
        _diff_list(a, b, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": b})


_GONE = object()


def _diff_dict(a: dict[str, Any], b: dict[str, Any], path: str, ops: list[Op]) -> None:
    # the hot loop of every commit: a key's path is built only where something changed,
    # and `_same` is spelled out (a call per key cost more than the comparison)
    for key, va in a.items():
        vb = b.get(key, _GONE)
        if va is vb or (type(va) is type(vb) and va == vb):
            continue
        sub = path + "/" + (escape(key) if "~" in key or "/" in key else key)
        if vb is _GONE:
            ops.append({"op": "remove", "path": sub})
        else:
            _diff(va, vb, sub, ops)
    if len(b) > len(a) or b.keys() != a.keys():
        for key, vb in b.items():
            if key not in a:
                ops.append({"op": "add", "path": path + "/" + escape(key), "value": vb})


def _diff_list(a: list[Any], b: list[Any], path: str, ops: list[Op]) -> None:
    la, lb = len(a), len(b)
    start = 0
    while start < la and start < lb and _same(a[start], b[start]):
        start += 1
    end_a, end_b = la, lb
    while end_a > start and end_b > start and _same(a[end_a - 1], b[end_b - 1]):
        end_a -= 1
        end_b -= 1
    common = min(end_a, end_b) - start
    for i in range(start, start + common):
        if not _same(a[i], b[i]):
            _diff(a[i], b[i], f"{path}/{i}", ops)
    for i in range(start + common, end_b):
        ops.append({"op": "add", "path": f"{path}/{i}", "value": b[i]})
    for i in range(end_a - 1, start + common - 1, -1):
        ops.append({"op": "remove", "path": f"{path}/{i}"})


def strict_equal(a: Any, b: Any) -> bool:
    """Equality that tells True from 1 (tests use it to hold views to one type per path)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(strict_equal(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
