// Carcassonne: Hunters & Gatherers: the map of laid tiles with the figures on them, pan
// and zoom, the tile in hand, supplies and scores.
//
// Placing: every open square where the tile in hand fits is marked; choosing one shows
// the tile there in its first legal rotation, "Rotate" (or the R key) cycles through the
// legal rotations only, and "Place" (or a click on the preview) sends the move. After a
// tile is laid, the segments where a clan member or a hut may stand are marked on it.

import { clickable, h, svg } from "../dom.js";
import { panZoom } from "../pan_zoom.js";
import { seatColour } from "../panels.js";
import { SIZE, anchors, drawTile, figure } from "./hunters_tile.js";

const ROLE = { hunter: "hunter", gatherer: "gatherer", fisher: "fisher", hut: "hut" };

function turnPoint([x, y], r) {
  for (let i = 0; i < r; i++) [x, y] = [SIZE - y, x];
  return [x, y];
}

function moveLabel(m) {
  switch (m.type) {
    case "place": return `place the tile at (${m.x}, ${m.y}) turned ${m.rotation * 90}°`;
    case "clan": return `a clan member on segment ${m.segment}`;
    case "hut": return `a hut on segment ${m.segment}`;
    case "pass": return "no figure this turn";
    default: return m.type;
  }
}

function placements(ctx) {
  const by = new Map();
  for (const m of ctx.legal) {
    if (m.type !== "place") continue;
    const k = `${m.x},${m.y}`;
    if (!by.has(k)) by.set(k, []);
    by.get(k).push(m);
  }
  return by;
}

function bounds(t, extra) {
  const pts = [...Object.keys(t.map), ...extra].map((k) => k.split(",").map(Number));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 };
}

function tilesAndFigures(t, ctx, g) {
  for (const [k, cell] of Object.entries(t.map)) {
    const [x, y] = k.split(",").map(Number);
    g.append(svg("g", { transform: `translate(${x * SIZE},${y * SIZE})`, "data-path": `/table/map/${k}` }, drawTile(cell.tile, cell.rotation)));
  }
  t.figures.forEach((f, i) => {
    const cell = t.map[f.at];
    if (!cell) return;
    const [x, y] = f.at.split(",").map(Number);
    const [ax, ay] = turnPoint(anchors(cell.tile)[f.segment] ?? [SIZE / 2, SIZE / 2], cell.rotation);
    g.append(svg("g", { "data-path": `/table/figures/${i}` }, figure(x * SIZE + ax, y * SIZE + ay, f.role, seatColour(f.seat)), svg("title", { text: `${ctx.names[f.seat]}: ${ROLE[f.role] ?? f.role}` })));
  });
}

/** Open squares where the tile fits; the chosen one shows the tile in a legal rotation. */
function placementMarks(t, ctx, places, g) {
  const ui = ctx.ui;
  for (const [k, moves] of places) {
    const [x, y] = k.split(",").map(Number);
    if (ui.sel === k) {
      const m = moves[ui.rot % moves.length];
      const preview = svg("g", { transform: `translate(${x * SIZE},${y * SIZE})`, class: "preview", opacity: 0.85 }, drawTile(t.hand, m.rotation), svg("rect", { width: SIZE, height: SIZE, class: "choice-mark" }));
      g.append(clickable(preview, `place here: ${moveLabel(m)}`, () => ctx.play(m)));
      continue;
    }
    const mark = svg("g", { "data-square": k }, svg("rect", { x: x * SIZE + 3, y: y * SIZE + 3, width: SIZE - 6, height: SIZE - 6, rx: 6, class: "choice-mark" }));
    g.append(clickable(mark, `choose square (${x}, ${y}): ${moves.length} rotation${moves.length > 1 ? "s" : ""}`, () => {
      ui.sel = k;
      ui.rot = 0;
      ctx.redraw();
    }));
  }
}

/** After a tile is laid: the segments of it where a clan member or a hut may go. */
function figureSpots(t, ctx, g) {
  const p = t.prompt;
  if (!p || p.ask !== "figure" || p.seat !== ctx.you) return;
  const cell = t.map[p.at];
  const [x, y] = p.at.split(",").map(Number);
  const pts = anchors(cell.tile);
  const taken = [];
  for (const m of ctx.legal.filter((mv) => mv.type === "clan" || mv.type === "hut")) {
    let [ax, ay] = turnPoint(pts[m.segment], cell.rotation);
    const dx = m.type === "hut" ? 7 : -7;
    // segments may lie close together: nudge a spot until it overlaps no other spot
    while (taken.some(([px, py]) => Math.abs(px - ax - dx) < 12 && Math.abs(py - ay) < 12)) ay += 12;
    taken.push([ax + dx, ay]);
    const shape = m.type === "hut"
      ? svg("rect", { x: x * SIZE + ax + dx - 5, y: y * SIZE + ay - 5, width: 10, height: 10, class: "choice-mark" })
      : svg("circle", { cx: x * SIZE + ax + dx, cy: y * SIZE + ay, r: 6, class: "choice-mark" });
    g.append(clickable(svg("g", { "data-segment": `${m.type}-${m.segment}` }, shape), moveLabel(m), () => ctx.play(m)));
  }
}

