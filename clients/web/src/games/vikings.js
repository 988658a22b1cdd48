// Vikings: the wheel with its offer, your own fjord beside it, the decisions of the
// moment under the wheel (bid stepper, colours, special tiles with their text, VP to
// gold), then the other players' fjords.
//
// Everything is drawn from the view (no images exist). Where a legal move names a place
// (a wheel space, a fjord cell, a row, a special tile) that place is clickable; the
// decisions without a place are buttons in the panel under the wheel, in game words.

import { clickable, h, svg } from "../dom.js";
import { num, t as tr } from "../i18n/index.js";
import { colourName, rowName, specialName, specialText, trade, trades, tripWords, vikingsTile } from "../words.js";
import { fjord } from "./vikings_fjord.js";
import { COLOUR, tile, viking } from "./vikings_pieces.js";
import { bidStepper, convertControl } from "./vikings_steppers.js";

const ASKS = ["bid", "box", "colour", "buy", "special", "exchange", "place", "start", "viking", "boatsman", "carry"];
const WHEEL = 280;
const PLACED = new Set(["buy", "place", "start", "exchange", "carry", "special", "convert", "bid", "pass"]);

const priceOf = (t, slot) => slot - t.wheel.offset;

function moveLabel(m, t) {
  switch (m.type) {
    case "buy": {
      const set = t?.wheel?.spaces?.[m.slot];
      if (!set) return tr("vikings.move.buy_space", { space: m.slot });
      return tr(set.viking ? "vikings.move.buy_with" : "vikings.move.buy", { tile: vikingsTile(set.tile), viking: trade(set.viking), gold: num(priceOf(t, m.slot)) });
    }
    case "place": {
      if (m.row === 0) return tr("vikings.move.place_ship", { col: m.col });
      const kind = t?.hand?.tile;
      return tr(kind === "L" ? "vikings.move.place_new" : "vikings.move.place_extend", { row: rowName(m.row), col: m.col });
    }
    case "start": return tr("vikings.move.start", { row: rowName(m.row) });
    case "exchange": return tr("vikings.move.exchange", { row: rowName(m.row), col: m.col });
    case "carry": return tr("vikings.move.carry", { row: rowName(m.row), col: m.col });
    case "viking": return tr(m.to === "tile" ? "vikings.move.viking_tile" : "vikings.move.viking_home", { viking: trade(t?.hand?.viking) });
    case "bid": return tr("vikings.move.bid", { gold: num(m.amount) });
    case "pass": return tr("vikings.move.pass");
    case "box": return tr("vikings.move.box", { viking: trade(m.colour), colour: colourName(m.colour) });
    case "colour": return tr("vikings.move.colour", { vikings: trades(m.colour), colour: colourName(m.colour) });
    case "boatsman": return tr("vikings.move.boatsman", { trip: tripWords(m.mode, m.colour) });
    case "done": return tr("vikings.move.done");
    case "land": return tr("vikings.move.land");
    case "decline": return tr("vikings.move.decline");
    case "special": return tr("vikings.move.special", { name: specialName(t?.display?.[m.space]) });
    case "convert": return tr("vikings.move.convert", { vp: num(m.vp) });
    default: return m.type;
  }
}

function wheelSpace(t, ctx, i, cx, cy, prices) {
  const set = t.wheel.spaces[i];
  const a = (Math.PI * 2 * i) / 12 - Math.PI / 2;
  const [x, y] = [cx + Math.cos(a) * 96, cy + Math.sin(a) * 96];
  const price = i - t.wheel.offset;
  const move = ctx.legal.find((m) => m.type === "buy" && m.slot === i);
  const space = svg("g", { "data-path": `/table/wheel/spaces/${i}`, class: move ? "buyable" : null });
  space.append(svg("circle", { cx: x, cy: y, r: 30, fill: set ? "#fff8e8" : "#d8cba9", stroke: move ? "#1d6fd6" : "#8a7445", "stroke-width": move ? 3 : 1 }));
  if (set) {
    space.append(tile(set.tile, x - 22, y - 11, 24));
    if (set.viking) space.append(viking(x + 13, y + 1, set.viking, 8));
    // every price shows, drawn above all the circles (neighbouring circles overlap and
    // would hide half of it); the ones you may pay now stand out in your colour
    prices.append(svg("g", { class: "vk-price", "aria-hidden": "true" },
      svg("rect", { x: x - 17, y: y + 15, width: 34, height: 14, rx: 7, fill: move ? "#1d6fd6" : "#efe4cb", stroke: "#8a7445", "stroke-width": 0.5 }),
      svg("text", { x, y: y + 25.5, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: move ? "#fff" : "#5b4420" }, tr("vikings.price", { gold: num(price) }))));
    space.append(svg("title", { text: tr(set.viking ? "vikings.offer_with" : "vikings.offer", { tile: vikingsTile(set.tile), viking: trade(set.viking), gold: num(price) }) }));
  }
  if (move) clickable(space, moveLabel(move, t), () => ctx.play(move));
  return space;
}

