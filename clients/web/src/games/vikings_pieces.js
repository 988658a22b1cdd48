// The pieces of Vikings as SVG: island tiles (sea edges rounded), ships with their sail
// colour, and vikings as discs in their colour. Shared by the wheel and the fjords.

import { svg } from "../dom.js";

export const COLOUR = { blue: "#2e86c1", yellow: "#e2b007", green: "#27ae60", red: "#c0392b", black: "#222", grey: "#8e9ba3" };
export const ROW_COLOUR = [null, "black", "red", "green", "yellow", "blue"];
export const SAIL = { SR: "red", SG: "green", SY: "yellow", SB: "blue" };
export const CELL = 36;

export function viking(x, y, colour, r = 7) {
  return svg("circle", { cx: x, cy: y, r, fill: COLOUR[colour] ?? "#ccc", stroke: "#fff", "stroke-width": 1.5 });
}

/** One tile: an island piece (sea edges rounded) or a ship with its sail colour. */
export function tile(kind, x, y, w = CELL - 4) {
  const g = svg("g", { transform: `translate(${x},${y})` });
  if (SAIL[kind]) {
    g.append(
      svg("rect", { width: w, height: w, rx: 3, fill: "#bfe0f2", stroke: "#7aa9c4" }),
      svg("path", { d: `M${w * 0.12},${w * 0.68} L${w * 0.88},${w * 0.68} L${w * 0.75},${w * 0.88} L${w * 0.25},${w * 0.88} Z`, fill: "#7b4a22" }),
      svg("path", { d: `M${w / 2},${w * 0.12} L${w / 2},${w * 0.66} L${w * 0.82},${w * 0.6} Z`, fill: COLOUR[SAIL[kind]], stroke: "#333", "stroke-width": 0.6 }),
    );
    return g;
  }
  const rl = kind === "L" ? w / 2 : 2;
  const rr = kind === "R" ? w / 2 : 2;
  g.append(
    svg("rect", { width: w, height: w, fill: "#bfe0f2", rx: 3 }),
    svg("path", {
      d: `M${rl},2 H${w - rr} A${rr - 1},${w / 2 - 2} 0 0 1 ${w - rr},${w - 2} H${rl} A${rl - 1},${w / 2 - 2} 0 0 1 ${rl},2 Z`,
      fill: "#c9b27c",
      stroke: "#8a7445",
    }),
  );
  if (kind.startsWith("M")) {
    g.append(
      svg("rect", { x: w * 0.3, y: w * 0.18, width: w * 0.4, height: w * 0.3, fill: "#9c5b2e" }),
      svg("text", { x: w / 2, y: w * 0.42, "text-anchor": "middle", "font-size": 10.5, fill: "#fff" }, kind.slice(1)),
    );
  }
  return g;
}

