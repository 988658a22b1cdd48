// Drawing Feast pieces: a good or special tile as its real polyomino outline in its colour,
// coins by value, ore / wood / stone tokens, a small die and an occupation card.

import { svg } from "../../dom.js";
import { t as tr } from "../../i18n/index.js";
import { FILL, STROKE, colourOf, itemName, orientations } from "./data.js";

const SHORT = { silver_1: "1", silver_2: "2", silver_4: "4", silver_10: "10", silver: "1", silver2: "2" };
const RESOURCES = ["ore", "wood", "stone"];

/** A short printed label of an item (what fits on its first cell). */
export function shortLabel(item) {
  if (SHORT[item]) return SHORT[item];
  if (RESOURCES.includes(item)) return tr(`feast.short.${item}`);
  const n = item.startsWith("pregnant_") ? `${tr("feast.pregnant_mark")}·${itemName(item.slice("pregnant_".length))}` : itemName(item);
  return n.length > 5 ? n.slice(0, 4) : n;
}

/** The outline path of a set of cells (only the edges no other cell of the set shares). */
function outline(cells, cs) {
  const has = new Set(cells.map(([r, c]) => `${r},${c}`));
  let d = "";
  for (const [r, c] of cells) {
    const x = c * cs;
    const y = r * cs;
    if (!has.has(`${r - 1},${c}`)) d += `M${x} ${y}h${cs}`;
    if (!has.has(`${r + 1},${c}`)) d += `M${x} ${y + cs}h${cs}`;
    if (!has.has(`${r},${c - 1}`)) d += `M${x} ${y}v${cs}`;
    if (!has.has(`${r},${c + 1}`)) d += `M${x + cs} ${y}v${cs}`;
  }
  return d;
}

/**
 * An item drawn as its shape in orientation `turn`, top-left at (x, y), `cs` px per cell.
 * `extra` holds attributes for the group (class, data-*), `label` false to leave the name off.
 */
export function pieceShape(item, turn, x, y, cs, extra = {}, label = true) {
  const cells = orientations(item)[turn] ?? [[0, 0]];
  const colour = colourOf(item);
  const g = svg("g", { transform: `translate(${x},${y})`, class: `piece piece-${colour}`, "data-item": item, ...extra });
  const round = colour === "silver" || colour === "ore" ? cs * 0.3 : 2;
  for (const [r, c] of cells) {
    g.append(svg("rect", { x: c * cs, y: r * cs, width: cs, height: cs, rx: cells.length === 1 ? round : 0, fill: FILL[colour] }));
  }
  g.append(svg("path", { d: outline(cells, cs), stroke: STROKE[colour], "stroke-width": 2, fill: "none", "stroke-linecap": "square" }));
  if (label && cs >= 14) {
    const [r, c] = cells[0];
    g.append(svg("text", { x: c * cs + 3, y: r * cs + Math.min(cs - 5, 15), "font-size": 12, fill: colour === "silver" ? "#222" : "#fff", class: "piece-label" }, shortLabel(item)));
  }
  g.append(svg("title", { text: itemName(item) }));
  return g;
}

/** Width and height in px of an item drawn in orientation `turn`. */
export function pieceSize(item, turn, cs) {
  const cells = orientations(item)[turn] ?? [[0, 0]];
  return [Math.max(...cells.map(([, c]) => c + 1)) * cs, Math.max(...cells.map(([r]) => r + 1)) * cs];
}

/** A token (ore, wood, stone, silver) as a small round or square chip with its label. */
export function token(kind, x, y, size = 22, extra = {}) {
  const colour = colourOf(kind);
  const g = svg("g", { transform: `translate(${x},${y})`, class: `token token-${kind}`, ...extra });
  if (colour === "silver") g.append(svg("circle", { cx: size / 2, cy: size / 2, r: size / 2 - 1, fill: FILL.silver, stroke: STROKE.silver, "stroke-width": 1.5 }));
  else g.append(svg("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: kind === "ore" ? 6 : 2, fill: FILL[colour] ?? "#ccc", stroke: STROKE[colour] ?? "#555", "stroke-width": 1.5 }));
  g.append(svg("text", { x: size / 2, y: size / 2 + 4, "font-size": 12, "text-anchor": "middle", fill: colour === "silver" ? "#222" : "#fff" }, SHORT[kind] ?? (RESOURCES.includes(kind) ? tr(`feast.short.${kind}`) : kind.slice(0, 2))));
  g.append(svg("title", { text: itemName(kind) }));
  return g;
}
