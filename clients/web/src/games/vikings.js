// Vikings: the wheel with its offer, and each player's fjord — the ship row above five
// island rows (warriors, nobles, scouts, goldsmiths, fishermen) — with gold, VP, the
// vikings waiting at home, the bought set in hand, the auction and the special tiles.
//
// Everything is drawn from the view (no images exist). Where a legal move names a place
// (a wheel space, a fjord cell, a row, a special tile), that place is clickable; the
// decisions without a place (bids, colours, boatsmen) are chips beside the wheel.

import { clickable, h, svg } from "../dom.js";
import { fjord } from "./vikings_fjord.js";
import { CELL, COLOUR, ROW_NAME, SAIL, tile, viking } from "./vikings_pieces.js";

const TRADE = { blue: "fisherman", yellow: "goldsmith", green: "scout", red: "noble", black: "warrior", grey: "boatsman" };
const ASKS = {
  bid: "bid for the start player, or pass",
  box: "choose the colour box",
  colour: "choose the colour of the offer",
  buy: "buy a set from the wheel",
  special: "take a special tile, or decline",
  exchange: "exchange a tile for the special tile",
  place: "place the bought tile in your fjord",
  start: "start a new island in a row",
  viking: "put the viking on the tile or send it home",
  boatsman: "send a boatsman on a trip, or stop",
  carry: "carry a viking with the boatsman, or land",
};

const tileName = (kind) => (SAIL[kind] ? `${SAIL[kind]} ship` : kind === "L" ? "left end" : kind === "R" ? "right end" : `middle ${kind.slice(1)}`);

function moveLabel(m, t) {
  switch (m.type) {
    case "buy": {
      const set = t?.wheel?.spaces?.[m.slot];
      const price = t?.wheel ? m.slot - t.wheel.offset : "";
      return set ? `buy ${tileName(set.tile)}${set.viking ? ` + ${TRADE[set.viking]}` : ""} for ${price}` : `buy slot ${m.slot}`;
    }
    case "place": return `place at row ${m.row} (${ROW_NAME[m.row]}), column ${m.col}`;
    case "start": return `start an island in row ${m.row} (${ROW_NAME[m.row]})`;
    case "exchange": return `exchange the tile at row ${m.row}, column ${m.col}`;
    case "carry": return `carry the viking at row ${m.row}, column ${m.col}`;
    case "viking": return m.to === "tile" ? "put the viking on the tile" : "send the viking home";
    case "bid": return `bid ${m.amount}`;
    case "box": case "colour": return `${m.type} ${m.colour}`;
    case "boatsman": return `boatsman trip: ${m.mode}${m.colour ? ` ${m.colour}` : ""}`;
    case "special": return `take special tile ${t?.display?.[m.space] ?? m.space}`;
    case "convert": return `convert ${m.vp} VP to gold`;
    default: return m.type;
  }
}

