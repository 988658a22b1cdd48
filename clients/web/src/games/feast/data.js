// A Feast for Odin: the engine's data files read once, and the geometry the drawing needs
// (every orientation of a tile, in the engine's own order, so a `turn` in a move means
// the same shape here as in server/games/feast/shapes.py).

import { t } from "../../i18n/index.js";
import spacesData from "../../../../../server/games/feast/data/action_spaces.json";
import buildingsData from "../../../../../server/games/feast/data/buildings.json";
import explorationData from "../../../../../server/games/feast/data/exploration_boards.json";
import goodsData from "../../../../../server/games/feast/data/goods.json";
import homeData from "../../../../../server/games/feast/data/home_board.json";
import mountainsData from "../../../../../server/games/feast/data/mountains.json";
import occupationsData from "../../../../../server/games/feast/data/occupations.json";
import rulesData from "../../../../../server/games/feast/data/rules_notes.json";
import shipsData from "../../../../../server/games/feast/data/ships.json";
import specialsData from "../../../../../server/games/feast/data/special_tiles.json";
import weaponsData from "../../../../../server/games/feast/data/weapons.json";

// the names of spaces, goods, special tiles, islands and weapons as the player's language
// calls them (the catalogues hold them by id; English is the data files' own wording)
for (const s of spacesData.spaces) s.name = t(`feast.space.${s.id}`);
for (const g of goodsData.goods) g.name = t(`feast.good.${g.id}`);
for (const s of specialsData.tiles) s.name = t(`feast.special.${s.id}`);
for (const b of explorationData.boards) b.name = t(`feast.board.${b.id}`);
for (const w of weaponsData.deck) w.name = t(`feast.weapon.${w.id}`);

export const SPACES = spacesData.spaces;
export const SPACE = Object.fromEntries(SPACES.map((s) => [s.id, s]));
export const GOODS = Object.fromEntries(goodsData.goods.map((g) => [g.id, g]));
export const SPECIALS = Object.fromEntries(specialsData.tiles.map((t) => [t.id, t]));
export const OCCUPATIONS = Object.fromEntries(occupationsData.cards.map((c) => [c.id, c]));
export const SHIPS = Object.fromEntries(shipsData.ships.map((s) => [s.id, s]));
export const WEAPONS = Object.fromEntries(weaponsData.deck.map((w) => [w.id, w]));
export const STRIPS = Object.fromEntries(mountainsData.strips.map((s) => [s.id, s.slots]));
export const HOME = homeData;
export const BANQUET = homeData.banquet_table;
export const COINS = Object.fromEntries(goodsData.silver.denominations.map((d) => [`silver_${d.value}`, d]));
export const SWORD = Object.fromEntries(rulesData.sword_value_table.map((r) => [r.id, r.sword]));

/** Each placement area kind: its rows (legend in the data files) and its printed marks. */
export const AREAS = { home: { ...homeData.goods_grid, name: t("feast.home_board") } };
for (const b of explorationData.boards) AREAS[b.id] = { ...b, name: b.name };
for (const b of buildingsData.buildings) if (b.grid) AREAS[b.id] = { ...b.grid, name: name(b.id), slots: b.slots, house: true };
export const EXPLORATION = Object.fromEntries(explorationData.boards.map((b) => [b.id, b]));

export const COLOUR = Object.fromEntries(goodsData.goods.map((g) => [g.id, g.colour]));
for (const id of Object.keys(SPECIALS)) COLOUR[id] = "blue";
export const FILL = { orange: "#ee8a1f", red: "#c0392b", green: "#3f9b4a", blue: "#2e6fb7", silver: "#b8bec6", ore: "#4d4f55", wood: "#9a6b3f", stone: "#8e9aa6" };
export const STROKE = { orange: "#9c5400", red: "#7b1d13", green: "#1f5e28", blue: "#173f6e", silver: "#6d737b", ore: "#1f2023", wood: "#5c3d1e", stone: "#4f5962" };

/** A word the data files use as an id (wood, knarr, stone_house…) in the player's language. */
export function name(s) {
  return t(`feast.word.${s}`, { defaultValue: String(s).replaceAll("_", " ") });
}
export function itemName(id) {
  if (GOODS[id]) return GOODS[id].name;
  if (SPECIALS[id]) return SPECIALS[id].name;
  if (COINS[id]) return t("feast.coin", { count: COINS[id].value });
  if (WEAPONS[id]) return WEAPONS[id].name;
  return name(id);
}

export function colourOf(item) {
  if (COINS[item] || item === "silver" || item === "silver2") return "silver";
  if (item === "ore" || item === "wood" || item === "stone") return item;
  return COLOUR[item] ?? "blue";
}

/** The printed shape of a placeable item as rows of "X" / ".", or null. */
export function itemRows(item) {
  if (GOODS[item]) return GOODS[item].shape.rows;
  if (SPECIALS[item]) return SPECIALS[item].shape.rows;
  if (COINS[item]) {
    const { w, h } = COINS[item].shape;
    return Array.from({ length: h }, () => "X".repeat(w));
  }
  if (["ore", "wood", "stone", "silver", "silver2"].includes(item)) return ["X"];
  return null;
}

function normalise(cells) {
  const r0 = Math.min(...cells.map(([r]) => r));
  const c0 = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => [r - r0, c - c0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
const keyOf = (cells) => cells.map(([r, c]) => `${r}.${c}`).join(" ");
const memo = new Map();

/** Distinct orientations in shapes.py's order: turns of the shape, then of its mirror image (special tiles). */
export function orientations(item) {
  if (memo.has(item)) return memo.get(item);
  const rows = itemRows(item);
  const found = [];
  if (rows) {
    const base = [];
    rows.forEach((row, r) => [...row].forEach((ch, c) => ch === "X" && base.push([r, c])));
    const variants = [base];
    if (SPECIALS[item]) variants.push(base.map(([r, c]) => [r, -c]));
    for (let cells of variants) {
      for (let i = 0; i < 4; i++) {
        const shape = normalise(cells);
        if (!found.some((f) => keyOf(f) === keyOf(shape))) found.push(shape);
        cells = cells.map(([r, c]) => [c, -r]);
      }
    }
  }
  memo.set(item, found);
  return found;
}

export function extent(cells) {
  return [Math.max(...cells.map(([r]) => r)) + 1, Math.max(...cells.map(([, c]) => c)) + 1];
}

/** The orientation index reached by turning (quarter turn clockwise) or mirroring orientation `turn`. */
export function nextTurn(item, turn, how) {
  const all = orientations(item);
  const cur = all[turn] ?? all[0];
  const moved = normalise(how === "flip" ? cur.map(([r, c]) => [r, -c]) : cur.map(([r, c]) => [c, -r]));
  const i = all.findIndex((o) => keyOf(o) === keyOf(moved));
  return i < 0 ? turn : i;
}
