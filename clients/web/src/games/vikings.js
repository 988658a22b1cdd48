// Vikings: the wheel with its offer, and each player's fjord — the ship row above five
// island rows (warriors, nobles, scouts, goldsmiths, fishermen) — with gold, VP, the
// vikings waiting at home, the bought set in hand, the auction and the special tiles.
//
// Everything is drawn from the view (no images exist). Where a legal move names a place
// (a wheel space, a fjord cell, a row, a special tile), that place is clickable; the
// decisions without a place (bids, colours, boatsmen) are chips beside the wheel.

import { clickable, h, svg } from "../dom.js";
import { seatColour } from "../panels.js";

const COLOUR = { blue: "#2e86c1", yellow: "#e2b007", green: "#27ae60", red: "#c0392b", black: "#222", grey: "#8e9ba3" };
const ROW_COLOUR = [null, "black", "red", "green", "yellow", "blue"];
const ROW_NAME = ["ships", "warriors", "nobles", "scouts", "goldsmiths", "fishermen"];
const TRADE = { blue: "fisherman", yellow: "goldsmith", green: "scout", red: "noble", black: "warrior", grey: "boatsman" };
const SAIL = { SR: "red", SG: "green", SY: "yellow", SB: "blue" };
const CELL = 36;
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
      const price = t ? m.slot - t.wheel.offset : "";
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

function viking(x, y, colour, r = 7) {
  return svg("circle", { cx: x, cy: y, r, fill: COLOUR[colour] ?? "#ccc", stroke: "#fff", "stroke-width": 1.5 });
}

/** One tile: an island piece (sea edges rounded) or a ship with its sail colour. */
function tile(kind, x, y, w = CELL - 4) {
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
      svg("text", { x: w / 2, y: w * 0.42, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, kind.slice(1)),
    );
  }
  return g;
}

function wheel(t, ctx, cx, cy) {
  const g = svg("g", { "data-path": "/table/wheel" });
  g.append(svg("circle", { cx, cy, r: 122, fill: "#e8dcc2", stroke: "#8a7445", "stroke-width": 2 }));
  g.append(svg("text", { x: cx, y: cy - 4, "text-anchor": "middle", "font-size": 14, "font-weight": 700 }, `round ${t.round}`));
  g.append(svg("text", { x: cx, y: cy + 14, "text-anchor": "middle", "font-size": 11 }, `bank ${t.bank}`));
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

function fjord(t, ctx, seat, x, y, cols) {
  const f = t.fjords[seat];
  const mine = ctx.you === seat;
  const g = svg("g", { transform: `translate(${x},${y})`, "data-path": `/table/fjords/${seat}` });
  const width = 70 + cols * CELL;
  g.append(svg("rect", { width, height: 6 * CELL + 58, rx: 8, fill: "#f6f0e2", stroke: seatColour(seat), "stroke-width": mine ? 4 : 2 }));
  g.append(svg("text", { x: 8, y: 18, "font-size": 14, "font-weight": 700, fill: seatColour(seat) }, ctx.names[seat]));
  g.append(svg("text", { x: 8, y: 36, "font-size": 12, "data-path": `/table/fjords/${seat}/gold` }, `gold ${f.gold}   VP ${f.vp}`));
  let hx = 140;
  for (const [colour, n] of Object.entries(f.home)) {
    const chip = svg("g", { "data-path": `/table/fjords/${seat}/home/${colour}` }, viking(hx, 31, colour, 7), svg("text", { x: hx + 10, y: 35, "font-size": 11 }, n));
    g.append(chip);
    hx += 34;
  }
  const specials = Object.entries(f.specials ?? {}).filter(([, n]) => n > 0).map(([s, n]) => `${s}${n > 1 ? `×${n}` : ""}`);
  if (specials.length) g.append(svg("text", { x: hx + 6, y: 35, "font-size": 10 }, specials.join(" ")));
  for (let r = 0; r < 6; r++) {
    const ry = 48 + r * CELL;
    g.append(svg("rect", { x: 4, y: ry, width: 60, height: CELL - 4, rx: 4, fill: r ? COLOUR[ROW_COLOUR[r]] : "#7aa9c4", opacity: 0.85 }));
    g.append(svg("text", { x: 34, y: ry + 21, "text-anchor": "middle", "font-size": 10, fill: "#fff" }, ROW_NAME[r]));
    const row = f.rows[r];
    for (let c = 1; c <= cols; c++) {
      const cx = 68 + (c - 1) * CELL;
      const cell = row[c - 1];
      const el = svg("g", { "data-path": `/table/fjords/${seat}/rows/${r}/${c - 1}` });
      el.append(svg("rect", { x: cx, y: ry, width: CELL - 4, height: CELL - 4, rx: 3, fill: "#dcecf5", stroke: "#c4d9e6" }));
      if (cell) {
        el.append(tile(cell.t, cx, ry));
        if (cell.v) el.append(viking(cx + (CELL - 4) / 2, ry + (CELL - 4) * 0.68, cell.v));
        if (cell.b) el.append(svg("text", { x: cx + 3, y: ry + 10, "font-size": 8 }, cell.b));
      }
      if (mine) {
        const move = ctx.legal.find((m) => ["place", "exchange", "carry"].includes(m.type) && m.row === r && m.col === c);
        if (move) {
          el.append(svg("rect", { x: cx, y: ry, width: CELL - 4, height: CELL - 4, rx: 3, class: "choice-mark" }));
          clickable(el, moveLabel(move, t), () => ctx.play(move));
        }
      }
      g.append(el);
    }
    const start = mine && ctx.legal.find((m) => m.type === "start" && m.row === r);
    if (start) {
      // a new island starts from the row's label: the cells may hold "place" choices
      const el = svg("g", {}, svg("rect", { x: 4, y: ry, width: 60, height: CELL - 4, rx: 4, class: "choice-mark" }), svg("text", { x: 56, y: ry + 12, "text-anchor": "end", "font-size": 12, "font-weight": 700, fill: "#fff" }, "+"));
      clickable(el, moveLabel(start, t), () => ctx.play(start));
      g.append(el);
    }
  }
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
  // decisions with no place on the board: chips
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
  return g;
}

export const vikings = {
  title: "Vikings",
  moveLabel,
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
    const perRow = fw > 470 ? 1 : 2;
    const fh = 6 * CELL + 68;
    const width = Math.max(700, perRow * (fw + 10));
    const height = 270 + Math.ceil(t.fjords.length / perRow) * fh;
    const s = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "board-svg", role: "group", "aria-label": "Vikings table: wheel and fjords" });
    s.append(wheel(t, ctx, 130, 130));
    s.append(sidePanel(t, ctx, 280, 10));
    t.fjords.forEach((_, seat) => {
      s.append(fjord(t, ctx, seat, 5 + (seat % perRow) * (fw + 10), 265 + Math.floor(seat / perRow) * fh, cols));
    });
    return h("div", {}, s);
  },
};