function wheel(t, ctx) {
  const c = WHEEL / 2;
  const s = svg("svg", { viewBox: `0 0 ${WHEEL} ${WHEEL}`, class: "vk-wheel", role: "group", "aria-label": tr("vikings.wheel"), "data-path": "/table/wheel" });
  s.append(svg("circle", { cx: c, cy: c, r: c - 2, fill: "#e8dcc2", stroke: "#8a7445", "stroke-width": 2 }));
  s.append(svg("text", { x: c, y: c - 6, "text-anchor": "middle", "font-size": 15, "font-weight": 700 }, tr("vikings.round", { n: t.round })));
  s.append(svg("text", { x: c, y: c + 12, "text-anchor": "middle", "font-size": 12 }, tr("vikings.bank", { gold: num(t.bank) })));
  const prices = svg("g", { class: "vk-prices" });
  if (t.wheel) t.wheel.spaces.forEach((_, i) => s.append(wheelSpace(t, ctx, i, c, c, prices)));
  s.append(prices);
  return s;
}

const swatch = (colour) => h("span", { class: "swatch", style: `background:${COLOUR[colour] ?? "#ccc"}` });

/** The special tiles on display: name, text, clickable when you may take one. */
function display(t, ctx) {
  if (!t.display?.some(Boolean)) return null;
  return h(
    "div",
    { class: "vk-display", "data-path": "/table/display" },
    h("span", { class: "hint" }, tr("vikings.display")),
    t.display.map((sid, i) => {
      if (!sid) return h("span", { class: "special empty" }, tr("vikings.taken"));
      const move = ctx.legal.find((m) => m.type === "special" && m.space === i);
      const card = h("button", { type: "button", class: `special${move ? " choice-button" : ""}`, disabled: !move, title: specialText(sid), "data-special": sid, "data-path": `/table/display/${i}` },
        h("b", {}, specialName(sid)), h("small", {}, specialText(sid)));
      if (move) card.addEventListener("click", () => ctx.play(move));
      return card;
    }),
  );
}

/** The decision buttons that have no place on the wheel or in a fjord. */
function choices(t, ctx) {
  const rest = ctx.legal.filter((m) => !PLACED.has(m.type));
  if (!rest.length) return null;
  return h(
    "div",
    { class: "vk-choices" },
    rest.map((m) =>
      h("button", { type: "button", class: "choice-button", "data-move": m.type, onclick: () => ctx.play(m) }, m.colour ? swatch(m.colour) : null, moveLabel(m, t)),
    ),
  );
}

function handLine(t, ctx) {
  if (!t.hand) return null;
  const who = ctx.names[t.prompt?.seat] ?? "";
  const pic = svg("svg", { viewBox: "0 0 60 32", width: 60, height: 32, "aria-hidden": "true" }, tile(t.hand.tile, 0, 0, 30), t.hand.viking ? viking(46, 16, t.hand.viking, 9) : null);
  return h("p", { class: "vk-hand", "data-path": "/table/hand" }, pic, tr(t.hand.viking ? "vikings.holds_with" : "vikings.holds", { who, tile: vikingsTile(t.hand.tile), viking: trade(t.hand.viking) }));
}

function panel(t, ctx) {
  const lines = [
    h("p", { "data-path": "/table/start" }, tr("vikings.start_player", { name: ctx.names[t.start] ?? "" })),
    handLine(t, ctx),
    t.auction ? h("p", { "data-path": "/table/auction" }, tr(t.auction.leader !== null ? "vikings.auction_by" : "vikings.auction", { gold: num(t.auction.high), name: ctx.names[t.auction.leader] })) : null,
    t.trip ? h("p", { "data-path": "/table/trip" }, tr("vikings.trip_state", { trip: tripWords(t.trip.mode, t.trip.colour), n: t.trip.carried.length })) : null,
    bidStepper(t, ctx),
    choices(t, ctx),
    convertControl(t, ctx),
  ];
  return h("div", { class: "vk-panel" }, lines);
}

function fjordSvg(t, ctx, seat, cols) {
  const w = 70 + cols * 36;
  const hgt = 6 * 36 + 62;
  const mine = ctx.you === seat;
  const s = svg("svg", { viewBox: `0 0 ${w + 4} ${hgt}`, class: `vk-fjord${mine ? " mine" : ""}`, role: "group", "aria-label": tr("vikings.fjord_of", { name: ctx.names[seat] }), "data-seat": seat, style: `--w:${w + 4}px` });
  s.append(fjord(t, ctx, seat, 2, 2, cols, moveLabel));
  return h("div", { class: "vk-fjord-scroll" }, s);
}

export const vikings = {
  title: tr("title.vikings"),
  moveLabel,
  prompt(t) {
    const p = t.prompt;
    if (!p) return t.over ? tr("vikings.over") : "";
    return ASKS.includes(p.ask) ? tr(`vikings.ask.${p.ask}`) : p.ask;
  },
  scores(t) {
    return t.fjords.map((f) => tr("vikings.score", { vp: num(f.vp), gold: num(f.gold) }));
  },
  draw(t, ctx) {
    const cols = Math.max(8, ...t.fjords.flatMap((f) => f.rows.map((r) => r.length + 1)));
    const first = ctx.you ?? 0; // your fjord beside the wheel; a spectator sees the first player's
    const others = t.fjords.map((_, i) => i).filter((i) => i !== first);
    return h(
      "div",
      { class: "vikings-board" },
      h("div", { class: "vk-top" }, h("div", { class: "vk-left" }, wheel(t, ctx), panel(t, ctx)), h("div", { class: "vk-right" }, fjordSvg(t, ctx, first, cols), display(t, ctx))),
      h("div", { class: "vk-others" }, others.map((i) => fjordSvg(t, ctx, i, cols))),
    );
  },
};
