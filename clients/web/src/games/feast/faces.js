// What an action space costs and gives, as the printed board shows it: a row of small
// pictures (silver and resources as chips with their number, goods as their tiles, a die,
// a mountain, an arrow up for an upgrade…) from the space's data, and the same in words
// for its title and accessible name. The row is drawn as a picture only (aria-hidden):
// its words are in the space's name.

import { svg } from "../../dom.js";
import { t as tr } from "../../i18n/index.js";
import { FILL, GOODS, STROKE, WEAPONS, colourOf, itemName } from "./data.js";
import { pieceShape, pieceSize } from "./pieces.js";
import { amountWords, variantWords } from "./words.js";

const CHIPS = ["silver", "wood", "stone", "ore"];
const GLYPH = 15; // px of a chip or picture
const PIECE = 6; // px per cell of a good drawn in the row

let pen = null;
/** The width in px of `s` drawn at 12 px in the page's font (measured on a canvas). */
export function textWidth(s) {
  if (!pen) {
    pen = document.createElement("canvas").getContext("2d");
    pen.font = `12px ${getComputedStyle(document.body).fontFamily}`;
  }
  return pen.measureText(s).width;
}

const amounts = (obj) => Object.entries(obj ?? {}).filter(([k, n]) => k !== "one_of" && n).map(([item, n]) => ({ item, n }));

/** Goods, silver, buildings and ships of a `gain` map as parts. */
function gains(obj) {
  return Object.entries(obj ?? {}).map(([k, v]) => {
    if (typeof v === "string") return { item: k === "building" ? "building" : "ship", id: v, n: 1 };
    return WEAPONS[k] ? { item: "weapon", id: k, n: v } : { item: k, n: v };
  });
}

/** The space as a printed face: `cost` and `gain` parts, with alternatives joined by "/". */
export function spaceFace(sp) {
  const e = sp.effect ?? {};
  const cost = [];
  const gain = [];
  const or = (lists, into) => lists.forEach((l, i) => (i && into.push({ item: "or" }), into.push(...l)));
  for (const part of amounts(sp.cost)) cost.push(typeof part.n === "string" ? { item: "round" } : part);
  if (sp.cost?.one_of) or(sp.cost.one_of.map(amounts), cost);
  if (e.exchange?.give) cost.push(...amounts(e.exchange.give));
  if (e.exchange?.give_one_of) or(e.exchange.give_one_of.map(amounts), cost);
  if (e.optional_first?.exchange) cost.push(...gains(e.optional_first.exchange.give).map((p) => ({ ...p, item: "ship", id: "whaling_boat" })));
  if (e.die) gain.push({ item: "die", n: Number(String(e.die).match(/\d+/)?.[0] ?? 6) });
  if (e.no_die) gain.push({ item: "longship", n: sp.requires?.count ?? 2 });
  if (e.gain) gain.push(...gains(e.gain));
  if (e.exchange?.get) gain.push(...gains(e.exchange.get));
  if (e.exchange?.get_one_of) or([[{ item: "jewelry", n: 1 }], [{ item: "special", n: 1 }]], gain);
  if (e.success) gain.push(...(typeof e.success === "object" ? gains(e.success) : [{ item: "special", n: 1 }]));
  if (e.gain_wood_equal_to) gain.push({ item: "wood", n: tr("feast.face.players_mark") });
  if (e.gain_per_animal) gain.push({ item: e.gain_per_animal.good, n: `1–${e.gain_per_animal.max}`, per: e.gain_per_animal.per });
  if (e.optional_exchanges) for (const x of e.optional_exchanges) gain.push(...gains(x.get));
  if (e.conditional) for (const c of e.conditional) gain.push(...gains(c.gain));
  if (e.mountain) for (const m of e.mountain) gain.push({ item: "mountain", n: m.take_up_to });
  if (e.upgrade) gain.push({ item: "upgrade", n: e.upgrade.goods, levels: e.upgrade.levels });
  if (e.draw_weapons) gain.push({ item: "weapon", n: e.draw_weapons });
  if (e.flip_green_to_blue) gain.push({ item: "sea_trade" });
  if (e.buy_special_tiles) gain.push({ item: "special", n: e.buy_special_tiles.max, buy: true });
  if (e.take_exploration_board) gain.push({ item: "explore", n: e.take_exploration_board.length });
  if (e.optional_first?.exchange) gain.push({ item: "ship", id: "knarr", n: 1 });
  if (e.emigrate) gain.push({ item: "emigrate" });
  if (e.draw_occupations) gain.push({ item: "card", n: e.draw_occupations });
  if (e.play_occupations) gain.push({ item: "play", n: e.play_occupations.min === e.play_occupations.max ? e.play_occupations.max : `${e.play_occupations.min}–${e.play_occupations.max}` });
  if (e.choice) or(e.choice.map((c) => spaceFace({ cost: c.cost, effect: { ...c, choice: undefined } })).map((f) => [...f.cost, ...(f.cost.length ? [{ item: "to" }] : []), ...f.gain]), gain);
  return { cost, gain };
}

