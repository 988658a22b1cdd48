"""Which push answers an `undo` in the Python client: the commit of this seat's undo, never
another seat's undo that arrives while ours is still on its way (then refused stale_seq)."""

from __future__ import annotations

from clients.python.client import RoomMirror, _undone

UNDO_OP = [{"op": "replace", "path": "/last/k", "value": "undo"}]  # what an undo's diff carries


def mirror_after(seat: int, last: dict[str, object], seq: int) -> RoomMirror:
    """A seat's mirror as it stands once the push of `seq` has been applied."""
    return RoomMirror("r", seat, seq=seq, view={"last": last, "table": {}})


def test_our_undo_answers() -> None:
    m = mirror_after(0, {"k": "undo", "seat": 0, "seq": 7, "undone": 6}, 7)
    assert _undone({"t": "diff", "room": "r", "seq": 7, "ops": UNDO_OP}, m)
    assert _undone({"t": "snapshot", "room": "r", "seq": 7, "view": m.view}, m)


def test_another_seats_undo_does_not_answer_ours() -> None:
    # seat 1 took its own decision back while seat 0's undo request was on the wire
    m = mirror_after(0, {"k": "undo", "seat": 1, "seq": 9, "undone": 8}, 9)
    assert not _undone({"t": "diff", "room": "r", "seq": 9, "ops": UNDO_OP}, m)


def test_a_push_already_seen_or_of_another_room_does_not_answer() -> None:
    m = mirror_after(0, {"k": "undo", "seat": 0, "seq": 7, "undone": 6}, 7)
    assert not _undone({"t": "diff", "room": "r", "seq": 6, "ops": []}, m)  # skipped as seen: not this commit
    assert not _undone({"t": "diff", "room": "other", "seq": 7, "ops": []}, m)
    assert not _undone({"t": "moves", "room": "r", "seq": 7}, m)
    assert not _undone({"t": "diff", "room": "r", "seq": 7, "ops": []}, None)