function wheel(t, ctx, cx, cy) {
  const g = svg("g", { "data-path": "/table/wheel" });
  g.append(svg("circle", { cx, cy, r: 122, fill: "#e8dcc2", stroke: "#8a7445", "stroke-width": 2 }));
  g.append(svg("text", { x: cx, y: cy - 4, "text-anchor": "middle", "font-size": 14, "font-weight": 700 }, `round ${t.round}`));
  g.append(svg("text", { x: cx, y: cy + 14, "text-anchor": "middle", "font-size": 11 }, `bank ${t.bank}`));
  if (!t.wheel) return g; // before the first offer (the advanced game's auction)
  t.wheel.spaces.forEach((set, i) => {
    const a = (Math.PI * 2 * i) / 12 - Math.PI / 2;
    const x = cx + Math.cos(a) * 88;
    const y = cy + Math.sin(a) * 88;
    const price = i - t.wheel.offset;
    const space = svg("g", { "data-path": `/table/wheel/spaces/${i}` });
    space.append(svg("circle", { cx: x, cy: y, r: 27, fill: set ? "#fff8e8" : "#d8cba9", stroke: "#8a7445" }));
    space.append(svg("text", { x: x + Math.cos(a) * 24 * 0 , y: y - 14, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5b4420" }, price >= 0 ? price : ""));
    if (set) {
      space.append(tile(set.tile, x - 20, y - 9, 22));
      if (set.viking) space.append(viking(x + 12, y + 2, set.viking, 8));
    }
    const move = ctx.legal.find((m) => m.type === "buy" && m.slot === i);
    if (move) clickable(space, moveLabel(move, t), () => ctx.play(move));
    g.append(space);
  });
  return g;
}

/** The panel beside the wheel: the set in hand, auction, special display, chips. */
function sidePanel(t, ctx, x, y) {
  const g = svg("g", { transform: `translate(${x},${y})` });
  let ly = 0;
  const line = (text, path) => {
    g.append(svg("text", { x: 0, y: (ly += 18), "font-size": 13, "data-path": path }, text));
  };
  line(`start player: ${ctx.names[t.start] ?? t.start}`, "/table/start");
  if (t.hand) {
    line(`in hand (${ctx.names[t.prompt?.seat] ?? ""}):`, "/table/hand");
    g.append(tile(t.hand.tile, 0, ly + 6, 30));
    if (t.hand.viking) g.append(viking(46, ly + 21, t.hand.viking, 9));
    ly += 40;
  }
  if (t.auction) line(`auction: high bid ${t.auction.high}${t.auction.leader !== null ? ` by ${ctx.names[t.auction.leader]}` : ""}`, "/table/auction");
  if (t.trip) line(`boatsman trip: ${t.trip.mode}${t.trip.colour ? ` ${t.trip.colour}` : ""}, carried ${t.trip.carried.length}`, "/table/trip");
  if (t.display?.length) {
    line("special tiles:", "/table/display");
    t.display.forEach((sid, i) => {
      const el = svg("g", { "data-path": `/table/display/${i}` }, svg("rect", { x: i * 52, y: ly + 6, width: 46, height: 30, rx: 4, fill: "#efe1ff", stroke: "#6c4f8f" }), svg("text", { x: i * 52 + 23, y: ly + 26, "text-anchor": "middle", "font-size": 12 }, sid));
      const move = ctx.legal.find((m) => m.type === "special" && m.space === i);
      if (move) clickable(el, moveLabel(move, t), () => ctx.play(move));
      g.append(el);
    });
    ly += 42;
  }
  const chips = decisionChips(t, ctx, ly);
  g.append(chips.g);
  return { g, height: chips.bottom + 10 };
}

/** The decisions with no place on the board (bids, colours, boatsmen) as chips. */
function decisionChips(t, ctx, ly) {
  const g = svg("g", {});
  const chips = ctx.legal.filter((m) => !["buy", "place", "start", "exchange", "carry", "special", "convert"].includes(m.type)).slice(0, 14);
  let cx = 0;
  for (const m of chips) {
    const label = moveLabel(m, t);
    const w = 12 + label.length * 6.4;
    if (cx + w > 330) {
      cx = 0;
      ly += 32;
    }
    const colour = m.colour ?? (m.type === "viking" ? t.hand?.viking : null);
    const el = svg("g", {}, svg("rect", { x: cx, y: ly + 8, width: w, height: 26, rx: 13, fill: "#fff", stroke: COLOUR[colour] ?? "#8c3b1f", "stroke-width": 2 }), svg("text", { x: cx + w / 2, y: ly + 25, "text-anchor": "middle", "font-size": 11 }, label));
    clickable(el, label, () => ctx.play(m));
    g.append(el);
    cx += w + 6;
  }
  return { g, bottom: chips.length ? ly + 40 : ly };
}

/** What a diff did, in words, for the move log: a set taken from the wheel, a tile laid. */
function describeOps(ops, t) {
  const said = [];
  for (const op of ops) {
    const space = op.path.match(/^\/table\/wheel\/spaces\/(\d+)$/);
    if (space && op.op === "replace" && op.value === null && t.wheel) said.push(`bought the set of space ${space[1]} for ${space[1] - t.wheel.offset}`);
    const cell = op.path.match(/^\/table\/fjords\/(\d+)\/rows\/(\d+)\/(\d+)$/);
    if (cell && op.op === "add" && op.value) said.push(`laid a ${tileName(op.value.t)} in row ${cell[2]} (${ROW_NAME[cell[2]]}), column ${Number(cell[3]) + 1}`);
    if (op.path === "/table/auction/high") said.push(`bid ${op.value}`);
    if (/^\/table\/auction\/passed\/\d+$/.test(op.path) && op.value === true) said.push("passed");
  }
  return said.length ? said.join("; ") : null;
}

export const vikings = {
  title: "Vikings",
  moveLabel,
  describeOps,
  prompt(t, ctx) {
    const p = t.prompt;
    if (!p) return t.over ? "the game is over" : "";
    return ASKS[p.ask] ?? p.ask;
  },
  scores(t) {
    return t.fjords.map((f) => `${f.vp} VP · ${f.gold} gold`);
  },
  draw(t, ctx) {
    const cols = Math.max(8, ...t.fjords.flatMap((f) => f.rows.map((r) => r.length + 1)));
    const fw = 70 + cols * CELL;
    // a phone gets one column: the wheel, the panel under it, then one fjord per row
    const narrow = (globalThis.innerWidth ?? 1000) < 700;
    const perRow = narrow || fw > 470 ? 1 : 2;
    const fh = 6 * CELL + 68;
    const side = narrow ? sidePanel(t, ctx, 8, 262) : sidePanel(t, ctx, 280, 10);
    const top = narrow ? 270 + side.height : Math.max(265, side.height + 20);
    const width = narrow ? Math.max(fw + 10, 380) : Math.max(700, perRow * (fw + 10));
    const height = top + Math.ceil(t.fjords.length / perRow) * fh;
    const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "group", "aria-label": "Vikings table: wheel and fjords" });
    s.append(wheel(t, ctx, 130, 130));
    s.append(side.g);
    t.fjords.forEach((_, seat) => {
      s.append(fjord(t, ctx, seat, 5 + (seat % perRow) * (fw + 10), top + Math.floor(seat / perRow) * fh, cols, moveLabel));
    });
    return h("div", {}, s);
  },
};
