// Placing a good on your boards, the way it is done at the table: pick the piece from your
// supply, move it over a board (it follows the pointer, green where it may lie, red where
// it may not), turn it (R, or the button; a second tap on a phone) or mirror it (F, for
// special tiles), click to lay it.
//
// The engine takes a placement as a chain of small decisions (the item, then the area and
// orientation, then the cell; server/games/feast/anytime.py), and whether a spot is legal
// comes only from the `legal` list: at the second step it says which area and orientation
// can take the piece (the preview adds the plain geometry: on free cells of the board),
// at the third the exact cells. A click at the second step sends the area and
// orientation and, once the exact cells arrive, the chosen cell at once.

import { listen, svg } from "../../dom.js";
import { t as tr } from "../../i18n/index.js";
import { AREAS, COLOUR, extent, itemName, nextTurn, orientations } from "./data.js";
import { pieceShape } from "./pieces.js";

const COVERABLE = new Set([".", "-", "I", "B"]);
let keys = null; // what R / F / Escape do for the table drawn last
if (typeof document !== "undefined") {
  document.addEventListener("keydown", (e) => {
    if (!keys || e.target?.closest?.("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key.toLowerCase();
    if (k === "r") keys.turn("rotate");
    else if (k === "f") keys.turn("flip");
    else return;
    e.preventDefault();
  });
}

/** Where the placement chain stands for this seat: stage 1 (pick), 2 (area + turn), 3 (cell). */
export function placing(me, ctx) {
  if (me && !me.draft && ctx.ui.place?.plan) return planning(me, ctx.ui.place, ctx);
  if (!me || !me.draft) {
    if (ctx.ui.place && !ctx.ui.place.requeue) ctx.ui.place = null;
    keys = ctx.ui.place ? keys : null;
    return null;
  }
  const d = me.draft;
  const st = ctx.ui.place && ctx.ui.place.item === d.item ? ctx.ui.place : (ctx.ui.place = { item: d.item, turn: d.turn ?? 0, at: null });
  if ("area" in d && st.turn !== d.turn && !st.requeue) st.turn = d.turn;
  const pairs = new Set();
  const anchors = new Set();
  for (const m of ctx.legal) {
    if (m.type !== "place") continue;
    if ("row" in m) anchors.add(`${m.row},${m.col}`);
    else if ("area" in m) pairs.add(`${m.area},${m.turn}`);
  }
  st.stage = "area" in d ? 3 : 2;
  st.draft = d;
  st.pairs = pairs;
  st.anchors = anchors;
  return st;
}

/**
 * A piece held while the engine takes no placement from this seat (another player is in
 * the middle of an action, F-201): it follows the pointer and turns as usual, the preview
 * judges the plain geometry (free cells), and laying it waits until the pick is offered.
 */
function planning(me, st, ctx) {
  if (!me.goods?.[st.item]) return (ctx.ui.place = null); // spent meanwhile
  st.stage = 2;
  st.draft = { item: st.item };
  const fits = (a) => AREAS[a.kind]?.house || ["green", "blue"].includes(COLOUR[st.item]); // F-305, F-331: orange and red only on houses
  st.pairs = new Set(me.areas.flatMap((a, k) => (fits(a) ? orientations(st.item).map((_, turn) => `${k},${turn}`) : [])));
  st.anchors = new Set();
  return st;
}

/** Whether `item` of the supply could lie on some board of `me` (green and blue goods
 * anywhere, orange and red ones on houses only), as far as the plain colours tell. */
export function plannable(me, item) {
  return ["green", "blue"].includes(COLOUR[item]) || (!!COLOUR[item] && me.areas.some((a) => AREAS[a.kind]?.house));
}

/** Hold `item` of the supply to plan where it goes (see `planning`); again to put it back. */
export function planPick(ctx, item) {
  ctx.ui.place = ctx.ui.place?.plan && ctx.ui.place.item === item ? null : { item, turn: 0, at: null, plan: true };
  ctx.redraw();
}

/** The cells the item would cover with its top-left at (r, c), or null if one is off the grid. */
function cellsAt(st, r, c) {
  return (orientations(st.item)[st.turn] ?? []).map(([dr, dc]) => [r + dr, c + dc]);
}

function freeCell(a, rows, r, c, end) {
  const ch = rows[r]?.[c];
  if (ch === undefined || !(COVERABLE.has(ch) || (end && ch === "E"))) return false;
  return !((a.cover[r] >> c) & 1);
}

/** Legal or not, for the preview, from the legal list (plus free cells at the second step). */
export function judge(st, k, a, r, c, end) {
  if (st.stage === 3) return k === st.draft.area && st.turn === st.draft.turn && st.anchors.has(`${r},${c}`);
  if (!st.pairs.has(`${k},${st.turn}`)) return false;
  const rows = AREAS[a.kind]?.rows ?? [];
  return cellsAt(st, r, c).every(([rr, cc]) => freeCell(a, rows, rr, cc, end));
}

/** In words, why a spot the legal list does not offer is refused (the rule the engine applies). */
export function why(st, k, a, r, c, end) {
  if (st.stage === 2 && !st.pairs.has(`${k},${st.turn}`)) return tr("feast.why.orientation", { item: itemName(st.item) });
  const rows = AREAS[a.kind]?.rows ?? [];
  const cells = cellsAt(st, r, c);
  if (!cells.every(([rr, cc]) => freeCell(a, rows, rr, cc, end))) return tr("feast.why.overlap");
  const colour = COLOUR[st.item];
  const house = AREAS[a.kind]?.house;
  const same = house && ["orange", "red"].includes(colour) ? a[colour] : !house && colour === "green" ? a.green : null;
  const touches = same && cells.some(([rr, cc]) => [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dr, dc]) => (same[rr + dr] >> (cc + dc)) & 1 && cc + dc >= 0));
  if (touches) return house ? tr("feast.why.house", { colour: tr(`feast.colour.${colour}`) }) : tr("feast.why.green");
  return tr("feast.why.income");
}

