// The wire helpers the package exports for tools that handle raw frames: a message and its
// frame's bytes, and a diff applied as the client's mirrors apply it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyDiff, decodeFrame, encodeFrame } from "../src/index.js";

test("a message goes through its frame unchanged, from bytes or an ArrayBuffer", () => {
  const msg = { t: "create", game: "vikings", seats: 2, options: { rounds: 3 }, private: false };
  const bytes = encodeFrame(msg);
  assert.ok(bytes instanceof Uint8Array && bytes[0] === 0x85); // a msgpack map of five fields
  assert.deepEqual(decodeFrame(bytes), msg);
  assert.deepEqual(decodeFrame(bytes.slice().buffer), msg);
  assert.throws(() => decodeFrame(new Uint8Array([0xc1])));
});

test("a diff's ops make the next view", () => {
  const view = { status: "open", seats: [{ player: "a", name: "Ann" }, null] };
  const next = applyDiff(view, [
    { op: "replace", path: "/seats/1", value: { player: "b", name: "Bo" } },
    { op: "replace", path: "/status", value: "playing" },
  ]);
  assert.deepEqual(next, { status: "playing", seats: [{ player: "a", name: "Ann" }, { player: "b", name: "Bo" }] });
});
