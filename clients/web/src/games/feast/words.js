// Feast things in words: what a move does, what an option of a space costs and gives, in
// the player's language (catalogue keys `feast.move.…`, `feast.variant.…`).

import { occupationName } from "../../i18n/cards.js";
import { list, t } from "../../i18n/index.js";
import { OCCUPATIONS, SHIPS, SPACE, SPECIALS, WEAPONS, itemName, name } from "./data.js";

/** Goods and silver in words: "2 wood, 1 silver". */
export const amountWords = (obj) =>
  Object.entries(obj ?? {})
    .filter(([, n]) => n)
    .map(([k, n]) => (typeof n === "number" ? `${n} ${itemName(k)}` : typeof n === "string" ? itemName(n) : `${itemName(k)} ${JSON.stringify(n)}`)) // a building or ship by its name
    .join(", ");

/** An occupation card's option (`give` / `get` maps, server/games/feast/occupations) in words. */
export function cardOptionWords(o) {
  const give = amountWords(o.give);
  const get = amountWords(o.get);
  const rest = Object.entries(o).filter(([k]) => !["give", "get", "type", "card"].includes(k)).map(([k, v]) => `${name(k)} ${typeof v === "object" ? amountWords(v) || JSON.stringify(v) : itemName(v)}`);
  return [give && t("feast.variant.give", { what: give }), get && t("feast.variant.get", { what: get }), ...rest].filter(Boolean).join("; ") || t("feast.variant.use_it");
}

/** One variant of an action space (an `option` prompt entry) in words. */
export function variantWords(v) {
  const parts = [];
  const cost = amountWords(v.cost);
  const gain = amountWords(v.gain);
  if (cost) parts.push(t("feast.variant.pay", { what: cost }));
  if (gain) parts.push(t("feast.variant.get", { what: gain }));
  if (v.work) {
    const takes = v.work.takes ?? [];
    if (takes.length) parts.push(t("feast.variant.take", { what: takes.join(" + ") }));
    if (v.work.upgrades) parts.push(t(v.work.levels > 1 ? "feast.variant.upgrade_levels" : "feast.variant.upgrade", { count: v.work.upgrades, levels: v.work.levels }));
    if (v.work.weapons) parts.push(t("feast.variant.weapons", { count: v.work.weapons }));
  }
  if (v.explore) parts.push(t("feast.variant.explore", { board: v.explore }));
  if (v.emigrate !== undefined) parts.push(t("feast.variant.emigrate"));
  if (v.swap !== undefined) parts.push(t("feast.variant.swap"));
  if (v.sea_trade) parts.push(t("feast.variant.sea_trade"));
  if (v.special_sale) parts.push(t("feast.variant.special_sale"));
  if (v.dice) parts.push(t("feast.variant.dice", { die: v.dice.die ?? "" }));
  if (v.draw) parts.push(t("feast.variant.draw", { count: v.draw }));
  if (v.play) parts.push(t("feast.variant.play", { from: v.play[0], to: v.play[1] }));
  return parts.join("; ") || t("feast.variant.this_way");
}

const lay = (l) => t(l === "h" ? "feast.lay.h" : "feast.lay.v");
const occupation = (id) => occupationName(id, OCCUPATIONS[id]?.name).text;

/** A legal move in words (the fallback list and the refusal box use these). */
export function moveLabel(m) {
  switch (m.type) {
    case "occupy": {
      const sp = SPACE[m.copy ?? m.space];
      const where = sp ? t("feast.move.occupy_vikings", { space: sp.name, count: sp.vikings }) : name(m.space);
      return t(m.copy ? "feast.move.occupy_copy" : "feast.move.occupy", { where });
    }
    case "place":
      if (!("area" in m)) return t("feast.move.pick", { item: itemName(m.item) });
      if (!("row" in m)) return t("feast.move.hold", { item: itemName(m.item), area: m.area + 1, turn: m.turn + 1 });
      return t("feast.move.lay", { item: itemName(m.item), area: m.area + 1, row: m.row + 1, col: m.col + 1 });
    case "cancel": return t("feast.move.cancel");
    case "play": return t("feast.move.play", { card: occupation(m.card) });
    case "choose_card": return t("feast.move.choose_card", { card: occupation(m.card) });
    case "use_card": return t("feast.move.use_card", { card: occupation(m.card), how: cardOptionWords(m) });
    case "choose": return t("feast.move.choose", { n: m.pick + 1 });
    case "decline": return t("feast.move.decline");
    case "serve": return m.item === "silver" ? t("feast.move.serve_silver") : t("feast.move.serve", { item: itemName(m.item), lay: lay(m.lay ?? "v") });
    case "leave": return t("feast.move.leave");
    case "leave_rest": return t("feast.move.leave_rest");
    case "take": return t("feast.move.take", { n: m.n, strip: m.strip });
    case "upgrade": return t("feast.move.upgrade", { good: itemName(m.good), to: itemName(m.to) });
    case "flip": return t("feast.move.flip", { good: itemName(m.good) });
    case "buy": return t("feast.move.buy", { tile: SPECIALS[m.tile]?.name ?? itemName(m.tile) });
    case "buy_ship": return t("feast.move.buy_ship", { ship: name(m.ship), silver: SHIPS[m.ship]?.buy_price_silver ?? "?" });
    case "arm": return t("feast.move.arm", { n: m.ship + 1 });
    case "store": return t("shed" in m ? "feast.move.store_shed" : "feast.move.store_house", { res: name(m.res) });
    case "offer": return t("feast.move.offer", { what: m.res === "stone" ? name("stone") : WEAPONS.long_sword.name.toLowerCase() });
    case "loot": return t("feast.move.loot", { tile: lootWords(m) });
    case "hunt": return t("feast.move.hunt", { count: m.wood });
    case "fail": return t("feast.move.fail");
    case "roll": return t("feast.move.roll");
    case "finish": return t("feast.move.finish");
    case "option": return t("feast.move.option", { n: m.pick + 1 });
    case "pass": return t("feast.move.pass");
    case "ready": return t("feast.move.ready");
    case "done": return t("feast.move.done");
    case "skip": return t("feast.move.skip");
    case "stop": return t("feast.move.stop");
    default: return `${name(m.type)} ${Object.entries(m).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${v}`).join(" ")}`.trim();
  }
}

/** What a raid takes: one tile, or two together (Raider 136c, `tile2`). */
export function lootWords(m) {
  const one = (id) => SPECIALS[id]?.name ?? itemName(id);
  return m.tile2 ? list([one(m.tile), one(m.tile2)]) : one(m.tile);
}
