// Carcassonne: Hunters & Gatherers: the map of laid tiles with the figures on them, pan
// and zoom, the tile in hand, supplies and scores.
//
// Placing: every open square where the tile in hand fits is marked; choosing one shows
// the tile there, outlined in your colour, in its first legal rotation; "Rotate" (or the
// R key) cycles through the legal rotations only, and "Place" (or a click on the preview)
// sends the move. After a tile is laid, the segments where a hunter, gatherer, fisher or
// hut may stand are marked on it. A completed forest or river flashes its last tile and
// pops its points.

import { clickable, h, svg } from "../dom.js";
import { panZoom } from "../pan_zoom.js";
import { seatColour } from "../panels.js";
import { list, num, t as tr } from "../i18n/index.js";
import { feature, role } from "../words.js";
import { LABEL, SIZE, anchors, drawTile, figure, segmentKinds, turnPoint } from "./hunters_tile.js";
import { whereWords } from "./hunters_say.js";

const PX = 1.4; // screen pixels per map unit at the default zoom: animal icons 17 px wide
const READ = 11; // the smallest on-screen size of the map's words, in px
const GROW = 1.6; // labels grow up to this much when zoomed out; further out they are left out

/**
 * Keep the map's labels (animal letters, fish counts) at READ px or more on screen: as
 * the map is zoomed out they grow (CSS variable --k on the map); once they would have to
 * grow more than GROW times, the map is too small to read them and draws the icons alone
 * (class "far"; each icon still names itself on hover, and zooming in brings them back).
 */
function readable(s, zoom) {
  const k = READ / (LABEL * PX * zoom);
  s.style.setProperty("--k", String(Math.max(1, Math.min(k, GROW))));
  s.classList.toggle("far", k > GROW);
}
const IN_HAND = Math.ceil((SIZE * READ) / LABEL) + 4; // the tile in hand (and its 2 px border): labels READ px
const ROLE_ON = { meadow: "hunter", forest: "gatherer", river: "fisher", lake: "fisher" };

/** What a clan member becomes on segment `i` of the tile at the prompt's square. */
function roleOf(t, segment) {
  const kind = t?.prompt?.tile ? segmentKinds(t.prompt.tile)[segment] : null;
  return [ROLE_ON[kind] ?? "clan", kind];
}

function moveLabel(m, t) {
  switch (m.type) {
    case "place": return tr(m.rotation ? "hunters.move.place_turned" : "hunters.move.place", { where: whereWords(m.x, m.y), turn: tr(`hunters.turned.${m.rotation}`) }); // as the log says it
    case "clan": {
      const [who, kind] = roleOf(t, m.segment);
      return kind ? tr("hunters.move.clan", { role: role(who), feature: feature(kind) }) : tr("hunters.move.clan_tile", { role: role(who) });
    }
    case "hut": return tr("hunters.move.hut", { feature: feature(roleOf(t, m.segment)[1] ?? "river") });
    case "pass": return tr("hunters.move.pass");
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
    const done = ctx.ui.pop && ctx.ui.pop.at === k;
    g.append(svg("g", { transform: `translate(${x * SIZE},${y * SIZE})`, "data-path": `/table/map/${k}` }, drawTile(cell.tile, cell.rotation),
      done ? svg("rect", { width: SIZE, height: SIZE, class: "completed", style: `animation-delay:-${Date.now() - ctx.ui.pop.t}ms` }) : null));
  }
  t.figures.forEach((f, i) => {
    const cell = t.map[f.at];
    if (!cell) return;
    const [x, y] = f.at.split(",").map(Number);
    const [ax, ay] = turnPoint(anchors(cell.tile)[f.segment] ?? [SIZE / 2, SIZE / 2], cell.rotation);
    g.append(svg("g", { "data-path": `/table/figures/${i}`, class: "figure" }, figure(x * SIZE + ax, y * SIZE + ay, f.role, seatColour(f.seat)), svg("title", { text: tr(f.shrine ? "hunters.figure_shrine" : "hunters.figure", { name: ctx.names[f.seat], role: role(f.role) }) })));
  });
}

