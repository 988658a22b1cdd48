// Vikings: the wheel with its offer, your own fjord beside it, the decisions of the
// moment under the wheel (bid stepper, colours, special tiles with their text, VP to
// gold), then the other players' fjords.
//
// Everything is drawn from the view (no images exist). Where a legal move names a place
// (a wheel space, a fjord cell, a row, a special tile) that place is clickable; the
// decisions without a place are buttons in the panel under the wheel, in game words.

import { clickable, h, svg } from "../dom.js";
import { ROW_NAME as ROW, TRADE, specialName, specialText, tripWords, vikingsTile } from "../words.js";
import { fjord } from "./vikings_fjord.js";
import { COLOUR, tile, viking } from "./vikings_pieces.js";
import { bidStepper, convertControl } from "./vikings_steppers.js";

const ASKS = {
  bid: "bid gold for the start player, or pass",
  box: "choose a viking colour to put back in the box",
  colour: "choose the colour of vikings to place on the wheel next",
  buy: "buy a set from the wheel (the marked spaces, at the price shown)",
  special: "take a special tile, or none",
  exchange: "choose the tile your building replaces",
  place: "place the bought tile in your fjord: extend an island, or start a new one",
  start: "start a new island: put your start tile at the head of an empty row",
  viking: "put the viking on its new tile, or send it home",
  boatsman: "send a boatsman on a trip, or stop",
  carry: "carry a viking with the boatsman, or land",
};
const WHEEL = 280;
const PLACED = new Set(["buy", "place", "start", "exchange", "carry", "special", "convert", "bid", "pass"]);

const priceOf = (t, slot) => slot - t.wheel.offset;

function moveLabel(m, t) {
  switch (m.type) {
    case "buy": {
      const set = t?.wheel?.spaces?.[m.slot];
      if (!set) return `buy the set on space ${m.slot}`;
      return `buy the ${vikingsTile(set.tile)}${set.viking ? ` with a ${TRADE[set.viking]}` : ""} for ${priceOf(t, m.slot)} gold`;
    }
    case "place": {
      if (m.row === 0) return `put the ship in the ship row, column ${m.col}`;
      const kind = t?.hand?.tile;
      return kind === "L" ? `start a new island in the ${ROW[m.row]}, column ${m.col}` : `extend the island in the ${ROW[m.row]}, column ${m.col}`;
    }
    case "start": return `start a new island in the ${ROW[m.row]} with your start tile`;
    case "exchange": return `build over the tile in the ${ROW[m.row]}, column ${m.col}`;
    case "carry": return `carry the viking to the ${ROW[m.row]}, column ${m.col}`;
    case "viking": return m.to === "tile" ? `put the ${TRADE[t?.hand?.viking] ?? "viking"} on the new tile` : `send the ${TRADE[t?.hand?.viking] ?? "viking"} home`;
    case "bid": return `bid ${m.amount} gold`;
    case "pass": return "pass";
    case "box": return `put a ${TRADE[m.colour]} (${m.colour}) back in the box`;
    case "colour": return `place the ${TRADE[m.colour]}s (${m.colour}) on the wheel`;
    case "boatsman": return `send a boatsman with ${tripWords(m.mode, m.colour)}`;
    case "done": return "send no more boatsmen";
    case "land": return "land the boatsman";
    case "decline": return "take no special tile";
    case "special": return `take the special tile ${specialName(t?.display?.[m.space])}`;
    case "convert": return `turn ${m.vp} VP into ${m.vp} gold`;
    default: return m.type;
  }
}

function wheelSpace(t, ctx, i, cx, cy) {
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
    // every price shows; the ones you may pay now stand out in your colour
    space.append(svg("rect", { x: x - 17, y: y + 15, width: 34, height: 14, rx: 7, fill: move ? "#1d6fd6" : "#efe4cb" }));
    space.append(svg("text", { x, y: y + 25.5, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: move ? "#fff" : "#5b4420" }, `${price} gold`));
    space.append(svg("title", { text: `${vikingsTile(set.tile)}${set.viking ? ` and a ${TRADE[set.viking]}` : ""}: ${price} gold` }));
  }
  if (move) clickable(space, moveLabel(move, t), () => ctx.play(move));
  return space;
}

function wheel(t, ctx) {
  const c = WHEEL / 2;
  const s = svg("svg", { viewBox: `0 0 ${WHEEL} ${WHEEL}`, class: "vk-wheel", role: "group", "aria-label": "the wheel and its offer", "data-path": "/table/wheel" });
  s.append(svg("circle", { cx: c, cy: c, r: c - 2, fill: "#e8dcc2", stroke: "#8a7445", "stroke-width": 2 }));
  s.append(svg("text", { x: c, y: c - 6, "text-anchor": "middle", "font-size": 15, "font-weight": 700 }, `round ${t.round}`));
  s.append(svg("text", { x: c, y: c + 12, "text-anchor": "middle", "font-size": 12 }, `bank ${t.bank} gold`));
  if (t.wheel) t.wheel.spaces.forEach((_, i) => s.append(wheelSpace(t, ctx, i, c, c)));
  return s;
}

const swatch = (colour) => h("span", { class: "swatch", style: `background:${COLOUR[colour] ?? "#ccc"}` });

/** The special tiles on display: name, text, clickable when you may take one. */
function display(t, ctx) {
  if (!t.display?.some(Boolean)) return null;
  return h(
    "div",
    { class: "vk-display", "data-path": "/table/display" },
    h("span", { class: "hint" }, "Special tiles (the dearest set earns one):"),
    t.display.map((sid, i) => {
      if (!sid) return h("span", { class: "special empty" }, "taken");
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
  return h("p", { class: "vk-hand", "data-path": "/table/hand" }, pic, `${who} holds the ${vikingsTile(t.hand.tile)}${t.hand.viking ? ` and a ${TRADE[t.hand.viking]}` : ""}`);
}

function panel(t, ctx) {
  const lines = [
    h("p", { "data-path": "/table/start" }, `Start player: ${ctx.names[t.start] ?? ""}`),
    handLine(t, ctx),
    t.auction ? h("p", { "data-path": "/table/auction" }, `Auction: highest bid ${t.auction.high} gold${t.auction.leader !== null ? ` by ${ctx.names[t.auction.leader]}` : ""}`) : null,
    t.trip ? h("p", { "data-path": "/table/trip" }, `Boatsman trip: ${tripWords(t.trip.mode, t.trip.colour)}, ${t.trip.carried.length} carried`) : null,
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
  const s = svg("svg", { viewBox: `0 0 ${w + 4} ${hgt}`, class: `vk-fjord${mine ? " mine" : ""}`, role: "group", "aria-label": `${ctx.names[seat]}'s fjord`, "data-seat": seat, style: `--w:${w + 4}px` });
  s.append(fjord(t, ctx, seat, 2, 2, cols, moveLabel));
  return s;
}

export const vikings = {
  title: "Vikings",
  moveLabel,
  prompt(t) {
    const p = t.prompt;
    if (!p) return t.over ? "the game is over" : "";
    return ASKS[p.ask] ?? p.ask;
  },
  scores(t) {
    return t.fjords.map((f) => `${f.vp} VP · ${f.gold} gold`);
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
