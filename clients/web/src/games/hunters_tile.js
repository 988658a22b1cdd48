// One Hunters & Gatherers tile drawn from the tile catalogue (the engine's own data
// file): meadow ground, forests reaching in from their sides, rivers from side to side or
// into lakes, animals, fish, gold nuggets and mushrooms — and where each segment lies, so
// figures stand on the segment a move names. Segments are numbered as the engine numbers
// them: forests, river pieces, lakes, meadows, each in data-file order.

import data from "../../../../server/games/hunters/data/hunters-gatherers-tiles.json";
import { svg } from "../dom.js";

export const SIZE = 60;
const S = SIZE;
const TILES = Object.fromEntries([data.start_tile, ...data.land_tiles, ...data.bonus_tiles].map((t) => [t.id, t]));
const SIDE_MID = { N: [S / 2, 4], E: [S - 4, S / 2], S: [S / 2, S - 4], W: [4, S / 2] };
const SIDE_IN = { N: [S / 2, S * 0.22], E: [S * 0.78, S / 2], S: [S / 2, S * 0.78], W: [S * 0.22, S / 2] };
const HALF = { N0: [15, 8], N1: [45, 8], E0: [52, 15], E1: [52, 45], S0: [45, 52], S1: [15, 52], W0: [8, 45], W1: [8, 15] };
const CORNERS = { N: [[0, 0], [S, 0]], E: [[S, 0], [S, S]], S: [[S, S], [0, S]], W: [[0, S], [0, 0]] };
const ANIMAL = { deer: ["D", "#8d5a2b"], mammoth: ["M", "#6d4c41"], aurochs: ["A", "#3e2723"], tiger: ["T", "#e67e22"], boar: ["B", "#5d4037"] };

export function tileData(id) {
  return TILES[id.split(".")[0]];
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

function forests(t, g) {
  for (const f of t.forests) {
    for (const side of f.sides) {
      const [a, b] = CORNERS[side];
      const c = f.sides.length > 1 ? [S / 2, S / 2] : SIDE_IN[side];
      g.append(svg("polygon", { points: `${a} ${b} ${c}`, fill: "#2e6b2f", stroke: "#234f24" }));
    }
    const [x, y] = avg(f.sides.map((s) => SIDE_IN[s]));
    if (f.gold_nugget) g.append(svg("polygon", { points: `${x},${y - 5} ${x + 4},${y} ${x},${y + 5} ${x - 4},${y}`, fill: "#f4d03f", stroke: "#8a6d0b" }));
    for (let i = 0; i < (f.mushrooms ?? 0); i++) g.append(svg("circle", { cx: x - 6 + i * 6, cy: y + 8, r: 2.2, fill: "#e74c3c" }));
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
    g.append(svg("ellipse", { cx: x, cy: y, rx: 9, ry: 7, fill: "#3b8fd1" }));
    if (l.fish) g.append(svg("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, fill: "#fff" }, `${l.fish}f`));
  }
}

function meadows(t, g) {
  for (const m of t.meadows) {
    const [x, y] = avg(m.halves.map((hf) => HALF[hf]));
    let dx = -8;
    for (const [kind, n] of Object.entries(m.animals ?? {})) {
      const [letter, colour] = ANIMAL[kind] ?? [kind[0].toUpperCase(), "#555"];
      for (let i = 0; i < n; i++, dx += 9) {
        g.append(svg("circle", { cx: x + dx, cy: y + 9, r: 4, fill: colour }), svg("text", { x: x + dx, y: y + 11.5, "text-anchor": "middle", "font-size": 6, fill: "#fff" }, letter));
      }
    }
    if (m.fire) g.append(svg("text", { x, y: y - 4, "text-anchor": "middle", "font-size": 9, fill: "#c0392b" }, "fire"));
    if (m.shrine) g.append(svg("text", { x, y: y - 4, "text-anchor": "middle", "font-size": 8 }, "shrine"));
  }
}

/** The tile as an SVG group at the origin, turned `rotation` quarter turns clockwise. */
export function drawTile(id, rotation = 0) {
  const t = tileData(id);
  const g = svg("g", { transform: `rotate(${rotation * 90} ${S / 2} ${S / 2})` });
  g.append(svg("rect", { width: S, height: S, fill: t.kind === "bonus" ? "#c5e1a5" : "#b5d98a", stroke: "#6b8e3a", "stroke-width": 1 }));
  forests(t, g);
  waters(t, g);
  meadows(t, g);
  if (t.volcano) g.append(svg("polygon", { points: `${S * 0.12},${S * 0.3} ${S * 0.22},${S * 0.12} ${S * 0.32},${S * 0.3}`, fill: "#7f6a5a" }));
  if (t.kind === "bonus") g.append(svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, fill: "none", stroke: "#f4d03f", "stroke-width": 2, "stroke-dasharray": "3 2" }));
  return g;
}

/** A figure: a hut is a little house, a follower a pawn; drawn at a segment's anchor. */
export function figure(x, y, role, colour) {
  if (role === "hut") {
    return svg("polygon", { points: `${x - 6},${y + 5} ${x - 6},${y - 1} ${x},${y - 7} ${x + 6},${y - 1} ${x + 6},${y + 5}`, fill: colour, stroke: "#fff", "stroke-width": 1.2 });
  }
  return svg("g", {}, svg("circle", { cx: x, cy: y - 3, r: 3.5, fill: colour, stroke: "#fff", "stroke-width": 1 }), svg("rect", { x: x - 4.5, y: y, width: 9, height: 6, rx: 2, fill: colour, stroke: "#fff", "stroke-width": 1 }));
}
