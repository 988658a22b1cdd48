// One Hunters & Gatherers tile drawn from the tile catalogue (the engine's own data
// file): meadow ground, forests reaching in from their sides, rivers from side to side or
// into lakes — and, upright whatever the tile's rotation, its animals, fish, gold
// nuggets, mushrooms, fires and shrines as icons with a tooltip each. It also says where
// each segment lies, so figures stand on the segment a move names. Segments are numbered
// as the engine numbers them: forests, river pieces, lakes, meadows, in data-file order.

import data from "../../../../server/games/hunters/data/hunters-gatherers-tiles.json";
import { svg } from "../dom.js";
import { t as tr } from "../i18n/index.js";
import { animal } from "../words.js";

export const SIZE = 60;
const S = SIZE;
const TILES = Object.fromEntries([data.start_tile, ...data.land_tiles, ...data.bonus_tiles].map((t) => [t.id, t]));
const SIDE_MID = { N: [S / 2, 4], E: [S - 4, S / 2], S: [S / 2, S - 4], W: [4, S / 2] };
const SIDE_IN = { N: [S / 2, S * 0.22], E: [S * 0.78, S / 2], S: [S / 2, S * 0.78], W: [S * 0.22, S / 2] };
const HALF = { N0: [15, 8], N1: [45, 8], E0: [52, 15], E1: [52, 45], S0: [45, 52], S1: [15, 52], W0: [8, 45], W1: [8, 15] };
const CORNERS = { N: [[0, 0], [S, 0]], E: [[S, 0], [S, S]], S: [[S, S], [0, S]], W: [[0, S], [0, 0]] };
// animal icons: a disc in the animal's colour with its initial, 12 map units across
const ANIMAL = { deer: "#a0522d", mammoth: "#5d4037", aurochs: "#263238", tiger: "#e67e22", boar: "#6d4c41" };
export const ICON = 12;
export const LABEL = 9; // the size of the words on a tile (animal letters, fish counts), map units

export function tileData(id) {
  return TILES[id.split(".")[0]];
}

/** A point of an unturned tile after `r` quarter turns clockwise (as SVG rotate turns it). */
export function turnPoint([x, y], r) {
  for (let i = 0; i < r; i++) [x, y] = [S - y, x];
  return [x, y];
}

const avg = (pts) => [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];

function lakeSpots(t) {
  const n = t.lakes.length;
  return Object.fromEntries(t.lakes.map((l, i) => [l.id, n === 1 ? [S / 2, S / 2] : [S * (0.35 + (0.3 * i) / (n - 1)), S * 0.5]]));
}

/** Where each segment of the tile lies (unrotated), in the engine's segment order. */
export function anchors(id) {
  const t = tileData(id);
  const lakes = lakeSpots(t);
  const out = [];
  for (const f of t.forests) out.push(avg(f.sides.map((s) => SIDE_IN[s])));
  for (const r of t.rivers) {
    const pts = r.ends.map((e) => SIDE_MID[e] ?? lakes[e] ?? [S / 2, S / 2]);
    const [x, y] = avg(pts);
    out.push([x + 4, y - 4]);
  }
  for (const l of t.lakes) out.push(lakes[l.id]);
  for (const m of t.meadows) out.push(avg(m.halves.map((hf) => HALF[hf])));
  return out;
}

/** The segment kinds in the engine's order (forest, river, lake, meadow). */
export function segmentKinds(id) {
  const t = tileData(id);
  return [...t.forests.map(() => "forest"), ...t.rivers.map(() => "river"), ...t.lakes.map(() => "lake"), ...t.meadows.map(() => "meadow")];
}

function forests(t, g) {
  for (const f of t.forests) {
    for (const side of f.sides) {
      const [a, b] = CORNERS[side];
      const c = f.sides.length > 1 ? [S / 2, S / 2] : SIDE_IN[side];
      g.append(svg("polygon", { points: `${a} ${b} ${c}`, fill: "#2e6b2f", stroke: "#234f24" }));
    }
  }
}

function waters(t, g) {
  const lakes = lakeSpots(t);
  for (const r of t.rivers) {
    const pts = r.ends.map((e) => SIDE_MID[e] ?? lakes[e] ?? [S / 2, S / 2]);
    const [p, q] = [pts[0], pts[1] ?? [S / 2, S / 2]];
    g.append(svg("path", { d: `M${p[0]},${p[1]} Q${S / 2},${S / 2} ${q[0]},${q[1]}`, stroke: "#3b8fd1", "stroke-width": 6, fill: "none", "stroke-linecap": "round" }));
    if (r.ends.includes("spring")) g.append(svg("circle", { cx: q[0], cy: q[1], r: 3, fill: "#85c1e9" }));
  }
  for (const l of t.lakes) {
    const [x, y] = lakes[l.id];
    g.append(svg("ellipse", { cx: x, cy: y, rx: 10, ry: 8, fill: "#3b8fd1" }));
  }
}

const tip = (text) => svg("title", { text });

