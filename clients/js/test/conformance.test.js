// The shared conformance fixtures of protocol/: golden msgpack bytes of every message,
// and (old view, ops, new view) triples that every client must apply exactly.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { decode, encode } from "@msgpack/msgpack";
import { applyPatch, deepClone } from "fast-json-patch/index.mjs";
import { CLIENT_TYPES, ERROR_CODES, SERVER_TYPES } from "../src/index.js";

const FIXTURES = new URL("../../../protocol/fixtures/", import.meta.url);
const messages = JSON.parse(readFileSync(new URL("messages.json", FIXTURES), "utf8"));
const diffs = JSON.parse(readFileSync(new URL("diffs.json", FIXTURES), "utf8"));
const hex = (bytes) => Buffer.from(bytes).toString("hex");

test("every message type has a golden fixture", () => {
  const client = messages.filter((m) => m.side === "client").map((m) => m.type);
  const server = messages.filter((m) => m.side === "server").map((m) => m.type);
  assert.deepEqual(client, [...CLIENT_TYPES]);
  assert.deepEqual(server, [...SERVER_TYPES]);
});

for (const m of messages) {
  test(`${m.side} ${m.type}: encodes to the golden bytes and decodes back`, () => {
    assert.equal(hex(encode(m.message)), m.hex);
    assert.deepEqual(decode(Buffer.from(m.hex, "hex")), m.message);
  });
}

for (const d of diffs) {
  test(`diff: ${d.name}`, () => {
    const doc = deepClone(d.old);
    const out = applyPatch(doc, d.ops, false, true).newDocument;
    assert.deepEqual(out, d.new);
  });
}

test("error codes are the protocol's", () => {
  assert.ok(ERROR_CODES.includes("illegal_move"));
  assert.ok(ERROR_CODES.includes("stale_seq"));
  assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length);
});
