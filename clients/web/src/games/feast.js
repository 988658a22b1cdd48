// A Feast for Odin: the action board (61 spaces in four columns, occupied spaces in the
// occupier's colour, free legal ones clickable), then each player's home board and other
// placement areas with the polyomino goods as covered cells in their colours, and their
// supply, weapons, ships and played occupations. A hand is drawn for its owner only (the
// view holds no other hand).
//
// The grids come from the engine's data files, so a board here is the board the engine
// checks placements against. What this leaves out: the shapes' exact outlines (covered
// cells are coloured instead, with the item name at the piece's anchor).

import spacesData from "../../../../server/games/feast/data/action_spaces.json";
import buildingsData from "../../../../server/games/feast/data/buildings.json";
import explorationData from "../../../../server/games/feast/data/exploration_boards.json";
import goodsData from "../../../../server/games/feast/data/goods.json";
import homeData from "../../../../server/games/feast/data/home_board.json";
import { clickable, h, svg } from "../dom.js";
import { seatColour } from "../panels.js";
import { words } from "./generic.js";

const SPACES = spacesData.spaces;
const GRIDS = {
  home: homeData.goods_grid.rows,
  ...Object.fromEntries(explorationData.boards.map((b) => [b.id, b.rows])),
  ...Object.fromEntries(buildingsData.buildings.filter((b) => b.grid).map((b) => [b.id, b.grid.rows])),
};
const GOOD_COLOUR = Object.fromEntries(goodsData.goods.map((g) => [g.id, g.colour]));
const FILL = { green: "#3f9b4a", orange: "#f0932b", red: "#c0392b", blue: "#2e6fb7" };
const CELL_FILL = { "-": "#d9cfbd", ".": "#f3ecdc", I: "#f7e08a", B: "#cfe6c8", X: "#9aa58d", E: "#eadcc2", P: "#9b8b74" };
const ASK = {
  turn: "place Vikings on an action space, or pass",
  dice: "roll the die, or take the result",
  trade: "take from the mountains, or upgrade goods",
  ready: "make ready for the next phase",
  feast: "serve the feast: lay food on the banquet table",
  play: "play occupation cards",
  option: "choose one of the action's options",
  bonus_play: "you may play an occupation first",
  end: "finish the round: place goods, then ready",
};
const name = (s) => s.replaceAll("_", " ");

function moveLabel(m) {
  switch (m.type) {
    case "occupy": {
      const sp = SPACES.find((s) => s.id === m.space);
      return `occupy ${sp ? sp.name : name(m.space)}${sp ? ` (${sp.vikings} Viking${sp.vikings > 1 ? "s" : ""})` : ""}`;
    }
    case "place": return `place ${name(m.item)}${m.row !== undefined ? ` at ${m.row},${m.col}` : ""}`;
    case "play": return `play occupation ${m.card}`;
    case "serve": return `serve ${name(m.item)}${m.lay ? ` (${m.lay === "h" ? "across" : "upright"})` : ""}`;
    default: {
      const rest = words(m);
      return rest ? `${name(m.type)}: ${rest}` : name(m.type);
    }
  }
}

function actionBoard(t, ctx) {
  const cols = [1, 2, 3, 4].map((c) => SPACES.filter((s) => s.column === c));
  const cw = 200;
  const rh = 21;
  const height = 24 + Math.max(...cols.map((c) => c.length)) * rh;
  const g = svg("g", { "data-path": "/table/spaces" });
  cols.forEach((spaces, ci) => {
    g.append(svg("text", { x: ci * cw + 4, y: 14, "font-size": 12, "font-weight": 700 }, `${ci + 1} Viking${ci ? "s" : ""}`));
    spaces.forEach((sp, ri) => {
      const taken = t.spaces[sp.id];
      const x = ci * cw;
      const y = 20 + ri * rh;
      const el = svg("g", { "data-path": `/table/spaces/${sp.id}` });
      el.append(svg("rect", { x, y, width: cw - 6, height: rh - 3, rx: 3, fill: taken ? seatColour(taken.seat) : "#f3ecdc", stroke: "#a8977a" }));
      el.append(svg("text", { x: x + 4, y: y + 13, "font-size": 10, fill: taken ? "#fff" : "#333" }, sp.name.length > 30 ? `${sp.name.slice(0, 29)}…` : sp.name));
      const move = ctx.legal.find((m) => m.type === "occupy" && m.space === sp.id);
      if (move) {
        el.append(svg("rect", { x, y, width: cw - 6, height: rh - 3, rx: 3, class: "choice-mark" }));
        clickable(el, moveLabel(move), () => ctx.play(move));
      }
      g.append(el);
    });
  });
  return { g, width: 4 * cw, height };
}

/** One placement area as a grid, covered cells in the colour of what covers them. */
function area(a, path, x, y, cs = 16) {
  const rows = GRIDS[a.kind] ?? a.cover.map(() => ".".repeat(13));
  const g = svg("g", { transform: `translate(${x},${y})`, "data-path": path });
  g.append(svg("text", { x: 0, y: -3, "font-size": 10 }, name(a.kind)));
  rows.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      if (ch === "#") return;
      const bit = 1 << c;
      const covered = a.cover[r] & bit;
      const colour = a.green?.[r] & bit ? "green" : a.orange?.[r] & bit ? "orange" : a.red?.[r] & bit ? "red" : covered ? "blue" : null;
      g.append(svg("rect", { x: c * cs, y: r * cs, width: cs - 1, height: cs - 1, fill: colour ? FILL[colour] : CELL_FILL[ch] ?? "#eee" }));
    });
  });
  for (const [item, , r, c] of a.pieces ?? []) {
    const colour = GOOD_COLOUR[item];
    g.append(svg("text", { x: c * cs + 1, y: r * cs + cs - 3, "font-size": 8, fill: colour ? "#fff" : "#222" }, item.startsWith("silver") ? "$" : item.slice(0, 4)));
  }
  return { g, width: Math.max(...rows.map((r) => r.length)) * cs, height: rows.length * cs };
}

