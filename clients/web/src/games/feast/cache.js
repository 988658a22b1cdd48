// Reusing drawn parts between redraws: a part whose inputs did not change (an exploration
// board, another player's home board, the action board when nothing on it can be clicked)
// is built once and stood in for by an empty element carrying its key (`data-memo`, a
// stand-in of morph.js): the page's update in place leaves the part already in the
// document as it is, without building or comparing what it holds, and copies the drawing
// only where the page does not hold it yet. Only parts without click handlers bound to
// the current legal moves are kept (a copy has no listeners).

import { real, standIn } from "../../morph.js";

/** Start a redraw: parts not asked for again during it are dropped. */
export function beginDraw(ui) {
  ui.drawnBefore = ui.drawnNow ?? new Map();
  ui.drawnNow = new Map();
}

/** A short digest of `key` (FNV-1a), for the attribute. */
function digest(key) {
  let x = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) x = Math.imul(x ^ key.charCodeAt(i), 0x01000193);
  return `${(x >>> 0).toString(36)}${key.length.toString(36)}`;
}

/** A stand-in for the node drawn for `key` last time if there was one, else for `build()`'s. */
export function cached(ui, key, build) {
  const kept = ui.drawnNow.get(key) ?? ui.drawnBefore?.get(key) ?? real(build()); // parts cached within it: drawn
  ui.drawnNow.set(key, kept);
  return standIn(kept, digest(key));
}
