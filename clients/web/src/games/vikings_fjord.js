// One player's fjord in Vikings: the ship row above the five island rows, gold, VP, the
// vikings waiting at home and the special tiles; the cells where a legal move puts a
// tile (or takes a viking) are clickable, and a row's label starts a new island there.

import { clickable, svg } from "../dom.js";
import { seatColour } from "../panels.js";
import { num, t as tr } from "../i18n/index.js";
import { rowLabel as rowWord, specialName, specialText, trade, vikingsTile } from "../words.js";
import { CELL, COLOUR, ROW_COLOUR, tile, viking } from "./vikings_pieces.js";

const tip = (text) => svg("title", { text });

function header(f, ctx, seat, width, mine) {
  const g = svg("g", {});
  g.append(svg("rect", { width, height: 6 * CELL + 58, rx: 8, fill: "#f6f0e2", stroke: seatColour(seat), "stroke-width": mine ? 4 : 2 }));
  g.append(svg("text", { x: 8, y: 18, "font-size": 14, "font-weight": 700, fill: seatColour(seat) }, ctx.names[seat]));
  g.append(svg("text", { x: 8, y: 36, "font-size": 12, "data-path": `/table/fjords/${seat}/gold` }, tr("vikings.fjord_head", { gold: num(f.gold), vp: num(f.vp) })));
  let hx = 140;
  for (const [colour, n] of Object.entries(f.home)) {
    g.append(svg("g", { "data-path": `/table/fjords/${seat}/home/${colour}` }, viking(hx, 31, colour, 7), svg("text", { x: hx + 10, y: 35, "font-size": 11 }, n), tip(tr(`vikings.at_home.${colour}`, { count: n }))));
    hx += 34;
  }
  let sx = 150;
  for (const [sid, n] of Object.entries(f.specials ?? {})) {
    if (n <= 0) continue;
    const label = `${specialName(sid)}${n > 1 ? ` ×${n}` : ""}`;
    g.append(svg("g", { class: "vk-special" }, svg("text", { x: sx, y: 16, "font-size": 10, fill: "#5b3c8f" }, label), tip(`${specialName(sid)}: ${specialText(sid)}`)));
    sx += label.length * 5.6 + 10;
  }
  for (const sid of f.waiting ?? []) {
    g.append(svg("g", {}, svg("text", { x: sx, y: 16, "font-size": 10, fill: "#5b3c8f" }, tr("vikings.waiting", { name: specialName(sid) })), tip(specialText(sid))));
    sx += 80;
  }
  return g;
}

function rowLabel(t, ctx, r, ry, mine, label) {
  const g = svg("g", {});
  g.append(svg("rect", { x: 4, y: ry, width: 60, height: CELL - 4, rx: 4, fill: r ? COLOUR[ROW_COLOUR[r]] : "#7aa9c4", opacity: 0.85 }));
  const word = rowWord(r); // squeezed into the label when a language's word is long
  g.append(svg("text", { x: 34, y: ry + 17, "text-anchor": "middle", "font-size": 10, fill: "#fff", textLength: word.length > 10 ? 56 : null, lengthAdjust: "spacingAndGlyphs" }, word));
  const start = mine && ctx.legal.find((m) => m.type === "start" && m.row === r);
  if (start) {
    // a new island starts from the row's label: the cells may hold "place" choices
    const el = svg("g", { "data-start": r }, svg("rect", { x: 4, y: ry, width: 60, height: CELL - 4, rx: 4, class: "choice-mark start-mark" }), svg("text", { x: 34, y: ry + 30, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff", textLength: tr("vikings.new_island").length > 10 ? 56 : null, lengthAdjust: "spacingAndGlyphs" }, tr("vikings.new_island")));
    g.append(clickable(el, label(start, t), () => ctx.play(start)));
  }
  return g;
}

function cellAt(t, ctx, seat, r, c, ry, mine, label) {
  const cx = 68 + (c - 1) * CELL;
  const cell = t.fjords[seat].rows[r][c - 1];
  const el = svg("g", { "data-path": `/table/fjords/${seat}/rows/${r}/${c - 1}` });
  el.append(svg("rect", { x: cx, y: ry, width: CELL - 4, height: CELL - 4, rx: 3, fill: "#dcecf5", stroke: "#c4d9e6" }));
  if (cell) {
    el.append(tile(cell.t, cx, ry));
    if (cell.v) el.append(viking(cx + (CELL - 4) / 2, ry + (CELL - 4) * 0.68, cell.v));
    if (cell.b) el.append(svg("text", { x: cx + 3, y: ry + 10, "font-size": 10, textLength: specialName(cell.b).length > 5 ? CELL - 10 : null, lengthAdjust: "spacingAndGlyphs" }, specialName(cell.b)));
    el.append(tip(tr(cell.v ? "vikings.cell_with" : "vikings.cell", { tile: cell.b ? specialName(cell.b) : vikingsTile(cell.t), viking: trade(cell.v), col: c })));
  }
  const move = mine && ctx.legal.find((m) => ["place", "exchange", "carry"].includes(m.type) && m.row === r && m.col === c);
  if (move) {
    el.append(svg("rect", { x: cx, y: ry, width: CELL - 4, height: CELL - 4, rx: 3, class: "choice-mark" }));
    clickable(el, label(move, t), () => ctx.play(move));
  }
  return el;
}

/** The fjord of `seat` at (x, y), `cols` cells wide; `label` words a move. */
export function fjord(t, ctx, seat, x, y, cols, label) {
  const mine = ctx.you === seat;
  const g = svg("g", { transform: `translate(${x},${y})`, "data-path": `/table/fjords/${seat}` });
  g.append(header(t.fjords[seat], ctx, seat, 70 + cols * CELL, mine));
  for (let r = 0; r < 6; r++) {
    const ry = 48 + r * CELL;
    g.append(rowLabel(t, ctx, r, ry, mine, label));
    for (let c = 1; c <= cols; c++) g.append(cellAt(t, ctx, seat, r, c, ry, mine, label));
  }
  return g;
}