/** One option of the space (or the whole space) as a variant `variantWords` says. */
function variantOf(sp, e) {
  const cost = Object.fromEntries(Object.entries(sp.cost ?? {}).filter(([k, v]) => k !== "one_of" && typeof v === "number"));
  const gain = { ...Object.fromEntries(Object.entries(e.gain ?? {})), ...(e.exchange?.get ?? {}), ...(typeof e.success === "object" ? e.success : {}) };
  Object.assign(cost, e.exchange?.give ?? {});
  const takes = (e.mountain ?? []).map((m) => m.take_up_to);
  const work = { takes, upgrades: e.upgrade?.goods ?? 0, levels: e.upgrade?.levels ?? 1, weapons: e.draw_weapons ?? 0 };
  const v = { cost, gain, work };
  if (e.take_exploration_board) v.explore = e.take_exploration_board.map((b) => tr(`feast.board.${b}`)).join(" / ");
  if (e.emigrate) v.emigrate = 1;
  if (e.flip_green_to_blue) v.sea_trade = true;
  if (e.buy_special_tiles) v.special_sale = true;
  if (e.die) v.dice = { die: String(e.die).match(/\d+/)?.[0] ?? "" };
  if (e.draw_occupations) v.draw = e.draw_occupations;
  if (e.play_occupations) v.play = [e.play_occupations.min, e.play_occupations.max];
  return v;
}

/** What the space costs and gives, in words (the title and accessible name of the space). */
export function spaceWords(sp) {
  const e = sp.effect ?? {};
  const parts = [];
  if (sp.cost?.one_of) parts.push(tr("feast.variant.pay", { what: sp.cost.one_of.map(amountWords).join(` ${tr("feast.or")} `) }));
  if (typeof sp.cost?.silver === "string") parts.push(tr("feast.face.round_silver"));
  if (e.exchange?.give_one_of) parts.push(tr("feast.variant.give", { what: e.exchange.give_one_of.map(amountWords).join(` ${tr("feast.or")} `) }));
  if (e.choice) {
    const cost = amountWords(Object.fromEntries(Object.entries(sp.cost ?? {}).filter(([, v]) => typeof v === "number")));
    if (cost) parts.push(tr("feast.variant.pay", { what: cost }));
    parts.push(e.choice.map((c) => variantWords(variantOf({ cost: c.cost }, c))).join(` ${tr("feast.or")} `));
  } else if (e.die && typeof e.success === "object") {
    // a hunt: the die first, then what success brings
    parts.push(variantWords({ dice: { die: String(e.die).match(/\d+/)?.[0] ?? "" } }), variantWords({ gain: e.success }));
  } else if (e.play_occupations && e.play_occupations.max === 1) {
    parts.push(variantWords({ ...variantOf(sp, e), play: undefined }), tr("feast.face.play_one"));
  } else parts.push(variantWords(variantOf(sp, e)));
  if (e.exchange?.get_one_of) parts.push(tr("feast.face.smithy"));
  if (e.gain_wood_equal_to) parts.push(tr("feast.face.wood_per_player"));
  if (e.gain_per_animal) parts.push(tr("feast.face.per_animal", { good: itemName(e.gain_per_animal.good), per: itemName(e.gain_per_animal.per), max: e.gain_per_animal.max }));
  if (e.success && typeof e.success !== "object") parts.push(tr("feast.face.raid"));
  if (e.no_die) parts.push(tr("feast.face.tribute", { count: sp.requires?.count ?? 2 }));
  if (e.optional_exchanges) parts.push(tr("feast.face.may_exchange", { what: e.optional_exchanges.map((x) => `${amountWords(x.give)} → ${amountWords(x.get)}`).join(", ") }));
  for (const c of e.conditional ?? []) parts.push(tr("feast.face.if_own", { animal: Object.keys(c.if_own_at_least).map(itemName).join(", "), what: amountWords(c.gain) }));
  if (e.optional_first?.exchange) parts.push(tr("feast.face.boat_to_knarr"));
  return parts.filter((x) => x && x !== tr("feast.variant.this_way")).join("; ");
}

const text = (x, y, s, extra = {}) => svg("text", { x, y, "font-size": 12, fill: "#2b2b2b", ...extra }, s);

// Parts are drawn lean (a part is its own group, placed by `drawFace`; no wrapper groups):
// the table is drawn again on every change and each node costs style and layout.
function chip(item, n) {
  const colour = colourOf(item);
  const g = svg("g", {});
  const fill = FILL[colour];
  if (colour === "silver") g.append(svg("circle", { cx: GLYPH / 2 + 1, cy: GLYPH / 2, r: GLYPH / 2 + 1, fill, stroke: STROKE[colour] }));
  else g.append(svg("rect", { x: 0, y: 0, width: GLYPH + 2, height: GLYPH, rx: item === "ore" ? 5 : 2, fill, stroke: STROKE[colour] }));
  g.append(text(GLYPH / 2 + 1, GLYPH - 3, String(n), { "text-anchor": "middle", fill: colour === "silver" ? "#222" : "#fff", "font-weight": 700 }));
  return [g, GLYPH + 2];
}

