// Drawing Feast pieces: a good or special tile as its real polyomino outline in its colour,
// coins by value, ore / wood / stone tokens, a small die and an occupation card.

import { svg } from "../../dom.js";
import { t as tr } from "../../i18n/index.js";
import { FILL, STROKE, colourOf, itemName, orientations } from "./data.js";

const SHORT = { silver_1: "1", silver_2: "2", silver_4: "4", silver_10: "10", silver: "1", silver2: "2" };
const RESOURCES = ["ore", "wood", "stone"];

/** The name printed on an item: coins by value, goods and tiles by their name. */
export function shortLabel(item) {
  if (SHORT[item]) return SHORT[item];
  return item.startsWith("pregnant_") ? `${tr("feast.pregnant_mark")}·${itemName(item.slice("pregnant_".length))}` : itemName(item);
}

/**
 * The label of a piece drawn over its widest row of cells: the whole name when it fits,
 * its words on the rows below when the piece has them, drawn narrower (down to 60%) when
 * a word is still too long; nothing when even that does not fit (its title names it).
 */
function pieceLabel(item, cells, cs, fill) {
  const rows = new Map();
  for (const [r, c] of cells) rows.set(r, [...(rows.get(r) ?? []), c]);
  const runs = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([r, cols]) => ({ r, c: Math.min(...cols), n: cols.length }));
  const text = shortLabel(item);
  const width = (s) => s.length * 6.6;
  const widest = runs.reduce((a, b) => (b.n > a.n ? b : a));
  const lines = width(text) <= widest.n * cs - 4 ? [text] : text.split(" ");
  const use = lines.length === 1 ? [widest] : runs.filter((run) => run.r >= widest.r).slice(0, lines.length);
  if (use.length < lines.length || cs < 14) return [];
  return lines.map((line, i) => {
    const room = use[i].n * cs - 4;
    if (width(line) * 0.6 > room) return null;
    const fit = width(line) > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
    return svg("text", { x: use[i].c * cs + 2, y: use[i].r * cs + Math.min(cs - 5, 15), "font-size": 12, fill, class: "piece-label", ...fit }, line);
  }).filter(Boolean);
}

/** A silver coin with its value (`n` may be a word such as "R" for the round number). */
export function coin(n, x, y, size = 18) {
  return svg("g", { transform: `translate(${x},${y})`, class: "coin" }, svg("circle", { cx: size / 2, cy: size / 2, r: size / 2 - 0.5, fill: FILL.silver, stroke: STROKE.silver, "stroke-width": 1.5 }), svg("text", { x: size / 2, y: size / 2 + 4, "font-size": 12, "text-anchor": "middle", fill: "#222", "font-weight": 700 }, String(n)));
}

/** A sword with the sword value beside it. */
export function sword(n, x, y) {
  return svg("g", { transform: `translate(${x},${y})`, class: "sword" }, svg("path", { d: "M2 14L12 4M12 4l2-2M4 9l5 5M2 16l2-2", stroke: "#444", "stroke-width": 2, fill: "none" }), svg("text", { x: 18, y: 13, "font-size": 12, fill: "#222" }, String(n)));
}

/** A resource drawn as players know it: wood as a log's grain, stone as a rock, ore as a nugget. */
export function resourceMark(kind, size, stroke) {
  const s = size;
  if (kind === "wood") return svg("path", { d: `M${s * 0.2} ${s * 0.35}q${s * 0.3} -${s * 0.12} ${s * 0.6} 0M${s * 0.2} ${s * 0.55}q${s * 0.3} -${s * 0.12} ${s * 0.6} 0M${s * 0.2} ${s * 0.75}q${s * 0.3} -${s * 0.12} ${s * 0.6} 0`, stroke, fill: "none", "stroke-width": 1.5 });
  if (kind === "stone") return svg("path", { d: `M${s * 0.2} ${s * 0.75}L${s * 0.3} ${s * 0.35}L${s * 0.55} ${s * 0.22}L${s * 0.8} ${s * 0.45}L${s * 0.75} ${s * 0.78}Z`, stroke, fill: "#c5ced6", "stroke-width": 1.2 });
  return svg("path", { d: `M${s * 0.5} ${s * 0.22}L${s * 0.78} ${s * 0.5}L${s * 0.5} ${s * 0.78}L${s * 0.22} ${s * 0.5}Z`, stroke: "#c9ccd2", fill: "#8d9097", "stroke-width": 1.2 });
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
    if (colour === "silver") g.append(svg("text", { x: 3, y: Math.min(cs - 5, 15), "font-size": 12, fill: "#222", class: "piece-label" }, shortLabel(item)));
    else if (RESOURCES.includes(item)) g.append(resourceMark(item, cs, "#fff"));
    else g.append(...pieceLabel(item, cells, cs, "#fff"));
  }
  g.append(svg("title", { text: itemName(item) }));
  return g;
}

/** Width and height in px of an item drawn in orientation `turn`. */
export function pieceSize(item, turn, cs) {
  const cells = orientations(item)[turn] ?? [[0, 0]];
  return [Math.max(...cells.map(([, c]) => c + 1)) * cs, Math.max(...cells.map(([r]) => r + 1)) * cs];
}

/** A token (ore, wood, stone, silver) as a small round or square chip: a coin by its value, a resource by its picture. */
export function token(kind, x, y, size = 22, extra = {}) {
  const colour = colourOf(kind);
  const g = svg("g", { transform: `translate(${x},${y})`, class: `token token-${kind}`, ...extra });
  if (colour === "silver") g.append(svg("circle", { cx: size / 2, cy: size / 2, r: size / 2 - 1, fill: FILL.silver, stroke: STROKE.silver, "stroke-width": 1.5 }));
  else g.append(svg("rect", { x: 1, y: 1, width: size - 2, height: size - 2, rx: kind === "ore" ? 6 : 2, fill: FILL[colour] ?? "#ccc", stroke: STROKE[colour] ?? "#555", "stroke-width": 1.5 }));
  if (RESOURCES.includes(kind)) g.append(resourceMark(kind, size, "#fff"));
  else g.append(svg("text", { x: size / 2, y: size / 2 + 4, "font-size": 12, "text-anchor": "middle", fill: colour === "silver" ? "#222" : "#fff" }, SHORT[kind] ?? itemName(kind)));
  g.append(svg("title", { text: itemName(kind) }));
  return g;
}
