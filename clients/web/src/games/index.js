// Which renderer draws which game. A game without its own renderer gets the generic one:
// its prompt, its moves as words and its table as a readable tree, so every game the
// server hosts is playable in the browser from the day its engine lands.

import { feast } from "./feast/index.js";
import { generic } from "./generic.js";
import { highcard } from "./highcard.js";
import { hunters } from "./hunters.js";
import { vikings } from "./vikings.js";

const RENDERERS = { vikings, hunters, feast, highcard };

export function rendererFor(game) {
  return { ...generic, ...(RENDERERS[game] ?? {}) };
}