/** A small picture for a part that is not a good or a chip. */
function picture(p) {
  const g = svg("g", {});
  const s = GLYPH;
  switch (p.item) {
    case "die":
      g.append(svg("rect", { x: 0, y: 0, width: s + 3, height: s, rx: 4, fill: "#b33", stroke: "#611" }), text((s + 3) / 2, s - 3, String(p.n), { fill: "#fff", "text-anchor": "middle" }));
      return [g, s + 3];
    case "mountain":
      g.append(svg("path", { d: `M0 ${s}L${s / 2} 1L${s} ${s}Z`, fill: "#8e9aa6", stroke: "#4f5962" }));
      return [g, s];
    case "upgrade":
      g.append(svg("path", { d: `M${s / 2} 0L${s} ${s / 2}H${s * 0.68}V${s}H${s * 0.32}V${s / 2}H0Z`, fill: p.levels > 1 ? "#2e6fb7" : "#3f9b4a", stroke: "#1f3f2a" }));
      return [g, s];
    case "weapon":
      g.append(svg("path", { d: `M2 ${s - 2}L${s - 2} 2M4 ${s - 8}L8 ${s - 4}`, stroke: "#444", "stroke-width": 2.5 }));
      return [g, s];
    case "card":
    case "play":
      g.append(svg("rect", { x: 1, y: 0, width: s - 4, height: s, rx: 2, fill: p.item === "play" ? "#7a4a1c" : "#e9d9b8", stroke: "#5c3d1e" }));
      return [g, s - 2];
    case "special":
      g.append(svg("rect", { x: 0, y: 2, width: s, height: s - 4, rx: 1, fill: FILL.blue, stroke: STROKE.blue }), text(s / 2, s - 4, "★", { fill: "#fff", "text-anchor": "middle", "font-size": 12 }));
      return [g, s];
    case "building":
      g.append(svg("path", { d: `M1 ${s}V${s / 2}L${s / 2} 1L${s - 1} ${s / 2}V${s}Z`, fill: p.id === "shed" ? "#c9a36b" : p.id === "long_house" ? "#7d7d86" : "#a5adb6", stroke: "#4f5962" }));
      return [g, s];
    case "ship":
    case "longship":
    case "emigrate":
    case "explore":
    case "sea_trade": {
      const hull = svg("path", { d: `M0 ${s * 0.55}H${s + 3}L${s - 1} ${s}H3Z`, fill: "#7a4a1c", stroke: "#3d2410" });
      const sail = svg("path", { d: `M${s / 2} 0V${s * 0.5}H${s * 0.9}Z`, fill: p.item === "emigrate" ? "#e9d9b8" : p.item === "explore" ? "#3f9b4a" : p.item === "sea_trade" ? "#2e6fb7" : "#fff", stroke: "#3d2410" });
      g.append(hull, sail);
      return [g, s + 3];
    }
    default:
      return [null, 0];
  }
}

/** The face drawn at (x, y), at most `width` wide (it wraps); returns { g, width, height }. */
export function drawFace(face, x, y, width) {
  const g = svg("g", { class: "space-face", "aria-hidden": "true", "pointer-events": "none" });
  const row = 18;
  let cx = 0;
  let cy = 0;
  let used = 0;
  let side = "cost";
  const put = (el, w, what = null, dy = 0) => {
    if (cx + w > width && cx > 0) {
      cx = 0;
      cy += row;
    }
    if (el) {
      el.setAttribute("transform", `translate(${x + cx},${y + cy + (row - GLYPH) / 2 - 1 + dy})`);
      if (what) el.setAttribute("data-part", `${side} ${what}`);
      g.append(el);
    }
    cx += w + 3;
    used = Math.max(used, cx);
  };
  const word = (s) => put(text(0, GLYPH - 3, s), textWidth(s));
  const part = (p) => {
    if (p.item === "or") return word("/");
    if (p.item === "to") return word("→");
    const what = `${p.id ?? p.item} ${p.n ?? ""}`.trim();
    // the round's number and the number of players, by their initial in the player's language
    if (p.item === "round") return put(...chip("silver", tr("feast.face.round_mark")), "silver R");
    if (CHIPS.includes(p.item)) return put(...chip(p.item, p.n), what);
    if (GOODS[p.item]) {
      if (p.n !== 1) word(String(p.n));
      const [w, hgt] = pieceSize(p.item, 0, PIECE);
      const piece = pieceShape(p.item, 0, 0, 0, PIECE, {}, false);
      piece.querySelector("title")?.remove(); // a picture: the space's words say it
      put(piece, w, what, Math.max(0, (GLYPH - hgt) / 2));
      return undefined;
    }
    if (["mountain", "upgrade", "weapon", "card", "play", "special", "longship", "explore"].includes(p.item) && p.n !== undefined && p.n !== 1) word(String(p.n));
    const [el, w] = picture(p);
    if (el) put(el, w, what);
    if (p.item === "upgrade" && p.levels > 1) put(...picture(p)); // two levels: two arrows
    return undefined;
  };
  face.cost.forEach(part);
  if (face.cost.length && face.gain.length) word("→");
  side = "gain";
  face.gain.forEach(part);
  return { g, width: Math.max(0, used - 3), height: cy + row };
}
