// Every English word the tables say about a game, in one place: the move log's wording
// of the server's structured descriptions (`view.last`, keyed by `k`), the names of
// pieces, rows, special tiles and options. A catalogue per language can replace this
// module later: keys and values in, sentences out, no other module builds game text.

import { FEAST_SAY } from "./games/feast/say.js";

export const COLOUR_NAME = { blue: "blue", yellow: "yellow", green: "green", red: "red", black: "black", grey: "grey" };
export const TRADE = { blue: "fisherman", yellow: "goldsmith", green: "scout", red: "noble", black: "warrior", grey: "boatsman" };
export const ROW_NAME = ["ship row", "warrior row", "noble row", "scout row", "goldsmith row", "fisherman row"];
const SAIL = { SR: "red", SG: "green", SY: "yellow", SB: "blue" };

/** A Vikings tile kind in words: "left end", "middle tile B", "green ship". */
export function vikingsTile(kind) {
  if (SAIL[kind]) return `${SAIL[kind]} ship`;
  if (kind === "L") return "left end";
  if (kind === "R") return "right end";
  return kind?.startsWith("M") ? `middle tile ${kind.slice(1)}` : String(kind);
}

/** Vikings special tiles: a name and the rule text (V-130..V-139, the component table). */
export const SPECIAL = {
  S1: ["Treasure", "Gain 5 gold at once; the tile leaves the game."],
  S2: ["Goldsmith's hoard", "Small and large scorings: +1 gold per unthreatened goldsmith."],
  S3: ["Great hoard", "Small and large scorings: +2 gold per unthreatened goldsmith."],
  S4: ["Boat", "Large scoring: one boatsman carries all vikings of one colour or one of each colour; the tile and the boatsman then leave the game."],
  S5: ["Noble's hall", "Large scoring: +1 VP per unthreatened noble."],
  S6: ["Scout's lookout", "Large scoring: +1 VP per unthreatened scout."],
  S7: ["Fisher's catch", "Large scoring: +1 VP per unthreatened fisherman."],
  S8: ["Boatsman", "Final scoring: counts as one boatsman for the boatsman majority; cannot carry."],
  S9: ["Feast", "Final scoring: a food surplus gives +3 VP per place instead of +2."],
  S10: ["Treasury", "Final scoring: 3 gold make 1 VP instead of 5."],
  S11A: ["Building A", "Replaces a middle tile A in your fjord. Final scoring: +1 VP per viking on it and the 8 tiles around it, if unthreatened."],
  S11B: ["Building B", "Replaces a middle tile B in your fjord. Final scoring: +1 VP per viking on it and the 8 tiles around it, if unthreatened."],
  S11C: ["Building C", "Replaces a middle tile C in your fjord. Final scoring: +1 VP per viking on it and the 8 tiles around it, if unthreatened."],
  S11D: ["Building D", "Replaces a middle tile D in your fjord. Final scoring: +1 VP per viking on it and the 8 tiles around it, if unthreatened."],
};
export const specialName = (sid) => SPECIAL[sid]?.[0] ?? sid;
export const specialText = (sid) => SPECIAL[sid]?.[1] ?? "";

const TRIP = { colour: "all vikings of one colour", each: "one viking of each colour", one: "one viking" };
export const tripWords = (mode, colour) => (mode === "colour" && colour ? `all ${TRADE[colour]}s` : TRIP[mode] ?? mode);

