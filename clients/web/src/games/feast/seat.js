// One player's side of the table: banquet table, supply (goods as their shapes), home
// board, exploration boards and houses with what lies on them, sheds, ships, weapon
// cards and occupation cards. For the seat's owner every decision about these is a click
// on them: a good to pick up, place, serve, upgrade or trade; a banquet cell to leave
// empty; a ship to buy or arm; a shed slot; a card to play or use.

import { h, svg } from "../../dom.js";
import { t as tr } from "../../i18n/index.js";
import { seatColour } from "../../panels.js";
import { AREAS, BANQUET, COLOUR, GOODS, SHIPS, WEAPONS, itemName, name } from "./data.js";
import { feastSvg } from "./action.js";
import { occupationCard } from "./cards.js";
import { drawArea } from "./boards.js";
import { attach, planPick, placing, plannable } from "./place.js";
import { cached } from "./cache.js";
import { coin, pieceShape, pieceSize, resourceMark, token } from "./pieces.js";
import { cardOptionWords } from "./words.js";
import { textWidth } from "./faces.js";

const BCS = 28; // banquet cell size

/** The banquet table: 12 cells, Vikings on the numbered ones still closed, ships, what was served. */
export function banquet(t, ctx, fx, i) {
  const p = t.seats[i];
  const f = t.feast?.[i];
  const g = svg("g", { "data-path": `/table/seats/${i}/table`, transform: "translate(0,18)" });
  const numbered = Object.fromEntries(Object.entries(BANQUET[t.length === "short" ? "short_game" : "long_game"].numbered_cells).map(([n, c]) => [c, n]));
  const laid = (ctx.ui.laid?.[i] ?? []).filter((x) => x.round === t.round);
  p.table.forEach((v, c) => {
    const x = c * BCS;
    g.append(svg("rect", { x, y: 0, width: BCS - 2, height: BCS - 2, rx: 3, fill: "#f3e3c3", stroke: "#b49a6a", "data-banquet": c }));
    if (numbered[c]) g.append(svg("text", { x: x + 3, y: BCS - 5, "font-size": 12, fill: "#9b845a" }, numbered[c]));
    if (c < p.emigrated.length) g.append(svg("text", { x: x + 4, y: 18, "font-size": 12 }, "⛵"));
    else if (v) g.append(svg("circle", { cx: x + BCS / 2, cy: BCS / 2 - 1, r: 9, fill: seatColour(i), stroke: "#333" }, svg("title", { text: tr("feast.viking_sits") })));
  });
  for (const x of laid) {
    if (x.item === "empty") g.append(svg("text", { x: x.at * BCS + 6, y: 18, "font-size": 12, fill: "#8b0000" }, "✕"));
    else if (x.item === "silver") g.append(token("silver", x.at * BCS + 2, 2, BCS - 6));
    else g.append(pieceShape(x.item, x.lay === "h" || GOODS[x.item].shape.w === GOODS[x.item].shape.h ? 0 : 1, x.at * BCS, 0, BCS - 2, {}, true));
  }
  if (f && f.pos < f.end && !laid.some((x) => x.at >= f.pos)) {
    // cells filled before this page knew what lay on them (a view without `laid`): shown as served
    for (let c = laid.length ? Math.max(...laid.map((x) => x.at + x.span)) : p.emigrated.length; c < f.pos; c++) g.append(svg("rect", { x: c * BCS + 3, y: 3, width: BCS - 8, height: BCS - 8, fill: "#d8c7a0" }));
  }
  let extraW = 0;
  let extraH = 0;
  if (f && f.pos < f.end) {
    g.append(svg("rect", { x: f.pos * BCS - 1, y: -2, width: BCS, height: BCS + 2, fill: "none", stroke: "#1d6fd6", "stroke-width": 2.5, "stroke-dasharray": "4 2" }));
    const leave = ctx.legal.find((m) => m.type === "leave");
    if (leave) {
      const cell = svg("g", { class: "banquet-leave" }, svg("rect", { x: f.pos * BCS, y: 0, width: BCS - 2, height: BCS - 2, fill: "transparent" }));
      fx.bind(cell, leave, tr("feast.leave_cell", { cell: f.pos + 1 }));
      g.append(cell);
    }
    const rest = ctx.legal.find((m) => m.type === "leave_rest");
    if (rest) {
      // beside the table, or under it where the screen is too narrow for both
      const words = tr("feast.leave_rest_chip");
      const cw = Math.ceil(words.length * 6.8) + 18;
      const [cx, cy] = ctx.ui.narrow ? [0, BCS + 2] : [12 * BCS + 6, 2];
      const chip = svg("g", { class: "banquet-rest" }, svg("rect", { x: cx, y: cy, width: cw, height: 22, rx: 11, fill: "#fff", stroke: "#8b0000" }), svg("text", { x: cx + 9, y: cy + 16, "font-size": 12, fill: "#8b0000" }, words));
      fx.bind(chip, rest, `${words}: ${tr("feast.leave_rest_label", { count: f.end - f.pos })}`);
      g.append(chip);
      if (ctx.ui.narrow) extraH = 26;
      else extraW = cw + 14;
    }
  }
  // the head and the rule just broken, in as many lines as the table is wide
  const rule = ctx.ui.feastSaid?.[i];
  const width = 12 * BCS + extraW;
  const headLines = wrapWords(f ? tr(f.pos < f.end ? "feast.banquet_next" : "feast.banquet_served", { cell: f.pos + 1 }) : tr("feast.banquet"), width / 1.1);
  const ruleLines = rule ? wrapWords(rule, width) : [];
  const down = (headLines.length - 1) * 15;
  g.setAttribute("transform", `translate(0,${18 + down})`);
  const head = headLines.map((line, k) => svg("text", { x: 0, y: 13 + k * 15, "font-size": 12, "font-weight": 700 }, k < headLines.length - 1 ? `${line} ` : line));
  const out = feastSvg(width, BCS + 22 + down + extraH + ruleLines.length * 16, tr("feast.banquet"), ...head, g);
  ruleLines.forEach((line, k) => out.append(svg("text", { x: 0, y: BCS + 34 + down + extraH + k * 16, "font-size": 12, fill: "#8b0000" }, k < ruleLines.length - 1 ? `${line} ` : line)));
  return out;
}

