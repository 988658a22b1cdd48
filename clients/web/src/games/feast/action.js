// The shared table: the action board (61 spaces in four columns, taken ones in the
// occupier's colour, free legal ones clickable), the options of the space just taken,
// the mountain strips (click a resource to take it and those before it), the exploration
// boards, the special tiles, the die of a raid or hunt, and the weapon deck.

import { h, svg } from "../../dom.js";
import { lang, t as tr } from "../../i18n/index.js";
import { seatColour } from "../../panels.js";
import { EXPLORATION, SPACES, SPECIALS, SWORD, itemName, name } from "./data.js";
import { drawArea } from "./boards.js";
import { coin, pieceShape, pieceSize, sword, token } from "./pieces.js";
import { lootWords, variantWords } from "./words.js";
import { drawFace, spaceFace, spaceWords, textWidth } from "./faces.js";
import { cached } from "./cache.js";

export function feastSvg(width, height, label, ...children) {
  // kept in the page across redraws, element by element (morph.js)
  return svg("svg", { class: "feast-svg", "data-morph": "tree", width, height, viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": label }, ...children);
}

const titles = new Map();
/** The space's name, Vikings, and what it costs and gives, in words (its title and
 * accessible name): worded once per space and language, not on every redraw. */
function spaceTitle(sp) {
  const key = `${lang()}|${sp.id}`;
  if (!titles.has(key)) {
    const words = spaceWords(sp);
    titles.set(key, `${tr("feast.space_title", { space: sp.name, count: sp.vikings })}${words ? `; ${words}` : ""}`);
  }
  return titles.get(key);
}

/** The action board; on a narrow screen the four columns stand two by two. */
export function actionBoard(t, ctx, fx) {
  if (ctx.legal.some((m) => m.type === "occupy")) return drawActionBoard(t, ctx, fx);
  return cached(ctx.ui, `spaces|${ctx.ui.narrow}|${JSON.stringify(t.spaces)}|${ctx.names}`, () => drawActionBoard(t, ctx, fx));
}

/** A space's name in at most two lines of `max` characters, broken between words. */
function nameLines(text, max) {
  if (text.length <= max) return [text];
  const words = text.split(" ");
  let first = "";
  while (words.length > 1 && `${first} ${words[0]}`.trim().length <= max) first = `${first} ${words.shift()}`.trim();
  return first ? [first, words.join(" ")] : [text];
}

const LINE = 14; // px between the two lines of a long name

const layouts = new Map();
/**
 * What each space costs and gives, drawn once per column width (the catalogue is fixed
 * for the page's life): beside a one-line name when both fit, else below it. `faceOf`
 * gives a copy of a space's drawing placed at (x, y) (a redraw keeps the copy it drew
 * before: `cached`).
 */
function faceLayout(cw, lines) {
  if (!layouts.has(cw)) {
    const beside = {};
    const below = {};
    const drawn = {};
    for (const sp of SPACES) {
      const face = spaceFace(sp);
      const one = lines[sp.id].length === 1 ? drawFace(face, 0, 0, Infinity) : null;
      beside[sp.id] = one && textWidth(sp.name) + one.width + 18 <= cw - 6 ? one.width : null;
      const made = beside[sp.id] !== null ? one : drawFace(face, 0, 0, cw - 18);
      below[sp.id] = beside[sp.id] === null ? made.height : 0;
      drawn[sp.id] = made.g;
    }
    const faceOf = (id, [x, y]) => {
      const copy = drawn[id].cloneNode(true);
      copy.setAttribute("transform", `translate(${x},${y})`);
      return copy;
    };
    layouts.set(cw, { beside, below, faceOf });
  }
  return layouts.get(cw);
}

function drawActionBoard(t, ctx, fx) {
  const narrow = ctx.ui.narrow;
  const cw = narrow ? 180 : 210;
  const rh = 24;
  const max = Math.floor((cw - 14) / 6.6);
  const cols = [1, 2, 3, 4].map((c) => SPACES.filter((s) => s.column === c));
  // names are never cut: a long one takes two lines (and its row is taller); a line still
  // too long is drawn narrower. Its words are the space's accessible name too.
  const lines = Object.fromEntries(SPACES.map((sp) => [sp.id, nameLines(sp.name, max)]));
  const { beside, below, faceOf } = faceLayout(cw, lines);
  const heightOf = (sp) => rh + (lines[sp.id].length - 1) * LINE + below[sp.id];
  const colHeight = (ci) => (cols[ci] ?? []).reduce((n, sp) => n + heightOf(sp), 0);
  const pairHeight = (a, b) => Math.max(colHeight(a), colHeight(b));
  const place = (ci) => (narrow ? [(ci % 2) * cw, ci < 2 ? 0 : 26 + pairHeight(0, 1)] : [ci * cw, 0]);
  const g = svg("g", { "data-path": "/table/spaces", transform: "translate(0,4)" });
  cols.forEach((spaces, ci) => {
    const [x0, y0] = place(ci);
    g.append(svg("text", { x: x0 + 4, y: y0 + 14, "font-size": 13, "font-weight": 700 }, tr("feast.column", { count: ci + 1 })));
    let y = y0 + 20;
    for (const sp of spaces) {
      const taken = t.spaces[sp.id];
      const x = x0;
      const hgt = heightOf(sp) - 3;
      const el = svg("g", { "data-path": `/table/spaces/${sp.id}`, "data-space": sp.id, class: "space" });
      el.append(svg("rect", { x, y, width: cw - 6, height: hgt, rx: 3, fill: taken ? seatColour(taken.seat) : "#f6efdf", stroke: "#a8977a" }));
      lines[sp.id].forEach((line, i) => {
        const fit = line.length > max ? { textLength: cw - 14, lengthAdjust: "spacingAndGlyphs" } : {};
        // a space after the first line: the accessible text of the two lines is the name
        el.append(svg("text", { x: x + 5, y: y + 15 + i * LINE, "font-size": 12, fill: taken ? "#fff" : "#2b2b2b", ...fit }, i < lines[sp.id].length - 1 ? `${line} ` : line));
      });
      const at = beside[sp.id] !== null ? [x + cw - 12 - beside[sp.id], y + 2] : [x + 5, y + 3 + lines[sp.id].length * LINE];
      const face = cached(ctx.ui, `face|${sp.id}|${cw}|${at}|${!!taken}`, () => {
        const made = faceOf(sp.id, at);
        if (taken) made.setAttribute("opacity", "0.55");
        made.setAttribute("data-face-of", sp.id);
        return made;
      });
      el.append(svg("title", { text: spaceTitle(sp) }));
      const move = ctx.legal.find((m) => m.type === "occupy" && m.space === sp.id);
      if (move) {
        el.append(svg("rect", { x, y, width: cw - 6, height: hgt, rx: 3, class: "choice-mark" }));
        fx.bind(el, move, tr("feast.move.occupy", { where: spaceTitle(sp) }));
      }
      // the picture over the space but outside it: clicks go through it to the space, and its
      // numbers are not part of the space's visible name (its words are in the accessible name)
      g.append(el, face);
      y += heightOf(sp);
    }
  });
  const width = narrow ? 2 * cw : 4 * cw;
  const height = 30 + (narrow ? 26 + pairHeight(0, 1) + pairHeight(2, 3) : Math.max(...cols.map((_, ci) => colHeight(ci))));
  const out = feastSvg(width, height, tr("feast.tab.action"), g);
  copySpaces(t, ctx, fx, out);
  return out;
}

/** 4 players: the copy spaces, one per column, each a choice of a space taken by another. */
function copySpaces(t, ctx, fx, out) {
  for (const m of ctx.legal.filter((x) => x.type === "occupy" && x.copy)) {
    const el = out.querySelector(`[data-space="${CSS.escape(m.copy)}"]`);
    if (!el) continue;
    const chip = svg("g", { class: "copy-chip" });
    const box = el.querySelector("rect");
    const x = Number(box.getAttribute("x")) + Number(box.getAttribute("width")) - 46;
    const y = Number(box.getAttribute("y")) + 2;
    chip.append(svg("rect", { x, y, width: 42, height: 17, rx: 8, fill: "#fff", stroke: "#1d6fd6" }));
    chip.append(svg("text", { x: x + 6, y: y + 13, "font-size": 12 }, tr("feast.copy")));
    el.parentNode.append(fx.bind(chip, m, tr("feast.copy_label", { copy: SPACES.find((s) => s.id === m.copy)?.name ?? m.copy, space: name(m.space) })));
  }
}

/** The options of the space just taken, as cards to click (an exploration option also on its board). */
export function optionCards(t, ctx, fx) {
  const p = t.prompt;
  if (p?.kind !== "option") return null;
  const sp = SPACES.find((s) => s.id === p.space);
  const mine = ctx.legal.some((m) => m.type === "option");
  return h(
    "div",
    { class: "feast-options", "data-path": "/table/prompt" },
    h("h4", {}, tr("feast.choose_how", { space: sp?.name ?? name(p.space) })),
    p.options.map((v, i) => {
      const move = ctx.legal.find((m) => m.type === "option" && m.pick === i);
      const card = h("button", { class: "feast-option choice", "data-option": i, disabled: !mine || !move }, variantWords(v));
      if (move) fx.bindHtml(card, move);
      return card;
    }),
  );
}

/** Mountain strips: resources from the arrow end; clicking one takes it and those before it. */
export function mountains(t, ctx, fx) {
  const size = 26;
  const g = svg("g", { "data-path": "/table/mountains" });
  const takes = ctx.legal.filter((m) => m.type === "take");
  t.mountains.forEach((strip, i) => {
    const y = i * (size + 8);
    g.append(svg("text", { x: 0, y: y + 18, "font-size": 12 }, tr("feast.strip", { strip: strip.id })));
    strip.slots.forEach((res, k) => {
      const el = token(res, 62 + k * (size + 4), y, size, { "data-strip": strip.id, "data-slot": k });
      // the smallest allowance that takes this many, so the bigger ones stay for later strips
      const move = takes.filter((m) => m.strip === strip.id && m.n === k + 1).sort((a, b) => a.part - b.part)[0];
      if (move) {
        el.insertBefore(svg("rect", { x: -2, y: -2, width: size + 4, height: size + 4, rx: 5, class: "choice-mark" }), el.firstChild);
        fx.bind(el, move, tr("feast.take_strip", { n: k + 1, strip: strip.id, items: strip.slots.slice(0, k + 1).map(itemName).join(", ") }));
      }
      g.append(el);
    });
  });
  return feastSvg(62 + 7 * (size + 4), Math.max(1, t.mountains.length) * (size + 8), tr("feast.mountains"), g);
}

/** The exploration boards on the table (the one an option explores is clickable). */
export function explorationBoards(t, ctx, fx) {
  const cs = 18;
  const wrap = h("div", { class: "feast-explore", "data-morph": "" }, h("p", { class: "hint" }, tr("feast.explore_hint")));
  for (const [letter, e] of Object.entries(t.exploration)) {
    const board = EXPLORATION[e.face];
    if (!board) continue;
    const pick = ctx.legal.find((m) => m.type === "option" && t.prompt?.options?.[m.pick]?.explore === letter);
    const build = () => exploration(letter, e, board, cs, ctx);
    const out = pick ? build() : cached(ctx.ui, `explore|${letter}|${e.face}|${e.silver}|${e.owner}`, build);
    if (pick) fx.bind(out, pick, tr("feast.explore_label", { board: board.name, how: variantWords(t.prompt.options[pick.pick]) }));
    wrap.append(out);
  }
  return wrap;
}

function exploration(letter, e, board, cs, ctx) {
  {
    const fake = { kind: e.face, cover: board.rows.map(() => 0), pieces: [] };
    const drawn = drawArea(fake, -1, 0, 0, cs, tr("feast.board_head", { letter, board: board.name, vp: board.vp }), true);
    const out = feastSvg(Math.max(drawn.width, 170), drawn.height + 18, tr("feast.board_label", { board: board.name }), drawn.g);
    out.append(svg("text", { x: 0, y: drawn.height + 14, "font-size": 12 }, e.owner !== null ? tr("feast.taken_by", { name: ctx.names[e.owner] }) : tr("feast.silver_on", { count: e.silver })));
    out.setAttribute("data-path", `/table/exploration/${letter}`);
    return out;
  }
}

/** Special tiles still in the supply, with price and sword value; buyable ones clickable. */
export function specialTiles(t, ctx, fx) {
  if (ctx.legal.some((m) => m.type === "buy" || m.type === "loot")) return drawSpecials(t, ctx, fx);
  return cached(ctx.ui, `specials|${t.specials}`, () => drawSpecials(t, ctx, fx));
}

function drawSpecials(t, ctx, fx) {
  const cs = 12;
  const g = svg("g", { "data-path": "/table/specials" });
  const most = ctx.ui.narrow ? 350 : 900; // a narrow screen gets more rows
  const shapeH = Math.max(24, ...t.specials.filter((id) => SPECIALS[id]).map((id) => pieceSize(id, 0, cs)[1]));
  const tall = shapeH + 52; // the tile, its price coin and its sword value under it
  let x = 0;
  let y = 0;
  for (const id of t.specials) {
    const tile = SPECIALS[id];
    if (!tile) continue;
    const [w] = pieceSize(id, 0, cs);
    const box = Math.max(w, 44) + 6;
    if (x && x + box > most) (x = 0), (y += tall + 6);
    const cell = svg("g", { transform: `translate(${x + 3},${y})`, "data-special": id });
    cell.append(svg("rect", { x: -3, y: 0, width: box, height: tall, rx: 4, fill: "#fff", stroke: "#c9b894" }));
    cell.append(pieceShape(id, 0, 0, 4, cs, {}, false));
    // the price on a silver coin (a crown is not for sale), the sword value by a sword
    // (beside the clickable tile, not in it: the tile's accessible name is its words)
    const price = tile.silver_price ?? null;
    const marks = svg("g", { transform: `translate(${x + 3},${y})`, "pointer-events": "none", "aria-hidden": "true" });
    if (price !== null) marks.append(coin(price, 0, shapeH + 9, 18));
    else marks.append(svg("text", { x: 0, y: shapeH + 23, "font-size": 12, fill: "#6b5b3a" }, "—"));
    marks.append(sword(SWORD[id] ?? tile.sword, 0, shapeH + 30));
    const words = tr(tile.silver_price !== undefined && tile.silver_price !== null ? "feast.special_title" : "feast.special_title_nfs", { tile: tile.name, price: tile.silver_price, sword: SWORD[id] ?? tile.sword });
    cell.append(svg("title", { text: words }));
    const move = ctx.legal.find((m) => (m.type === "buy" || m.type === "loot") && m.tile === id && !m.tile2); // two tiles: in the dice panel
    if (move) fx.bind(cell, move, `${move.type === "buy" ? tr("feast.buy_for", { tile: tile.name, count: tile.silver_price }) : tr("feast.move.loot", { tile: tile.name })} (${words})`);
    g.append(cell, marks);
    x += box + 6;
  }
  return feastSvg(Math.max(y ? most : x, 100), y + tall + 2, tr("feast.special_tiles"), g);
}

/** The die of a hunt, snare, whaling or raid, and what can be done with it. */
export function dicePanel(t, ctx, fx) {
  const p = t.prompt;
  if (p?.kind !== "dice") return null;
  const sp = SPACES.find((s) => s.id === p.space);
  const face = p.roll === null ? "–" : String(p.roll);
  const die = feastSvg(60, 60, tr("feast.die", { face }), svg("rect", { x: 4, y: 4, width: 52, height: 52, rx: 10, fill: "#b33", stroke: "#611" }), svg("text", { x: 30, y: 39, "font-size": 24, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }, face));
  die.classList.add("feast-die");
  const roll = ctx.legal.find((m) => m.type === "roll");
  if (roll) fx.bind(die, roll, tr(p.rolls ? "feast.roll_again" : "feast.move.roll"));
  const offered = Object.entries(p.offered ?? {}).filter(([, n]) => n).map(([k, n]) => `+${n} ${name(k)}`).join(" ");
  const hint = tr(p.aim === "high" ? "feast.raid_hint" : "feast.hunt_hint");
  return h(
    "div",
    { class: "feast-dice", "data-path": "/table/prompt" },
    h("h4", {}, tr("feast.dice_head", { space: sp?.name ?? name(p.space), die: p.die, count: p.rolls, offered })),
    die,
    h("p", { class: "hint" }, hint),
    ctx.legal.filter((m) => ["offer", "hunt", "fail"].includes(m.type)).map((m) => fx.bindHtml(h("button", { class: "feast-chip choice" }, fx.label(m)), m)),
    // goods a raid's result can buy, as their tiles (a special tile alone is clicked in its
    // row); two tiles taken together (Raider 136c, `tile2`) side by side on one choice
    ctx.legal.filter((m) => m.type === "loot" && (!SPECIALS[m.tile] || m.tile2)).map((m) => lootChoice(m, fx)),
  );
}

function lootChoice(m, fx) {
  const tiles = m.tile2 ? [m.tile, m.tile2] : [m.tile];
  const parts = [];
  let x = 2;
  let tall = 0;
  for (const id of tiles) {
    const [w, hgt] = pieceSize(id, 0, 14);
    parts.push(pieceShape(id, 0, x, 2, 14, {}, false));
    x += w + 8;
    tall = Math.max(tall, hgt);
  }
  const words = lootWords(m);
  const value = tiles.map((id) => SWORD[id] ?? "").join("+");
  const wide = Math.ceil(words.length * 6.8) + 8;
  const tile = feastSvg(Math.max(x, wide + 20 + value.length * 7, 60) + 4, tall + 22, lootWords(m), ...parts, svg("text", { x: 2, y: tall + 17, "font-size": 12 }, `${words} `), sword(value, wide, tall + 4));
  return fx.bind(tile, m, `${tr("feast.move.loot", { tile: words })} ${value}`);
}
