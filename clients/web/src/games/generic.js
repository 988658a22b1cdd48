// The renderer every game falls back on: words from any move map, and the table as a tree.

import { h } from "../dom.js";

export function words(value) {
  if (value === null || value === undefined) return "";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map(words).join(", ");
  return Object.entries(value)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${words(v)}`)
    .join(", ");
}

export const generic = {
  title: null,
  prompt(table) {
    const p = table.prompt;
    if (!p) return "";
    return p.ask ? `${p.ask.replaceAll("_", " ")}` : words(p);
  },
  moveLabel(move) {
    if (move && typeof move === "object" && move.type) {
      const rest = words(move);
      return rest ? `${move.type.replaceAll("_", " ")}: ${rest}` : move.type.replaceAll("_", " ");
    }
    return words(move);
  },
  draw(table) {
    return h("pre", { class: "tree", "data-path": "/table" }, JSON.stringify(table, null, 1));
  },
};