/** Words in lines at most `px` wide at 12 px (a longer word keeps its own line). */
export function wrapWords(text, px) {
  const lines = [];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    if (last >= 0 && textWidth(`${lines[last]} ${word}`) <= px) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** What to do with a good of the supply now: place, serve, upgrade or trade it. */
function goodMoves(ctx, item) {
  return ctx.legal.filter((m) => (m.type === "place" && m.item === item && !("area" in m)) || (m.type === "serve" && m.item === item) || (m.type === "upgrade" && m.good === item) || (m.type === "flip" && m.good === item));
}

/** The supply: goods as their shapes (count beside), silver, wood, stone, ore. */
export function supply(t, ctx, fx, i, st) {
  const p = t.seats[i];
  const cs = 14;
  const g = svg("g", { "data-path": `/table/seats/${i}/goods` });
  let x = 0;
  let y = 0;
  let rowH = 0;
  const width = ctx.ui.narrow ? 350 : 560;
  const items = [];
  for (const res of ["silver", "wood", "stone", "ore"]) if (p[res]) items.push([res, p[res]]);
  for (const [good, n] of Object.entries(p.goods)) if (n) items.push([good, n]);
  const pending = ctx.ui.pick?.seat === i ? ctx.ui.pick.item : null;
  for (const [item, n] of items) {
    const isGood = !!GOODS[item];
    const [w, hgt] = isGood ? pieceSize(item, 0, cs) : [24, 24];
    const text = `${n}× ${itemName(item)}`;
    const boxW = Math.max(w, text.length * 7) + 8;
    if (x + boxW > width) {
      x = 0;
      y += rowH + 22;
      rowH = 0;
    }
    const el = svg("g", { transform: `translate(${x},${y})`, "data-good": item, class: "supply-item" });
    el.append(svg("rect", { x: -3, y: -3, width: boxW - 2, height: hgt + 24, rx: 4, fill: pending === item || st?.item === item ? "#fff4c2" : "#fffdf7", stroke: "#d8c9a8" }));
    el.append(isGood ? pieceShape(item, 0, 0, 0, cs, {}, false) : token(item, 0, 0, 24));
    el.append(svg("text", { x: 0, y: hgt + 16, "font-size": 12 }, text));
    el.append(svg("title", { text: COLOUR[item] ? tr("feast.supply_title_colour", { n, item: itemName(item), colour: tr(`feast.colour.${COLOUR[item]}`) }) : `${n} ${itemName(item)}` }));
    supplyChoice(el, item, ctx, fx, i, t);
    g.append(el);
    x += boxW + 6;
    rowH = Math.max(rowH, hgt);
  }
  const coins = ctx.legal.filter((m) => m.type === "place" && !("area" in m) && (m.item.startsWith("silver_") || m.item === "ore"));
  let cx = 0;
  y += rowH + 30;
  for (const m of coins) {
    const el = svg("g", { transform: `translate(${cx},${y})`, class: "coin-pick" });
    const [w] = pieceSize(m.item, 0, cs);
    el.append(pieceShape(m.item, 0, 0, 0, cs, {}, true));
    fx.bind(el, m, tr("feast.move.pick", { item: itemName(m.item) }));
    g.append(el);
    cx += w + 10;
  }
  const height = y + (coins.length ? 2 * cs + 6 : 0);
  const head = svg("text", { x: 0, y: 13, "font-size": 12, "font-weight": 700 }, tr("feast.supply"));
  g.setAttribute("transform", "translate(3,22)");
  return feastSvg(width, height + 26, tr("feast.supply"), head, g);
}

function supplyChoice(el, item, ctx, fx, i, t) {
  const moves = goodMoves(ctx, item);
  if (!moves.length) {
    // not now (another player is in the middle of an action): pick it up to plan where it goes
    if (GOODS[item] && ctx.you === i && t.seats[i].draft == null && !(t.to_act ?? []).includes(i) && ctx.live && plannable(t.seats[i], item)) {
      fx.bindLocal(el, tr("feast.plan_pick", { item: itemName(item) }), () => planPick(ctx, item));
    }
    return;
  }
  el.firstChild.classList.add("choice-mark");
  if (moves.length === 1) {
    fx.bind(el, moves[0]);
    return;
  }
  // several things to do with it (serve across or upright, upgrade to two goods): ask on it
  moves.forEach((m) => fx.cover(m));
  fx.bindLocal(el, tr("feast.choose_what", { item: itemName(item) }), () => {
    ctx.ui.pick = ctx.ui.pick?.item === item ? null : { seat: i, item };
    ctx.redraw();
  });
}

/** The choices for a good picked in the supply (serve across / upright, upgrade to …). */
export function pickChoices(t, ctx, fx) {
  const pick = ctx.ui.pick;
  if (!pick) return null;
  const moves = goodMoves(ctx, pick.item);
  if (!moves.length) return null;
  return h("div", { class: "feast-pick" }, h("strong", {}, `${itemName(pick.item)}: `), moves.map((m) => fx.bindHtml(h("button", { class: "feast-chip choice" }, fx.label(m)), m)));
}

/** Home board, exploration boards and houses; the held piece follows the pointer over them. */
export function areas(t, ctx, fx, i, st) {
  const p = t.seats[i];
  const end = t.prompt?.kind === "end";
  const cs = ctx.ui.narrow ? 26 : 26;
  const wrap = h("div", { class: "feast-areas", "data-morph": "" });
  p.areas.forEach((a, k) => {
    const build = () => {
      const drawn = drawArea(a, k, 0, 0, a.kind === "home" ? cs : ctx.ui.narrow ? 24 : 22, k === 0 ? tr("feast.home_board_of", { name: ctx.names[i] }) : null);
      const out = feastSvg(drawn.width + 4, drawn.height + 4, `${k + 1}: ${AREAS[a.kind]?.name ?? name(a.kind)}`, drawn.g);
      out.setAttribute("data-path", `/table/seats/${i}/areas/${k}`);
      return [drawn, out];
    };
    if (!st) {
      wrap.append(cached(ctx.ui, `area|${i}|${k}|${ctx.ui.narrow}|${ctx.names[i]}|${JSON.stringify(a)}`, () => build()[1]));
      return;
    }
    const [drawn, out] = build();
    {
      const cellSize = a.kind === "home" ? cs : ctx.ui.narrow ? 24 : 22;
      attach(drawn, st, k, a, end, cellSize, ctx, fx.say);
      out.classList.add("placing");
      if (st.stage === 2 && ![...st.pairs].some((x) => x.startsWith(`${k},`))) out.classList.add("no-fit");
    }
    wrap.append(out);
  });
  return wrap;
}

/** Sheds (wood and stone slots), ships with their ore slots, the harbour to buy ships. */
export function buildingsAndShips(t, ctx, fx, i) {
  const p = t.seats[i];
  const g = svg("g", {});
  let y = 0;
  p.sheds.forEach((shed, k) => {
    g.append(svg("text", { x: 0, y: y + 16, "font-size": 12 }, tr("feast.shed_n", { n: k + 1 })));
    ["wood", "stone"].forEach((res, ri) => {
      for (let n = 0; n < 3; n++) {
        const filled = n < shed[res];
        const el = filled ? token(res, 60 + (ri * 3 + n) * 28, y, 24) : svg("g", { transform: `translate(${60 + (ri * 3 + n) * 28},${y})` }, svg("rect", { x: 1, y: 1, width: 22, height: 22, fill: "#fffdf7", stroke: "#b9a77f", "stroke-dasharray": "3 2" }), resourceMark(res, 24, "#b9a77f"));
        if (!filled && n === shed[res]) {
          const move = ctx.legal.find((m) => m.type === "store" && m.res === res && "shed" in m);
          if (move) fx.bind(el, move, tr("feast.move.store_shed", { res: name(res) }));
        }
        g.append(el);
      }
    });
    y += 30;
  });
  p.areas.forEach((a, k) => {
    if (!("wood" in a) && !("stone" in a)) return;
    const move = ctx.legal.filter((m) => m.type === "store" && m.area === k);
    g.append(svg("text", { x: 0, y: y + 16, "font-size": 12 }, tr("feast.house_line", { house: name(a.kind), n: k + 1, wood: a.wood ?? 0, stone: a.stone ?? 0 })));
    move.forEach((m, j) => g.append(fx.bind(token(m.res, 220 + j * 28, y, 24), m, tr("feast.store_on", { res: name(m.res), on: name(a.kind) }))));
    y += 30;
  });
  p.ships.forEach((ship, k) => {
    const data = SHIPS[ship.type];
    const el = svg("g", { transform: `translate(0,${y})`, "data-ship": k });
    el.append(svg("path", { d: "M2 6 h150 l-14 18 h-122 z", fill: "#9a6b3f", stroke: "#5c3d1e" }));
    el.append(svg("text", { x: 14, y: 19, "font-size": 12, fill: "#fff" }, name(ship.type)));
    const slots = data?.ore?.extra_slots ?? 0;
    for (let n = 0; n < slots; n++) {
      const o = n < ship.ore ? token("ore", 160 + n * 26, 2, 22) : svg("g", { transform: `translate(${160 + n * 26},2)` }, svg("rect", { x: 1, y: 1, width: 20, height: 20, fill: "#fffdf7", stroke: "#4d4f55", "stroke-dasharray": "3 2" }));
      if (n === ship.ore) {
        const arm = ctx.legal.find((m) => m.type === "arm" && m.ship === k);
        if (arm) fx.bind(o, arm, tr("feast.arm_ship", { ship: name(ship.type) }));
      }
      el.append(o);
    }
    g.append(el);
    y += 30;
  });
  const buys = ctx.legal.filter((m) => m.type === "buy_ship");
  let bx = 0;
  buys.forEach((m) => {
    // the price on a coin, then the ship's name; chips go on to a new row when the line is full
    const words = tr("feast.buy_ship_chip", { ship: name(m.ship) });
    const w = Math.max(130, Math.ceil(words.length * 6.8) + 52);
    if (bx && bx + w > (ctx.ui.narrow ? 350 : 460)) (bx = 0), (y += 30);
    const el = svg("g", { transform: `translate(${bx},${y})`, class: "ship-buy" });
    el.append(svg("path", { d: `M2 6 h${w} l-12 18 h-${w - 24} z`, fill: "#d9c2a0", stroke: "#5c3d1e", "stroke-dasharray": "4 2" }));
    el.append(svg("text", { x: 38, y: 19, "font-size": 12 }, words));
    fx.bind(el, m, `${words}: ${fx.label(m)}`);
    // the price coin over the chip, outside it (clicks go through; the price is in the chip's name)
    g.append(el, svg("g", { transform: `translate(${bx},${y})`, "pointer-events": "none", "aria-hidden": "true" }, coin(SHIPS[m.ship].buy_price_silver, 14, 6)));
    bx += w + 12;
  });
  if (buys.length) y += 30;
  if (!y) return null;
  return feastSvg(ctx.ui.narrow ? 350 : 460, y + 2, tr("feast.sheds_ships"), g);
}

/** Weapon cards in front of the player. */
export function weapons(t, i) {
  const p = t.seats[i];
  const cards = Object.entries(p.weapons).filter(([, n]) => n);
  return h("div", { class: "feast-weapons", "data-path": `/table/seats/${i}/weapons` }, cards.length ? cards.map(([w, n]) => h("span", { class: "weapon-card", title: WEAPONS[w]?.used_for ?? w }, h("b", {}, `${n}×`), ` ${WEAPONS[w]?.name ?? name(w)}`)) : h("span", { class: "hint" }, tr("feast.no_weapons")));
}

/** Occupation cards: the hand (owner only; playable ones lit), the played ones, a start choice. */
export function occupations(t, ctx, fx, i) {
  const p = t.seats[i];
  const hand = [...(p.hand ?? []), ...(t.prompt?.kind === "start_card" && ctx.you === i ? t.prompt.cards : [])];
  const shown = Object.fromEntries([...(p.hand_cards ?? []), ...(p.played_cards ?? [])].map((c) => [c.id, c]));
  const cards = hand.map((id) => {
    const move = ctx.legal.find((m) => (m.type === "play" || m.type === "choose_card") && m.card === id);
    const el = occupationCard(id, { shown: shown[id], cls: move ? "playable" : "" });
    if (move) fx.bindHtml(el.querySelector(".occ-face"), move);
    return el;
  });
  const played = p.played.map((id) => {
    const uses = ctx.legal.filter((m) => m.type === "use_card" && m.card === id);
    const el = occupationCard(id, { shown: shown[id], where: "played", cls: "played" });
    uses.forEach((m) => el.append(fx.bindHtml(h("button", { class: "feast-chip choice" }, fx.label(m)), m)));
    return el;
  });
  return h(
    "div",
    { class: "feast-cards", "data-path": `/table/seats/${i}/played` },
    h("h4", {}, p.hand ? tr("feast.hand_yours", { n: p.hand.length }) : tr("feast.hand_size", { n: p.hand_size })),
    h("div", { class: "occ-row" }, cards),
    played.length ? h("h4", {}, tr("feast.played")) : null,
    h("div", { class: "occ-row" }, played),
  );
}

/** An occupation card asking its owner (occupation effects): the card and its options. */
export function cardPrompt(t, ctx, fx) {
  const p = t.prompt;
  if (p?.kind !== "card" || p.seat !== ctx.you) return null;
  const moves = ctx.legal.filter((m) => m.type === "choose" || m.type === "decline");
  // the card itself, with what it offers now as its choices
  const shown = (t.seats[ctx.you].played_cards ?? []).find((c) => c.id === p.card);
  const el = occupationCard(p.card, { shown, where: "prompt", cls: "asking" });
  el.append(...moves.map((m) => fx.bindHtml(h("button", { class: "feast-option choice" }, m.type === "decline" ? tr("feast.do_not_use") : cardOptionWords(p.options[m.pick] ?? {})), m)));
  return h("div", { class: "feast-options", "data-path": "/table/prompt" }, el);
}

/** A player's whole side: for the viewer's own seat everything is interactive. */
export function seatSide(t, ctx, fx, i) {
  const p = t.seats[i];
  const own = ctx.you === i;
  const st = own ? placing(p, ctx) : null;
  const none = { ...fx, bind: (el) => el, bindHtml: (el) => el, bindLocal: (el) => el, cover: () => {} };
  const f = own ? fx : none;
  const sub = own ? ctx : { ...ctx, legal: [] };
  return h(
    "section",
    { class: `feast-seat${own ? " own" : ""}`, "data-morph": "", "data-seat": i, style: `--seat:${seatColour(i)}` },
    h("h3", {}, `${ctx.names[i]}${own ? ` ${tr("seat.you")}` : ""}`, h("span", { class: "feast-stats" }, ` ${tr("feast.stats", { vikings: p.thing, things: p.things, cards: p.hand_size })}`)),
    own ? cardPrompt(t, sub, f) : null,
    banquet(t, sub, f, i),
    own ? pickChoices(t, sub, f) : null,
    supply(t, sub, f, i, st),
    areas(t, sub, f, i, st),
    buildingsAndShips(t, sub, f, i),
    weapons(t, i),
    occupations(t, sub, f, i),
  );
}
