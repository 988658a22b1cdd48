"""Frames: golden bytes for every message type, and validation at the edge."""

from __future__ import annotations

import json

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.codec import decode, decode_any, encode
from protocol.errors import ErrorCode
from protocol.examples import CLIENT_EXAMPLES, FIXTURES, SERVER_EXAMPLES
from protocol.messages import CLIENT, SERVER, ProtocolError

GOLDEN = json.loads((FIXTURES / "messages.json").read_text(encoding="utf-8"))


def test_every_message_type_has_a_golden_fixture() -> None:
    have = {(g["side"], g["type"]) for g in GOLDEN}
    assert have == {("client", t) for t in CLIENT} | {("server", t) for t in SERVER}


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda g: f"{g['side']}-{g['type']}")
def test_golden_bytes_are_stable(golden: dict) -> None:
    raw = bytes.fromhex(golden["hex"])
    assert encode(golden["message"]) == raw
    assert decode_any(raw) == golden["message"]
    if golden["side"] == "client":
        assert decode(raw) == golden["message"]


def test_examples_match_the_fixture_file() -> None:
    assert {g["type"]: g["message"] for g in GOLDEN if g["side"] == "client"} == CLIENT_EXAMPLES
    assert {g["type"]: g["message"] for g in GOLDEN if g["side"] == "server"} == SERVER_EXAMPLES


def code_of(data: bytes, limit: int = 65536) -> str:
    with pytest.raises(ProtocolError) as err:
        decode(data, limit)
    return err.value.code.value


@pytest.mark.parametrize(
    "data, code",
    [
        (b"\xc1", ErrorCode.BAD_FRAME),  # never-used msgpack byte
        (b"\x92\x01", ErrorCode.BAD_FRAME),  # truncated array
        (msgpack.packb([1, 2]), ErrorCode.BAD_FRAME),  # not a map
        (msgpack.packb({1: 2}), ErrorCode.BAD_FRAME),  # non-string key
        (msgpack.packb({"t": "ping", "n": 1}) + b"x", ErrorCode.BAD_FRAME),  # trailing bytes
        (b"\x91" * 5000, ErrorCode.BAD_FRAME),  # nesting bomb
        (msgpack.packb({"n": 1}), ErrorCode.BAD_FIELD),  # no t
        (msgpack.packb({"t": "launch"}), ErrorCode.UNKNOWN_TYPE),
        (msgpack.packb({"t": "move", "room": "r", "id": "a", "move": {}}), ErrorCode.BAD_FIELD),  # no seq
        (msgpack.packb({"t": "move", "room": "r", "id": "a", "seq": "1", "move": {}}), ErrorCode.BAD_FIELD),
        (msgpack.packb({"t": "ping", "n": True}), ErrorCode.BAD_FIELD),
        (msgpack.packb({"t": "hello", "versions": [1, "2"]}), ErrorCode.BAD_FIELD),
        (msgpack.packb({"t": "join", "room": "r" * 65}), ErrorCode.BAD_FIELD),
        (msgpack.packb({"t": "ping", "n": 2**60}), ErrorCode.BAD_FIELD),
    ],
)
def test_bad_frames_get_a_stable_code(data: bytes, code: ErrorCode) -> None:
    assert code_of(data) == code.value


def test_frame_limit_is_checked_before_parsing() -> None:
    big = msgpack.packb({"t": "ping", "n": 1, "pad": "x" * 70_000})
    assert code_of(big) == ErrorCode.FRAME_TOO_LARGE.value
    assert code_of(big, limit=100) == ErrorCode.FRAME_TOO_LARGE.value
    assert decode(big, limit=1 << 20)["n"] == 1


def test_text_frames_are_refused() -> None:
    with pytest.raises(ProtocolError) as err:
        decode('{"t": "ping"}')  # type: ignore[arg-type]
    assert err.value.code is ErrorCode.BAD_FRAME


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_decode_or_raise_protocol_error(data: bytes) -> None:
    try:
        msg = decode(data)
    except ProtocolError:
        return
    assert msg["t"] in CLIENT