function mapLayer(t, ctx, places) {
  const g = svg("g", {});
  tilesAndFigures(t, ctx, g);
  placementMarks(t, ctx, places, g);
  figureSpots(t, ctx, g);
  return g;
}

function tools(t, ctx, places, zoomBy) {
  const ui = ctx.ui;
  const sel = ui.sel && places.get(ui.sel);
  const rotate = () => {
    ui.rot = (ui.rot + 1) % sel.length;
    ctx.redraw();
  };
  return h(
    "div",
    { class: "board-tools" },
    h("button", { onclick: () => zoomBy(1.25), "aria-label": "zoom in" }, "+"),
    h("button", { onclick: () => zoomBy(0.8), "aria-label": "zoom out" }, "−"),
    h("button", { onclick: () => zoomBy(0) }, "Fit"),
    t.hand ? h("span", { class: "tag" }, `tile in hand: ${t.hand}`) : null,
    t.hand ? svg("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, width: 48, height: 48, "aria-label": `tile in hand ${t.hand}`, "data-path": "/table/hand" }, drawTile(t.hand, sel ? sel[ui.rot % sel.length].rotation : 0)) : null,
    sel ? h("button", { id: "rotate", onclick: rotate, "data-key": "rotate" }, `Rotate (${sel.length} fit)`) : null,
    sel ? h("button", { id: "place", class: "primary", onclick: () => ctx.play(sel[ui.rot % sel.length]) }, "Place here") : null,
    ctx.legal.some((m) => m.type === "pass") ? h("button", { id: "pass", onclick: () => ctx.play({ type: "pass" }) }, "No figure") : null,
    h("span", { class: "hint" }, `land tiles left ${t.land_left} · bonus ${t.bonus_left}`),
  );
}

/** What a diff did, in words, for the move log: a tile laid, a figure placed. */
function describeOps(ops) {
  const said = [];
  for (const op of ops) {
    const tile = op.op === "add" && op.path.match(/^\/table\/map\/(-?\d+),(-?\d+)$/);
    if (tile) said.push(`laid ${op.value.tile} at (${tile[1]}, ${tile[2]}) turned ${op.value.rotation * 90}°`);
    if (op.op === "add" && /^\/table\/figures\/\d+$/.test(op.path)) said.push(`put a ${ROLE[op.value.role] ?? op.value.role} on the tile at (${op.value.at})`);
  }
  return said.length ? said.join("; ") : null;
}

export const hunters = {
  title: "Hunters & Gatherers",
  moveLabel,
  describeOps,
  prompt(t, ctx) {
    const p = t.prompt;
    if (!p) return "";
    if (p.ask === "place") return `place tile ${p.tile}${p.bonus ? " (a bonus tile)" : ""}: choose a marked square, rotate, then place`;
    return `put a clan member (${p.clan} left) or a hut (${p.huts} left) on the new tile, or no figure`;
  },
  scores(t) {
    return t.scores.map((s, i) => `${s} pts · ${t.supply[i].clan} clan · ${t.supply[i].huts} huts`);
  },
  draw(t, ctx) {
    const places = placements(ctx);
    if (ctx.ui.sel && !places.has(ctx.ui.sel)) ctx.ui.sel = null;
    if (t.hand !== ctx.ui.hand) {
      ctx.ui.hand = t.hand;
      ctx.ui.sel = null;
    }
    const b = bounds(t, [...places.keys()]);
    const box = { x: b.x0 * SIZE, y: b.y0 * SIZE, w: (b.x1 - b.x0 + 1) * SIZE, h: (b.y1 - b.y0 + 1) * SIZE };
    const s = svg("svg", { viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`, class: "board-svg hunters-map", role: "group", "aria-label": "the map of laid tiles", style: `max-height:70vh` });
    s.append(svg("rect", { x: box.x - 10000, y: box.y - 10000, width: 20000, height: 20000, fill: "#e9e2cf" }));
    const layer = mapLayer(t, ctx, places);
    s.append(layer);
    const zoomBy = panZoom(s, layer, ctx.ui, box);
    const rotateKey = (e) => {
      const sel = ctx.ui.sel && places.get(ctx.ui.sel);
      if ((e.key === "r" || e.key === "R") && sel) {
        ctx.ui.rot = (ctx.ui.rot + 1) % sel.length;
        ctx.redraw();
      }
    };
    return h("div", { onkeydown: rotateKey }, tools(t, ctx, places, zoomBy), s);
  },
};