/** Open squares where the tile fits; the chosen one shows the tile in a legal rotation. */
function placementMarks(t, ctx, places, g) {
  const ui = ctx.ui;
  const mine = seatColour(ctx.you ?? 0);
  for (const [k, moves] of places) {
    const [x, y] = k.split(",").map(Number);
    if (ui.sel === k) {
      const m = moves[ui.rot % moves.length];
      const preview = svg("g", { transform: `translate(${x * SIZE},${y * SIZE})`, class: "preview", "data-preview": k },
        drawTile(t.hand, m.rotation),
        svg("rect", { x: -2, y: -2, width: SIZE + 4, height: SIZE + 4, rx: 3, class: "preview-frame", stroke: mine }),
        svg("circle", { cx: SIZE - 2, cy: 2, r: 9, fill: mine, stroke: "#fff", "stroke-width": 2 }),
        svg("path", { d: `M${SIZE - 6},2 l3,3 l6,-6`, stroke: "#fff", "stroke-width": 2.4, fill: "none" }));
      g.append(clickable(preview, tr("hunters.place_here", { move: moveLabel(m, t) }), () => ctx.play(m)));
      continue;
    }
    const mark = svg("g", { "data-square": k }, svg("rect", { x: x * SIZE + 3, y: y * SIZE + 3, width: SIZE - 6, height: SIZE - 6, rx: 6, class: "choice-mark" }),
      svg("path", { d: `M${x * SIZE + SIZE / 2 - 5},${y * SIZE + SIZE / 2} h10 M${x * SIZE + SIZE / 2},${y * SIZE + SIZE / 2 - 5} v10`, stroke: "#1d6fd6", "stroke-width": 2, "pointer-events": "none" }));
    g.append(clickable(mark, tr("hunters.choose_square", { where: whereWords(x, y), count: moves.length }), () => {
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
  const colour = seatColour(ctx.you);
  for (const m of ctx.legal.filter((mv) => mv.type === "clan" || mv.type === "hut")) {
    let [ax, ay] = turnPoint(pts[m.segment], cell.rotation);
    const dx = m.type === "hut" ? 8 : -8;
    // segments may lie close together: nudge a spot until it overlaps no other spot
    while (taken.some(([px, py]) => Math.abs(px - ax - dx) < 14 && Math.abs(py - ay) < 14)) ay += 14;
    taken.push([ax + dx, ay]);
    const spot = svg("g", { "data-segment": `${m.type}-${m.segment}`, class: "figure-spot" },
      svg("circle", { cx: x * SIZE + ax + dx, cy: y * SIZE + ay, r: 8, class: "choice-mark" }),
      svg("g", { opacity: 0.75 }, figure(x * SIZE + ax + dx, y * SIZE + ay, m.type === "hut" ? "hut" : "clan", colour)));
    g.append(clickable(spot, moveLabel(m, t), () => ctx.play(m)));
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
  const figures = ctx.legal.some((m) => m.type === "pass");
  return h(
    "div",
    { class: "board-tools" },
    h("button", { onclick: () => zoomBy(1.25), "aria-label": tr("hunters.zoom_in") }, "+"),
    h("button", { onclick: () => zoomBy(0.8), "aria-label": tr("hunters.zoom_out") }, "−"),
    h("button", { class: "fit", onclick: () => zoomBy(0), title: tr("hunters.fit_title") }, tr("hunters.fit")),
    t.hand ? svg("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, width: IN_HAND, height: IN_HAND, class: "in-hand", "aria-label": tr("hunters.in_hand"), "data-path": "/table/hand" }, drawTile(t.hand, sel ? sel[ui.rot % sel.length].rotation : 0), svg("title", { text: tr("hunters.in_hand") })) : null,
    sel ? h("button", { id: "rotate", onclick: rotate, "data-key": "rotate", title: tr("hunters.rotate_title") }, tr("hunters.rotate", { n: sel.length })) : null,
    sel ? h("button", { id: "place", class: "primary", onclick: () => ctx.play(sel[ui.rot % sel.length]) }, tr("hunters.place")) : null,
    t.hand && !sel && places.size ? h("span", { class: "hint" }, tr("hunters.choose")) : null,
    figures ? h("button", { id: "pass", onclick: () => ctx.play({ type: "pass" }) }, tr("hunters.no_figure")) : null,
    h("span", { class: "hint" }, tr("hunters.left", { land: num(t.land_left), bonus: num(t.bonus_left) })),
  );
}

/** The short pop over the board when a move scored a forest or river. */
function scorePop(t, ctx) {
  const pop = ctx.ui.pop;
  if (!pop || Date.now() - pop.t > 2600) return null;
  const delay = `animation-delay:-${Date.now() - pop.t}ms`;
  return h("div", { class: "score-pop", style: delay, "aria-live": "polite" }, pop.events.map((e) =>
    h("span", { class: "pop", style: `--seat:${seatColour(e.seats[0] ?? 0)}` }, tr(e.seats.length ? "hunters.completed" : "hunters.completed_nobody", { feature: feature(e.feature), points: e.points, who: list(e.seats.map((s) => ctx.names[s])) }))));
}

/** Keep which tile was laid last and start a pop when a forest or river was scored. */
function notice(t, ctx) {
  const last = ctx.last;
  if (!last || ctx.ui.seenSeq === last.seq) return;
  ctx.ui.seenSeq = last.seq;
  if (last.k === "hunters.place") ctx.ui.lastAt = `${last.x},${last.y}`;
  const events = (t.scored ?? []).filter((e) => e.feature === "forest" || e.feature === "river");
  if (events.length && !t.result) ctx.ui.pop = { t: Date.now(), at: ctx.ui.lastAt, events };
}

export const hunters = {
  title: tr("title.hunters"),
  moveLabel,
  prompt(t) {
    const p = t.prompt;
    if (!p) return "";
    if (p.ask === "place") return tr(p.bonus ? "hunters.ask.place_bonus" : "hunters.ask.place");
    return tr("hunters.ask.figure", { clan: p.clan, huts: p.huts });
  },
  scores(t) {
    return t.scores.map((s, i) => tr("hunters.score", { points: num(s), clan: t.supply[i].clan, huts: t.supply[i].huts }));
  },
  draw(t, ctx) {
    notice(t, ctx);
    const places = placements(ctx);
    if (ctx.ui.sel && !places.has(ctx.ui.sel)) ctx.ui.sel = null;
    if (t.hand !== ctx.ui.hand) {
      ctx.ui.hand = t.hand;
      ctx.ui.sel = null;
    }
    const b = bounds(t, [...places.keys()]);
    const map = { x: b.x0 * SIZE, y: b.y0 * SIZE, w: (b.x1 - b.x0 + 1) * SIZE, h: (b.y1 - b.y0 + 1) * SIZE };
    // the view is sized in screen pixels at PX per map unit, centred on the map: the
    // pieces stay readable however large the map grows (pan, zoom or Fit to see it all)
    const wide = globalThis.innerWidth ?? 1000;
    const cw = Math.max(280, Math.min(wide, 1400) - (wide >= 1100 ? 330 : 30));
    const ch = Math.round(Math.max(300, Math.min((globalThis.innerHeight ?? 800) * 0.62, 720)));
    const box = { w: cw / PX, h: ch / PX };
    box.x = map.x + map.w / 2 - box.w / 2;
    box.y = map.y + map.h / 2 - box.h / 2;
    const s = svg("svg", { viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`, class: "board-svg hunters-map", role: "group", "aria-label": tr("hunters.map"), style: `height:${ch}px` });
    s.append(svg("rect", { x: box.x - 10000, y: box.y - 10000, width: 20000, height: 20000, fill: "#e9e2cf" }));
    const layer = mapLayer(t, ctx, places);
    s.append(layer);
    const fit = Math.min(1, box.w / map.w, box.h / map.h);
    const zoomBy = panZoom(s, layer, ctx.ui, box, fit, (zoom) => readable(s, zoom));
    const rotateKey = (e) => {
      const sel = ctx.ui.sel && places.get(ctx.ui.sel);
      if ((e.key === "r" || e.key === "R") && sel) {
        ctx.ui.rot = (ctx.ui.rot + 1) % sel.length;
        ctx.redraw();
      }
    };
    return h("div", { onkeydown: rotateKey, class: "hunters-board" }, tools(t, ctx, places, zoomBy), h("div", { class: "map-wrap" }, s, scorePop(t, ctx)));
  },
};