/** Hunters & Gatherers: what a figure is called on each terrain, and the terrains. */
export const ROLE = { hunter: "hunter", gatherer: "gatherer", fisher: "fisher", hut: "hut" };
export const FEATURE = { meadow: "meadow", forest: "forest", river: "river", lake: "lake", river_system: "river system" };
export const ANIMAL = { deer: "deer", mammoth: "mammoth", aurochs: "aurochs", tiger: "sabre-toothed tiger", boar: "boar" };
export const SQUARE = (at) => `square (${at})`;

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The move log's sentences, keyed by the description's `k`; `who` is the decider's name. */
export const SAY = {
  "vikings.buy": (d) => `bought the ${vikingsTile(d.tile)}${d.viking ? ` with a ${TRADE[d.viking]}` : ""} from space ${d.space} for ${plural(d.gold, "gold", "gold")}`,
  "vikings.place": (d) => d.row === 0 ? `put the ${vikingsTile(d.tile)} in the ship row, column ${d.col}`
    : d.extends ? `extended an island in the ${ROW_NAME[d.row]} with a ${vikingsTile(d.tile)} (column ${d.col})`
    : `started a new island in the ${ROW_NAME[d.row]} with a ${vikingsTile(d.tile)} (column ${d.col})`,
  "vikings.start": (d) => `started a new island in the ${ROW_NAME[d.row]} with the start tile`,
  "vikings.special": (d) => `took the special tile ${specialName(d.tile)}`,
  "vikings.decline": () => "took no special tile",
  "vikings.exchange": (d) => `built ${specialName(d.tile)} over the tile in the ${ROW_NAME[d.row]}, column ${d.col}`,
  "vikings.viking": (d) => d.to === "tile" ? `put the ${TRADE[d.viking]} on the new tile` : `sent the ${TRADE[d.viking]} home`,
  "vikings.boatsman": (d) => `sent a boatsman to carry ${tripWords(d.mode, d.colour)}`,
  "vikings.done": () => "sent no more boatsmen",
  "vikings.carry": (d) => `carried a ${TRADE[d.viking] ?? "viking"} to the ${ROW_NAME[d.row]}, column ${d.col}`,
  "vikings.land": () => "landed the boatsman",
  "vikings.bid": (d) => `bid ${plural(d.gold, "gold", "gold")} to be start player`,
  "vikings.pass": () => "passed in the auction",
  "vikings.box": (d) => `put a ${TRADE[d.colour]} back in the box`,
  "vikings.colour": (d) => `placed the ${TRADE[d.colour]}s on the wheel`,
  "vikings.convert": (d) => `turned ${d.vp} VP into ${plural(d.gold, "gold", "gold")}`,
  "hunters.place": (d) => `laid ${d.bonus ? "a bonus tile" : "a tile"} at ${SQUARE(`${d.x}, ${d.y}`)}${d.rotation ? `, turned ${d.rotation * 90}°` : ""}`,
  "hunters.clan": (d) => `put a ${ROLE[d.role]} on the ${FEATURE[d.feature] ?? d.feature}`,
  "hunters.hut": (d) => `built a hut on the ${FEATURE[d.feature] ?? d.feature}`,
  "hunters.pass": () => "placed no figure",
  "highcard.bid": (d) => (d.n === undefined ? "made a secret bid" : `bid ${plural(d.n, "trick")} (only you see this)`),
  "highcard.play": (d) => `played the ${d.card}`,
  ...FEAST_SAY, // A Feast for Odin's sentences live beside its board (games/feast/say.js)
  move: (d) => (d.type ? `decided: ${d.type.replaceAll("_", " ")}` : "decided"),
};

/** One log line for a description, e.g. "Bjorn bought the scout … for 2 gold". */
export function sayLast(d, names) {
  const who = names[d.seat] ?? "A player";
  const say = SAY[d.k] ?? SAY.move;
  try {
    return `${who} ${say(d)}`;
  } catch {
    return `${who} ${SAY.move(d)}`;
  }
}

/** Room options: a label, a description and a word for each value, from the game's option data. */
export function optionLabel(o) {
  return o.label || o.name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
}
export function choiceLabel(o, value, i) {
  const labels = o.labels ?? [];
  if (labels[i]) return labels[i];
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

// Turn and title
export const TURN_TITLE = (game) => `● Your turn — ${game} · Longhall`;
export const IDLE_TITLE = (game) => `${game} · Longhall`;