/** Break a line of words into lines of at most `max` characters (SVG text does not wrap). */
function wrap(text, max) {
  const out = [""];
  for (const word of text.split(" ")) {
    if (out[out.length - 1].length + word.length + 1 > max && out[out.length - 1]) out.push("");
    out[out.length - 1] += (out[out.length - 1] ? " " : "") + word;
  }
  return out;
}

function seatPanel(t, ctx, i, x, y, width) {
  const p = t.seats[i];
  const g = svg("g", { transform: `translate(${x},${y})`, "data-path": `/table/seats/${i}` });
  const lines = [
    `silver ${p.silver} · wood ${p.wood} · stone ${p.stone} · ore ${p.ore} · Vikings ${p.thing ?? 0}`,
    `goods: ${Object.entries(p.goods).filter(([, n]) => n).map(([k, n]) => `${name(k)} ${n}`).join(", ") || "none"}`,
    `weapons: ${Object.entries(p.weapons).filter(([, n]) => n).map(([k, n]) => `${name(k)} ${n}`).join(", ") || "none"}`,
    `ships: ${p.ships.map((s) => name(s.type)).join(", ") || "none"} · occupations played ${p.played.length} · in hand ${p.hand_size}`,
  ];
  if (p.hand) lines.push(`your hand: ${p.hand.join(", ") || "empty"}`);
  g.append(svg("text", { x: 0, y: 14, "font-size": 14, "font-weight": 700, fill: seatColour(i) }, `${ctx.names[i]}${ctx.you === i ? " (you)" : ""}`));
  const wrapped = lines.flatMap((l) => wrap(l, Math.floor(width / 6.2)));
  wrapped.forEach((l, k) => g.append(svg("text", { x: 0, y: 32 + k * 15, "font-size": 11 }, l)));
  lines.length = wrapped.length; // the areas start below the wrapped lines
  let ax = 0;
  let ay = 32 + lines.length * 15 + 8;
  let rowH = 0;
  p.areas.forEach((a, k) => {
    const drawn = area(a, `/table/seats/${i}/areas/${k}`, ax, ay + 10);
    if (ax + drawn.width > width && ax > 0) {
      ax = 0;
      ay += rowH + 18;
      rowH = 0;
      drawn.g.setAttribute("transform", `translate(0,${ay + 10})`);
    }
    g.append(drawn.g);
    ax += drawn.width + 14;
    rowH = Math.max(rowH, drawn.height);
  });
  return { g, height: ay + rowH + 24 };
}

/** What a diff did, in words, for the move log: the action spaces newly occupied. */
function describeOps(ops) {
  const said = ops
    .filter((op) => op.op === "add" && op.path.startsWith("/table/spaces/"))
    .map((op) => {
      const sp = SPACES.find((x) => x.id === op.path.slice("/table/spaces/".length));
      return `occupied ${sp ? sp.name : name(op.path.split("/").pop())}`;
    });
  return said.length ? said.join("; ") : null;
}

export const feast = {
  title: "A Feast for Odin",
  moveLabel,
  describeOps,
  prompt(t) {
    const p = t.prompt;
    if (!p) return "";
    const sp = p.space ? SPACES.find((s) => s.id === p.space) : null;
    return `${ASK[p.kind] ?? name(p.kind)}${sp ? ` (${sp.name})` : ""}`;
  },
  scores(t) {
    return t.seats.map((p) => `${p.silver} silver · ${p.thing ?? 0} Vikings left`);
  },
  draw(t, ctx) {
    const board = actionBoard(t, ctx);
    const width = board.width;
    const head = svg("text", { x: 0, y: 14, "font-size": 13, "data-path": "/table/round" }, `round ${t.round} of ${t.rounds} · phase ${t.phase} · start player ${ctx.names[t.start] ?? t.start} · exploration: ${Object.entries(t.exploration).map(([k, e]) => `${k} ${name(e.face)}${e.owner !== null ? ` (${ctx.names[e.owner]})` : ""}`).join(", ")}`);
    board.g.setAttribute("transform", "translate(0,24)");
    const s = svg("svg", { class: "board-svg", role: "group", "aria-label": "A Feast for Odin: action board and home boards" }, head, board.g);
    // players side by side, two to a row, so the home boards stay in view together
    let y = 24 + board.height + 16;
    let rowHeight = 0;
    t.seats.forEach((_, i) => {
      const panel = seatPanel(t, ctx, i, (i % 2) * (width / 2), y, width / 2 - 10);
      s.append(panel.g);
      rowHeight = Math.max(rowHeight, panel.height);
      if (i % 2 === 1 || i === t.seats.length - 1) {
        y += rowHeight;
        rowHeight = 0;
      }
    });
    s.setAttribute("viewBox", `0 0 ${width} ${y}`);
    return h("div", {}, s);
  },
};
