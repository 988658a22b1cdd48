// Which renderer draws which game. A game without its own renderer gets the generic one:
// its prompt, its moves as words and its table as a readable tree, so every game the
// server hosts is playable in the browser from the day its engine lands.

import { SAY } from "../words.js";
import { feast } from "./feast/index.js";
import { generic } from "./generic.js";
import { hunters } from "./hunters.js";
import { vikings } from "./vikings.js";

const RENDERERS = { vikings, hunters, feast };

export function rendererFor(game) {
  return { ...generic, ...(RENDERERS[game] ?? {}) };
}

/** Draw `game` with `renderer` and word its decisions with `say` (functions keyed by the
 * description's `k`, as in words.js): for a renderer the product bundle leaves out — the
 * test build's High Card (test/app/), whose entry calls this before the app starts. */
export function addGame(game, renderer, say = {}) {
  RENDERERS[game] = renderer;
  Object.assign(SAY, say);
}
