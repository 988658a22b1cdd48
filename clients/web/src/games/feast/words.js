// Feast things in words: what a move does, what an option of a space costs and gives.

import { OCCUPATIONS, SHIPS, SPACE, SPECIALS, WEAPONS, itemName, name } from "./data.js";

const amount = (obj) =>
  Object.entries(obj ?? {})
    .filter(([, n]) => n)
    .map(([k, n]) => (typeof n === "number" ? `${n} ${itemName(k)}` : `${itemName(k)} ${typeof n === "object" ? JSON.stringify(n) : n}`))
    .join(", ");

/** An occupation card's option (`give` / `get` maps, server/games/feast/occupations) in words. */
export function cardOptionWords(o) {
  const give = amount(o.give);
  const get = amount(o.get);
  const rest = Object.entries(o).filter(([k]) => !["give", "get", "type", "card"].includes(k)).map(([k, v]) => `${name(k)} ${typeof v === "object" ? amount(v) || JSON.stringify(v) : itemName(v)}`);
  return [give && `give ${give}`, get && `get ${get}`, ...rest].filter(Boolean).join("; ") || "use it";
}

/** One variant of an action space (an `option` prompt entry) in words. */
export function variantWords(v) {
  const parts = [];
  const cost = amount(v.cost);
  const gain = amount(v.gain);
  if (cost) parts.push(`pay ${cost}`);
  if (gain) parts.push(`get ${gain}`);
  if (v.work) {
    const takes = v.work.takes ?? [];
    if (takes.length) parts.push(`take from the mountains ${takes.join(" + ")}`);
    if (v.work.upgrades) parts.push(`upgrade ${v.work.upgrades} good${v.work.upgrades > 1 ? "s" : ""}${v.work.levels > 1 ? ` by ${v.work.levels} levels` : ""}`);
    if (v.work.weapons) parts.push(`draw ${v.work.weapons} weapon${v.work.weapons > 1 ? "s" : ""}`);
  }
  if (v.explore) parts.push(`explore board ${v.explore}`);
  if (v.emigrate !== undefined) parts.push("emigrate a ship");
  if (v.swap !== undefined) parts.push("swap a ship");
  if (v.sea_trade) parts.push("overseas trade");
  if (v.special_sale) parts.push("buy special tiles");
  if (v.dice) parts.push(`roll the ${v.dice.die ?? ""}-sided die`.replace("  ", " "));
  if (v.draw) parts.push(`draw ${v.draw} occupation${v.draw > 1 ? "s" : ""}`);
  if (v.play) parts.push(`play ${v.play[0]}–${v.play[1]} occupations`);
  return parts.join("; ") || "this way";
}

const lay = (l) => (l === "h" ? "across" : "upright");

/** A legal move in words (the fallback list and the refusal box use these). */
export function moveLabel(m) {
  switch (m.type) {
    case "occupy": {
      const sp = SPACE[m.copy ?? m.space];
      return `occupy ${sp ? sp.name : name(m.space)}${sp ? ` (${sp.vikings} Viking${sp.vikings > 1 ? "s" : ""})` : ""}${m.copy ? " (copy)" : ""}`;
    }
    case "place":
      if (!("area" in m)) return `pick up ${itemName(m.item)} to place it`;
      if (!("row" in m)) return `hold ${itemName(m.item)} over board ${m.area + 1}, orientation ${m.turn + 1}`;
      return `lay ${itemName(m.item)} on board ${m.area + 1} at row ${m.row + 1}, column ${m.col + 1}`;
    case "cancel": return "put the piece back";
    case "play": return `play ${OCCUPATIONS[m.card]?.name ?? m.card}`;
    case "choose_card": return `start with ${OCCUPATIONS[m.card]?.name ?? m.card}`;
    case "use_card": return `use ${OCCUPATIONS[m.card]?.name ?? m.card}: ${cardOptionWords(m)}`;
    case "choose": return `option ${m.pick + 1} of the card`;
    case "decline": return "do not use the card";
    case "serve": return m.item === "silver" ? "serve 1 silver" : `serve ${itemName(m.item)} (${lay(m.lay ?? "v")})`;
    case "leave": return "leave this banquet cell empty";
    case "leave_rest": return "leave the rest of the banquet empty";
    case "take": return `take ${m.n} from mountain strip ${m.strip}`;
    case "upgrade": return `upgrade ${itemName(m.good)} to ${itemName(m.to)}`;
    case "flip": return `trade ${itemName(m.good)} overseas`;
    case "buy": return `buy ${SPECIALS[m.tile]?.name ?? itemName(m.tile)}`;
    case "buy_ship": return `buy a ${name(m.ship)} for ${SHIPS[m.ship]?.buy_price_silver ?? "?"} silver`;
    case "arm": return `put ore on ship ${m.ship + 1}`;
    case "store": return `store ${m.res} on ${"shed" in m ? "your shed" : "your stone house"}`;
    case "offer": return `add a ${m.res === "stone" ? "stone" : WEAPONS.long_sword.name.toLowerCase()} to the roll`;
    case "loot": return `take ${itemName(m.tile)}`;
    case "hunt": return `succeed, paying ${m.wood} wood`;
    case "fail": return "give up (take the consolation)";
    case "roll": return "roll the die";
    case "finish": return "finish this action";
    case "option": return `option ${m.pick + 1}`;
    case "pass": return "pass for the rest of the round";
    case "ready": return "ready";
    case "done": return "done";
    case "skip": return "skip the card and go on";
    case "stop": return "stop playing cards";
    default: return `${name(m.type)} ${Object.entries(m).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${v}`).join(" ")}`.trim();
  }
}