function animalIcon(x, y, kind) {
  const colour = ANIMAL[kind] ?? "#555";
  const letter = ANIMAL[kind] ? tr(`hunters.animal_letter.${kind}`) : kind[0].toUpperCase();
  return svg("g", { class: "animal", "data-animal": kind }, svg("circle", { cx: x, cy: y, r: ICON / 2, fill: colour, stroke: "#fff", "stroke-width": 1 }),
    svg("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": LABEL, "font-weight": 700, fill: "#fff" }, letter), tip(animal(kind)));
}

function fishIcon(x, y, n) {
  return svg("g", { class: "fish" }, svg("path", { d: `M${x - 6},${y} q4,-4 8,0 q-4,4 -8,0 z M${x + 2},${y} l3,-3 v6 z`, fill: "#fff" }),
    svg("text", { x: x + 6, y, "dominant-baseline": "central", "font-size": LABEL, "font-weight": 700, fill: "#fff" }, n), tip(tr("hunters.fish", { count: n })));
}

/** The upright layer: icons at the turned positions of their segments. */
function icons(t, rotation) {
  const g = svg("g", { class: "tile-icons" });
  const at = (p) => turnPoint(p, rotation);
  for (const f of t.forests) {
    const [x, y] = at(avg(f.sides.map((s) => SIDE_IN[s])));
    if (f.gold_nugget) g.append(svg("g", {}, svg("polygon", { points: `${x},${y - 6} ${x + 5},${y} ${x},${y + 6} ${x - 5},${y}`, fill: "#f4d03f", stroke: "#8a6d0b" }), tip(tr("hunters.tip.nugget"))));
    for (let i = 0; i < (f.mushrooms ?? 0); i++) {
      const mx = x - 6 + i * 7;
      g.append(svg("g", {}, svg("path", { d: `M${mx - 3.5},${y + 9} a3.5,3.5 0 0 1 7,0 z`, fill: "#e74c3c" }), svg("rect", { x: mx - 1, y: y + 9, width: 2, height: 3, fill: "#f5e6c8" }), tip(tr("hunters.tip.mushrooms"))));
    }
  }
  const lakes = lakeSpots(t);
  for (const l of t.lakes) if (l.fish) g.append(fishIcon(...at(lakes[l.id]), l.fish));
  for (const m of t.meadows) {
    const [x, y] = at(avg(m.halves.map((hf) => HALF[hf])));
    const herd = Object.entries(m.animals ?? {}).flatMap(([kind, n]) => Array(n).fill(kind));
    herd.forEach((kind, i) => g.append(animalIcon(x + (i - (herd.length - 1) / 2) * (ICON + 1), y, kind)));
    if (m.fire) g.append(svg("g", {}, svg("path", { d: `M${x},${y - 15} q6,6 0,11 q-6,-5 0,-11 z`, fill: "#e74c3c", stroke: "#f39c12" }), tip(tr("hunters.tip.fire"))));
    if (m.shrine) g.append(svg("g", {}, svg("path", { d: `M${x - 6},${y - 8} h12 l-6,-7 z M${x - 4},${y - 8} v6 h8 v-6`, fill: "#f5e6c8", stroke: "#6b4f2a" }), tip(tr("hunters.tip.shrine"))));
  }
  if (t.volcano) g.append(svg("g", {}, svg("polygon", { points: `${at([7, 18])} ${at([13, 7])} ${at([19, 18])}`, fill: "#7f6a5a" }), tip(tr("hunters.tip.volcano"))));
  return g;
}

const drawn = new Map(); // "id:rotation" -> the drawn group, cloned for each use

/** The tile as an SVG group at the origin, turned `rotation` quarter turns clockwise;
 * its icons and words stay upright. Built once per tile and rotation, then cloned: a
 * redraw of a large map copies nodes instead of building them again. */
export function drawTile(id, rotation = 0) {
  const key = `${id}:${rotation}`;
  if (!drawn.has(key)) drawn.set(key, buildTile(id, rotation));
  return drawn.get(key).cloneNode(true);
}

function buildTile(id, rotation) {
  const t = tileData(id);
  const ground = svg("g", { transform: `rotate(${rotation * 90} ${S / 2} ${S / 2})` });
  ground.append(svg("rect", { width: S, height: S, fill: t.kind === "bonus" ? "#c5e1a5" : "#b5d98a", stroke: "#6b8e3a", "stroke-width": 1 }));
  forests(t, ground);
  waters(t, ground);
  if (t.kind === "bonus") ground.append(svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, fill: "none", stroke: "#f4d03f", "stroke-width": 2, "stroke-dasharray": "3 2" }));
  return svg("g", { class: "tile", "data-tile": id }, ground, icons(t, rotation));
}

/** A figure: a hut is a little house, a follower a pawn; drawn at a segment's anchor. */
export function figure(x, y, role, colour) {
  if (role === "hut") {
    return svg("polygon", { points: `${x - 7},${y + 6} ${x - 7},${y - 1} ${x},${y - 8} ${x + 7},${y - 1} ${x + 7},${y + 6}`, fill: colour, stroke: "#fff", "stroke-width": 1.4 });
  }
  return svg("g", {}, svg("circle", { cx: x, cy: y - 4, r: 4, fill: colour, stroke: "#fff", "stroke-width": 1.2 }), svg("rect", { x: x - 5.5, y: y, width: 11, height: 7, rx: 2.5, fill: colour, stroke: "#fff", "stroke-width": 1.2 }));
}
