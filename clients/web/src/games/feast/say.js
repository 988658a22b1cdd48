// The move log's sentences for A Feast for Odin, keyed by the server's descriptions
// (server/games/feast/describe.py, `k` = "feast.…"): ids and prices in, English out. The
// app's wording module merges these into its table of sentences.

import { OCCUPATIONS, SHIPS, SPACE, SPECIALS, WEAPONS, itemName, name } from "./data.js";
import { variantWords } from "./words.js";

const space = (id) => SPACE[id]?.name ?? name(id ?? "");
const card = (id) => (id ? `“${OCCUPATIONS[id]?.name ?? id}”` : "a card");
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const list = (items) => items.map(itemName).join(", ");
const board = (kind) => (kind === "home" ? "the home board" : name(kind));

export const FEAST_SAY = {
  "feast.occupy": (d) => `placed ${plural(d.vikings, "Viking")} on ${space(d.space)}${d.copy ? " (a copy space)" : ""}`,
  "feast.pass": () => "passed for the rest of the round",
  "feast.option": (d) => `chose on ${space(d.space)}: ${variantWords(d)}`,
  "feast.play": (d) => `played the occupation ${card(d.card)}`,
  "feast.use_card": (d) => `used the occupation ${card(d.card)}`,
  "feast.choose_card": (d) => `chose ${d.card ? card(d.card) : "a starting occupation"}`,
  "feast.choose": (d) => `used the occupation ${card(d.card)}`,
  "feast.decline": (d) => `did not use the occupation ${card(d.card)}`,
  "feast.skip": () => "played no card first",
  "feast.stop": () => "stopped playing cards",
  "feast.ready": () => "is ready",
  "feast.done": () => "is done",
  "feast.finish": (d) => `finished ${d.space ? space(d.space) : "the action"}`,
  "feast.cancel": () => "put a piece back",
  "feast.serve": (d) => (d.item === "silver" ? `served 1 silver at the banquet (cell ${d.cell + 1})` : `served ${itemName(d.item)} ${d.lay === "h" ? "across" : "upright"} at the banquet (cell ${d.cell + 1})`),
  "feast.leave": (d) => `left banquet cell ${d.cell + 1} empty`,
  "feast.leave_rest": (d) => `left ${plural(d.cells, "banquet cell")} empty`,
  "feast.place": (d) => (d.step === "lay" ? `laid ${itemName(d.item)} on ${board(d.board)} (row ${d.row + 1}, column ${d.col + 1})` : d.step === "hold" ? `held ${itemName(d.item)} over ${board(d.board)}` : `picked up ${itemName(d.item)}`),
  "feast.take": (d) => `took ${list(d.items)} from mountain strip ${d.strip}`,
  "feast.upgrade": (d) => `upgraded ${itemName(d.good)} to ${itemName(d.to)}`,
  "feast.flip": (d) => `traded ${itemName(d.good)} overseas for ${itemName(d.to)}`,
  "feast.buy": (d) => `bought ${SPECIALS[d.tile]?.name ?? itemName(d.tile)} for ${plural(d.silver, "silver", "silver")}`,
  "feast.buy_ship": (d) => `bought a ${name(d.ship)} for ${plural(d.silver ?? SHIPS[d.ship]?.buy_price_silver, "silver", "silver")}`,
  "feast.arm": (d) => `put an ore on a ${name(d.ship)}`,
  "feast.store": (d) => `stored ${d.res} on ${d.on === "shed" ? "a shed" : name(d.on)}`,
  "feast.roll": (d) => `rolled the die on ${space(d.space)}`,
  "feast.offer": (d) => `added a ${d.res === "stone" ? "stone" : WEAPONS.long_sword.name.toLowerCase()} to the roll of ${d.roll}`,
  "feast.loot": (d) => `took ${itemName(d.tile)} with a roll of ${d.roll}`,
  "feast.hunt": (d) => `succeeded on ${space(d.space)}${d.wood ? `, paying ${plural(d.wood, "wood", "wood")}` : ""}`,
  "feast.fail": (d) => `gave up on ${space(d.space)} and took the consolation`,
};
