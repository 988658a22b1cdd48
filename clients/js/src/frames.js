// The wire as the client speaks it, for tools that handle raw frames (the protocol
// playground, a debugging proxy): a frame is one msgpack map, and a view follows its
// room's diffs by applying their RFC 6902 ops in order. The client's own mirrors apply
// diffs through `applyDiff` too, so a tool's mirror is the client's.

import { decode, encode } from "@msgpack/msgpack";
import { applyPatch } from "fast-json-patch/index.mjs";

/** One message as the bytes of its frame. */
export function encodeFrame(msg) {
  return encode(msg);
}

/** The message a frame's bytes hold (throws on bytes that are no msgpack). */
export function decodeFrame(bytes) {
  return decode(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes);
}

/** The view after a diff's ops; like the client's mirrors, it changes the view given in
 * place (a diff costs what it changes, not a copy of the view). */
export function applyDiff(view, ops) {
  return applyPatch(view, ops, false, true).newDocument;
}
