// Reusing drawn parts between redraws: a part whose inputs did not change (an exploration
// board, another player's home board, the action board when nothing on it can be clicked)
// keeps its nodes, so a redraw builds only what changed. Only parts without click handlers
// bound to the current legal moves are kept.

/** Start a redraw: parts not asked for again during it are dropped. */
export function beginDraw(ui) {
  ui.drawnBefore = ui.drawnNow ?? new Map();
  ui.drawnNow = new Map();
}

/** The node drawn for `key` last time if there was one, else `build()`'s. */
export function cached(ui, key, build) {
  const old = ui.drawnBefore?.get(key);
  const node = old && !ui.drawnNow.has(key) ? old : build();
  ui.drawnNow.set(key, node);
  return node;
}
