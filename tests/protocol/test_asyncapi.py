"""docs/asyncapi.yaml keeps up with protocol/: a message added to, removed from or changed
in protocol/messages.py fails here until the document says the same; every example in
it is a valid message, and so is every frame a real node sends in a game; the document
is valid AsyncAPI 3.0 by the official JSON Schema."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from pathlib import Path
from typing import Any

import msgpack
import pytest
import yaml
from jsonschema import Draft7Validator
from referencing import Registry
from referencing.jsonschema import DRAFT7

from clients.python.bot import play
from clients.python.client import Client
from protocol.codec import decode, encode
from protocol.errors import ErrorCode
from protocol.examples import CLIENT_EXAMPLES, SERVER_EXAMPLES
from protocol.messages import ANY, CLIENT, LIMITS, SERVER, Field, NoneType
from tests.wire import Tap

HERE = Path(__file__).resolve().parent
DOC: dict[str, Any] = yaml.safe_load((HERE.parents[1] / "docs" / "asyncapi.yaml").read_text(encoding="utf-8"))
MESSAGES: dict[str, Any] = DOC["components"]["messages"]
SIDES = {"client": CLIENT, "server": SERVER}
JSON_TYPES = {str: "string", int: "integer", bool: "boolean", dict: "object", list: "array", NoneType: "null"}
BASE = "urn:longhall:asyncapi"
REGISTRY = Registry().with_resource(BASE, DRAFT7.create_resource(DOC))


def payload_validator(key: str) -> Draft7Validator:
    """A validator of message `key`'s payload, its $refs resolved within the document."""
    return Draft7Validator({"$ref": f"{BASE}#/components/messages/{key}/payload"}, registry=REGISTRY)


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = REGISTRY.resolver(BASE).lookup(schema["$ref"]).contents
    return schema


def json_types(schema: dict[str, Any]) -> set[str] | None:
    """The JSON types a schema admits, None when it does not say."""
    schema = resolve(schema)
    if "type" in schema:
        t = schema["type"]
        return {t} if isinstance(t, str) else set(t)
    values = [schema["const"]] if "const" in schema else schema.get("enum")
    if values is not None:
        return {JSON_TYPES[type(v)] for v in values}
    return None


def code_types(types: tuple[type, ...]) -> set[str]:
    return {JSON_TYPES[t] for t in types}


def string_limit(name: str) -> int:
    """The longest string protocol.messages accepts in a client field of this name."""
    return LIMITS.get(name, LIMITS["id"] if name in ("id", "room") else LIMITS["str"])


def every_message() -> list[tuple[str, str, dict[str, Field]]]:
    return [(side, t, fields) for side, table in SIDES.items() for t, fields in table.items()]


def test_the_document_is_valid_asyncapi_3() -> None:
    schema = json.loads((HERE / "schemas" / "asyncapi-3.0.0.json").read_text(encoding="utf-8"))
    errors = sorted(Draft7Validator(schema).iter_errors(DOC), key=lambda e: list(e.absolute_path))
    assert [f"{list(e.absolute_path)}: {e.message}" for e in errors] == []


def test_every_message_type_and_no_other() -> None:
    assert set(MESSAGES) == {f"{side}_{t}" for side, t, _ in every_message()}
    assert set(DOC["channels"]["socket"]["messages"]) == set(MESSAGES)


@pytest.mark.parametrize(("side", "t", "fields"), every_message(), ids=lambda x: x if isinstance(x, str) else "")
def test_each_message_has_exactly_its_fields(side: str, t: str, fields: dict[str, Field]) -> None:
    message = MESSAGES[f"{side}_{t}"]
    payload = resolve(message["payload"])
    assert message["name"] == t and payload["properties"]["t"] == {"const": t}
    assert set(payload["properties"]) == {"t", *fields}
    assert set(payload["required"]) == {"t", *(name for name, f in fields.items() if f.required)}
    for name, spec in fields.items():
        documented = payload["properties"][name]
        if spec.types:  # a field the protocol leaves free (a move) may be narrowed by the document
            assert json_types(documented) == code_types(spec.types), f"{t}.{name}"
        if spec.items:
            assert json_types(documented["items"]) == code_types(spec.items), f"{t}.{name} entries"
        if side == "client" and str in spec.types:
            assert documented.get("maxLength") == string_limit(name), f"{t}.{name}: the server's length limit"
        if side == "client" and list in spec.types:
            assert documented.get("maxItems") == LIMITS["list"], f"{t}.{name}: the server's entry limit"