/** The offset from the pointed cell to the piece's top-left cell (the pointer holds the piece's middle). */
export function grip(st) {
  const [h, w] = extent(orientations(st.item)[st.turn] ?? [[0, 0]]);
  return [Math.floor((h - 1) / 2), Math.floor((w - 1) / 2)];
}

/** Draw the piece held over area `k` at its pointed cell, legal (green) or not (red). */
export function drawPreview(layer, st, k, a, end, cs) {
  layer.replaceChildren();
  const at = st.at;
  if (!at || at.area !== k) return;
  const [gr, gc] = grip(st);
  const r = at.r - gr;
  const c = at.c - gc;
  const ok = judge(st, k, a, r, c, end);
  const piece = pieceShape(st.item, st.turn, c * cs, r * cs, cs, { class: `preview ${ok ? "preview-ok" : "preview-no"}`, opacity: 0.8 }, false);
  piece.append(svg("rect", { x: c * cs, y: r * cs, width: 0, height: 0 }));
  layer.append(piece);
  layer.closest?.(".feast-area")?.setAttribute("data-preview", ok ? "legal" : "illegal");
  for (const [rr, cc] of cellsAt(st, r, c)) {
    layer.append(svg("rect", { x: cc * cs, y: rr * cs, width: cs - 1, height: cs - 1, fill: "none", stroke: ok ? "#1e8c3a" : "#c62828", "stroke-width": 3 }));
  }
}

/**
 * Make the drawn area `k` follow the pointer and take clicks: `drawn` is boards.drawArea's
 * result. Anchor cells the legal list offers get a mark (clickable, for keyboards too).
 */
export function attach(drawn, st, k, a, end, cs, ctx, say) {
  const layer = drawn.grid.querySelector(".feast-preview");
  const cellOf = (e) => e.target?.closest?.("[data-cell]")?.getAttribute("data-cell")?.split(",").map(Number);
  listen(drawn.g, "pointermove", (e) => {
    const rc = cellOf(e);
    if (!rc || e.pointerType === "touch") return;
    if (st.at && st.at.area === k && st.at.r === rc[0] && st.at.c === rc[1]) return;
    st.at = { area: k, r: rc[0], c: rc[1] };
    drawPreview(layer, st, k, a, end, cs);
  });
  listen(drawn.g, "pointerdown", (e) => (st.pointer = e.pointerType), true);
  listen(drawn.g, "click", (e) => {
    const rc = cellOf(e) ?? (st.at && st.at.area === k ? [st.at.r, st.at.c] : null);
    if (!rc) return;
    if (st.pointer === "touch") {
      // a phone, off the marked spots: the first tap shows the piece there, a second tap on it turns it
      if (st.at && st.at.area === k && st.at.r === rc[0] && st.at.c === rc[1]) st.turn = nextTurn(st.item, st.turn, "rotate");
      st.at = { area: k, r: rc[0], c: rc[1] };
      ctx.redraw();
      return;
    }
    st.at = { area: k, r: rc[0], c: rc[1] };
    lay(st, k, a, end, ctx, say);
  });
  drawPreview(layer, st, k, a, end, cs);
  if (st.stage === 3 && st.draft.area === k) markAnchors(drawn, st, k, a, end, cs, ctx, say, st.anchors);
  if (st.stage === 2 && !st.plan && st.pairs.has(`${k},${st.turn}`)) {
    // where the piece fits on free cells in this orientation (the exact rules answer at the click)
    const rows = AREAS[a.kind]?.rows ?? [];
    const fits = new Set();
    rows.forEach((row, r) => [...row].forEach((_, c) => judge(st, k, a, r, c, end) && fits.add(`${r},${c}`)));
    markAnchors(drawn, st, k, a, end, cs, ctx, say, fits);
  }
}

