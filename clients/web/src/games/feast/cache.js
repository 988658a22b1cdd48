// Reusing drawn parts between redraws: a part whose inputs did not change (an exploration
// board, another player's home board, the action board when nothing on it can be clicked)
// is built once and copied, so a redraw builds only what changed. The copy carries its
// key (`data-memo`), by which the page's update in place (morph.js) leaves the part
// already in the document as it is, without comparing what it holds. Only parts without
// click handlers bound to the current legal moves are kept (a copy has no listeners).

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

/** A copy of the node drawn for `key` last time if there was one, else of `build()`'s. */
export function cached(ui, key, build) {
  let kept = ui.drawnNow.get(key) ?? ui.drawnBefore?.get(key);
  if (!kept) {
    kept = build();
    kept.setAttribute("data-memo", digest(key));
  }
  ui.drawnNow.set(key, kept);
  return kept.cloneNode(true);
}