def test_operations_cover_every_message() -> None:
    """The server receives every client message, one operation each, and sends every
    server message (as an answer or unasked)."""
    ops = DOC["operations"].values()

    def keys(refs: list[dict[str, str]]) -> list[str]:
        return [r["$ref"].rsplit("/", 1)[1] for r in refs]

    received = [k for op in ops if op["action"] == "receive" for k in keys(op["messages"])]
    sent = {k for op in ops if op["action"] == "send" for k in keys(op["messages"])}
    replied = {k for op in ops for k in keys(op.get("reply", {}).get("messages", []))}
    assert sorted(received) == sorted(f"client_{t}" for t in CLIENT)
    assert sent | replied == {f"server_{t}" for t in SERVER}


def documented_examples() -> list[tuple[str, int, dict[str, Any]]]:
    return [(key, i, ex["payload"]) for key, m in MESSAGES.items() for i, ex in enumerate(m.get("examples", []))]


def test_every_message_has_an_example() -> None:
    assert [key for key, m in MESSAGES.items() if not m.get("examples")] == []


@pytest.mark.parametrize(("key", "n", "payload"), documented_examples(), ids=lambda x: x if isinstance(x, str) else "")
def test_every_example_is_a_valid_message(key: str, n: int, payload: dict[str, Any]) -> None:
    payload_validator(key).validate(payload)
    assert msgpack.unpackb(encode(payload), raw=False) == payload  # it survives the wire as it is
    if key.startswith("client_"):
        assert decode(encode(payload)) == payload  # and the server takes it (protocol.messages.validate_client)


GOLDEN = [
    *((f"client_{t}", m) for t, m in CLIENT_EXAMPLES.items()),
    *((f"server_{t}", m) for t, m in SERVER_EXAMPLES.items()),
]


@pytest.mark.parametrize(("key", "payload"), GOLDEN, ids=lambda x: x if isinstance(x, str) else "")
def test_the_golden_messages_validate(key: str, payload: dict[str, Any]) -> None:
    """protocol/examples.py (the golden fixtures' messages) meets the document's schemas."""
    payload_validator(key).validate(payload)


def test_a_message_missing_a_required_field_is_refused_by_the_schema() -> None:
    """The schemas are not so loose that anything passes."""
    assert not payload_validator("client_move").is_valid({"t": "move", "room": "r", "id": "m1", "move": {}})
    assert not payload_validator("server_ok").is_valid({"t": "ok", "id": "m1", "seq": "41"})
    assert not payload_validator("client_join").is_valid({"t": "join", "room": "r" * 65})


def test_every_error_code_is_listed() -> None:
    code = MESSAGES["server_error"]["payload"]["properties"]["code"]
    assert code["examples"] == [c.value for c in ErrorCode]


def test_the_free_fields_are_the_only_narrowed_ones() -> None:
    """Where the document narrows a field the protocol leaves free, it says why."""
    free = [(side, t, name) for side, t, fields in every_message() for name, f in fields.items() if f.types == ANY]
    assert free == [("client", "move", "move")]
    assert "verbatim" in DOC["components"]["schemas"]["Move"]["description"]


def recording(client: Client, into: list[dict[str, Any]]) -> Client:
    """`client`, with a copy of every frame it receives put `into` the list."""
    on_frame = client._on_frame

    def record(msg: dict[str, Any]) -> None:
        into.append(copy.deepcopy(msg))
        on_frame(msg)

    client._on_frame = record  # type: ignore[method-assign]
    return client


async def test_what_a_real_node_sends_is_as_described(server) -> None:
    """Every frame two seats (pushed moves on) and a spectator receive in a whole game, with
    chat, and the answers to ping, unqueue and a refused request, meets its schema."""
    received: list[dict[str, Any]] = []
    clients = [recording(Client(server.url, name=f"p{i}"), received) for i in range(3)]
    for c in clients:
        await c.connect()
    host, guest, watcher = clients
    try:
        room = (await host.create("highcard", seats=2)).room
        await guest.join(room)
        await watcher.spectate(room)
        await host.chat(room, "good luck")
        await host.start(room)
        await asyncio.gather(*(play(c, room, random.Random(i)) for i, c in enumerate((host, guest))))
        await watcher.wait_until(lambda: watcher.rooms[room].result is not None)
    finally:
        for c in clients:
            await c.close()
    tap = Tap(server.url)
    try:
        received.append(await tap.open())
        received.append(await tap.ask({"t": "ping", "n": 1}, "pong"))
        received.append(await tap.ask({"t": "unqueue", "game": "highcard", "players": 2}, "queued"))
        received.append(await tap.ask({"t": "legal", "room": "nosuchroom"}, "moves"))
    finally:
        await tap.close()
    for msg in received:
        payload_validator(f"server_{msg['t']}").validate(msg)
    assert {"welcome", "joined", "snapshot", "diff", "ok", "moves", "over", "chat", "pong", "queued", "error"} <= {
        m["t"] for m in received
    }