function markAnchors(drawn, st, k, a, end, cs, ctx, say, anchors) {
  const [gr, gc] = grip(st);
  const marks = svg("g", { class: `feast-anchors stage-${st.stage}` });
  for (const key of anchors) {
    const [r, c] = key.split(",").map(Number);
    const mark = svg("g", { class: "choice anchor", "data-anchor": `${k},${r},${c}`, "data-cell": `${r + gr},${c + gc}`, tabindex: 0, role: "button", "aria-label": tr("feast.lay_item_here", { item: itemName(st.item) }) });
    mark.append(svg("circle", { cx: (c + gc) * cs + cs / 2, cy: (r + gr) * cs + cs / 2, r: cs / 4, fill: "rgba(30,140,58,.35)", stroke: "#1e8c3a" }));
    // a click, a key or a tap on a marked spot lays the piece there at once (on a phone
    // too: tap the good, tap the spot); a tap elsewhere shows it there, again turns it
    const act = (e) => {
      e?.stopPropagation?.();
      st.at = { area: k, r: r + gr, c: c + gc };
      lay(st, k, a, end, ctx, say);
    };
    listen(mark, "click", act);
    listen(mark, "keydown", (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), act(e)));
    marks.append(mark);
  }
  drawn.grid.insertBefore(marks, drawn.grid.querySelector(".feast-preview"));
}

/** Lay the held piece where it is shown, if the legal list allows it; else say why not. */
export function lay(st, k, a, end, ctx, say) {
  const [gr, gc] = grip(st);
  const r = st.at.r - gr;
  const c = st.at.c - gc;
  if (!judge(st, k, a, r, c, end)) {
    say(tr("feast.not_there", { why: why(st, k, a, r, c, end) }));
    return;
  }
  const base = { type: "place", item: st.item, area: k, turn: st.turn };
  if (st.plan) {
    // the engine takes the piece once the pick is offered; then the chain goes on by itself
    const pick = ctx.legal.find((m) => m.type === "place" && m.item === st.item && !("area" in m));
    if (!pick) return say(tr("feast.planned", { item: itemName(st.item) }));
    st.plan = false;
    st.target = { area: k, turn: st.turn, row: r, col: c, pick: true };
    ctx.play(pick);
    return;
  }
  if (st.stage === 3) ctx.play({ ...base, row: r, col: c });
  else {
    st.target = { area: k, turn: st.turn, row: r, col: c };
    ctx.play(base);
  }
}

/**
 * The move the placement chain makes by itself now, if any: the chosen cell once the exact
 * cells are known, or picking the piece again after a turn at the third step.
 */
export function followUp(me, st, ctx, say) {
  if (!ctx.legal.length) return null;
  const d = me?.draft;
  const t = st?.target;
  if (d && t?.pick && st.stage === 2) {
    // a planned piece was just picked up: lay it where it was planned
    t.pick = false;
    if (st.pairs.has(`${t.area},${t.turn}`)) return { type: "place", item: st.item, area: t.area, turn: t.turn };
    st.target = null;
    return null;
  }
  if (d && t && st.stage === 3) {
    st.target = null;
    if (d.area === t.area && d.turn === t.turn) {
      if (st.anchors.has(`${t.row},${t.col}`)) return { type: "place", item: st.item, area: t.area, turn: t.turn, row: t.row, col: t.col };
      say(tr("feast.not_there_marked", { why: why(st, t.area, me.areas[t.area], t.row, t.col, false) }));
    }
    return null;
  }
  const again = ctx.ui.place?.requeue;
  if (!d && again) {
    ctx.ui.place.requeue = false;
    const pick = ctx.legal.find((m) => m.type === "place" && m.item === again && !("area" in m));
    return pick ?? null;
  }
  return null;
}

/** Turn or mirror the held piece; at the third step that means picking it up again. */
export function turnPiece(st, how, ctx) {
  const next = nextTurn(st.item, st.turn, how);
  if (next === st.turn) return;
  st.turn = next;
  if (st.stage === 3 && st.draft.turn !== next && ctx.legal.some((m) => m.type === "cancel")) {
    st.requeue = st.item;
    ctx.play({ type: "cancel" });
    return;
  }
  ctx.redraw();
}

export function setKeys(handler) {
  keys = handler;
}
