// Every word the tables say about a game goes through the catalogues (i18n/*.json): the
// move log's wording of the server's structured descriptions (`view.last`, keyed by `k`),
// the names of pieces, rows, special tiles and options, refusals by their code. Keys and
// values in, sentences out in the player's language; no other module builds game text
// from English words.

import { FEAST_SAY } from "./games/feast/say.js";
import { placeWords } from "./games/hunters_say.js";
import { exists, lang, list, num, t } from "./i18n/index.js";

const COLOURS = ["blue", "yellow", "green", "red", "black", "grey"];
/** The craft of a viking of `colour` (blue = fisherman …), in the rulebook's word. */
export const trade = (colour) => (COLOURS.includes(colour) ? t(`vikings.trade.${colour}`) : t("vikings.viking"));
/** Several vikings of that craft ("all fishermen"). */
export const trades = (colour) => t(`vikings.trades.${colour}`);
export const colourName = (colour) => t(`colour.${colour}`);
/** Row r of a fjord: 0 is the ship row, 1..5 the island rows (warriors … fishermen). */
export const rowName = (r) => t(`vikings.row.${r}`);
/** The short row label printed on the fjord. */
export const rowLabel = (r) => t(`vikings.row_short.${r}`);

/** A Vikings tile kind in words: "left end", "middle tile B", "green ship". */
export function vikingsTile(kind) {
  if (["SR", "SG", "SY", "SB", "L", "R"].includes(kind)) return t(`vikings.tile.${kind}`);
  return kind?.startsWith("M") ? t("vikings.tile.middle", { letter: kind.slice(1) }) : String(kind);
}

/** Vikings special tiles: a name and the rule text (V-130..V-139, the component table). */
const SPECIALS = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11A", "S11B", "S11C", "S11D"];
export const specialName = (sid) => (SPECIALS.includes(sid) ? t(`vikings.special.${sid}`) : sid);
export const specialText = (sid) => (SPECIALS.includes(sid) ? t(`vikings.special_text.${sid}`) : "");

export const tripWords = (mode, colour) =>
  mode === "colour" && colour ? t("vikings.trip.all", { trades: trades(colour) }) : ["colour", "each", "one"].includes(mode) ? t(`vikings.trip.${mode}`) : mode;

/** Hunters & Gatherers: what a figure is called on each terrain, and the terrains. */
export const role = (r) => (["hunter", "gatherer", "fisher", "hut", "clan"].includes(r) ? t(`hunters.role.${r}`) : r);
export const feature = (f) => (["meadow", "forest", "river", "lake", "river_system"].includes(f) ? t(`hunters.feature.${f}`) : f);
export const animal = (a) => (["deer", "mammoth", "aurochs", "tiger", "boar"].includes(a) ? t(`hunters.animal.${a}`) : a);

const gold = (n) => t("vikings.gold", { count: n, n: num(n) });

/** The move log's sentences, keyed by the description's `k`. */
export const SAY = {
  "vikings.buy": (d) => t(d.viking ? "say.vikings.buy_with" : "say.vikings.buy", { tile: vikingsTile(d.tile), viking: trade(d.viking), space: d.space, gold: gold(d.gold) }),
  "vikings.place": (d) => {
    const p = { tile: vikingsTile(d.tile), row: rowName(d.row), col: d.col };
    return t(d.row === 0 ? "say.vikings.place_ship" : d.extends ? "say.vikings.place_extend" : "say.vikings.place_new", p);
  },
  "vikings.start": (d) => t("say.vikings.start", { row: rowName(d.row) }),
  "vikings.special": (d) => t("say.vikings.special", { name: specialName(d.tile) }),
  "vikings.decline": () => t("say.vikings.decline"),
  "vikings.exchange": (d) => t("say.vikings.exchange", { name: specialName(d.tile), row: rowName(d.row), col: d.col }),
  "vikings.viking": (d) => t(d.to === "tile" ? "say.vikings.viking_tile" : "say.vikings.viking_home", { viking: trade(d.viking) }),
  "vikings.boatsman": (d) => t("say.vikings.boatsman", { trip: tripWords(d.mode, d.colour) }),
  "vikings.done": () => t("say.vikings.done"),
  "vikings.carry": (d) => t("say.vikings.carry", { viking: trade(d.viking), row: rowName(d.row), col: d.col }),
  "vikings.land": () => t("say.vikings.land"),
  "vikings.bid": (d) => t("say.vikings.bid", { gold: gold(d.gold) }),
  "vikings.pass": () => t("say.vikings.pass"),
  "vikings.box": (d) => t("say.vikings.box", { viking: trade(d.colour) }),
  "vikings.colour": (d) => t("say.vikings.colour", { vikings: trades(d.colour) }),
  "vikings.convert": (d) => t("say.vikings.convert", { vp: d.vp, gold: gold(d.gold) }),
  "hunters.place": placeWords, // where from the starting tile, what the tile shows, which way turned (games/hunters_say.js)
  "hunters.clan": (d) => t("say.hunters.clan", { role: role(d.role), feature: feature(d.feature) }),
  "hunters.hut": (d) => t("say.hunters.hut", { feature: feature(d.feature) }),
  "hunters.pass": () => t("say.hunters.pass"),
  undo: () => t("say.undo"), // a seat took its latest decision back (a room created with undo)
  ...FEAST_SAY, // A Feast for Odin's sentences live beside its board (games/feast/say.js)
  move: (d) => (d.type ? t("say.move_type", { type: d.type.replaceAll("_", " ") }) : t("say.move")),
};

/** One log line for a description, e.g. "Bjorn bought the scout … for 2 gold". */
export function sayLast(d, names) {
  const who = names[d.seat] ?? t("say.someone");
  const say = SAY[d.k] ?? SAY.move;
  let line;
  try {
    line = t("say.line", { who, what: say(d) });
  } catch {
    line = t("say.line", { who, what: SAY.move(d) });
  }
  // a decision the seat's player did not make: the clock ran out, or a bot seat's own
  if (d.by === "timeout") return t("say.by_timeout", { line });
  return d.by === "bot" ? t("say.by_bot", { line }) : line;
}

/** A game's title as its edition in the player's language names it; a game the catalogues
 * do not name (a new one) keeps the server's English title. */
export const gameTitle = (g) => t(`game.${g.name}`, { defaultValue: g.title });
/** Whether the title is the server's English (to mark it lang="en"). */
export const titleInEnglish = (g) => lang() !== "en" && !exists(`game.${g.name}`);

/** A text the server gives in English (room options: `/api/games`), in the player's
 * language when the catalogue translates exactly that text: its English entry is the
 * source of the translation, so an option whose wording changed on the server shows the
 * server's English until the catalogues catch up. Returns [text, inEnglish]. */
function serverText(key, english) {
  if (lang() === "en" || !exists(key) || t(key, { lng: "en" }) !== english) return [english, lang() !== "en"];
  return [t(key), false];
}
/** Room options: a label, a description and a word for each value. */
export const optionLabel = (game, o) => serverText(`option.${game}.${o.name}`, o.label || o.name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()));
export const optionDoc = (game, o) => serverText(`option.${game}.${o.name}.doc`, o.doc ?? "");

// Option texts are written for the rules' readers: rule numbers ("(F-101)", "VD-5: "),
// and for the decks a sentence about what the engine implements. Players read them
// without: the rulebook a variant comes from stays, the numbers go.
const RULE = String.raw`[A-Z]{1,3}-\d+[a-z]?`;
const FIRST_SENTENCE_ONLY = new Set(["feast.decks"]);

/** An option's description in a player's words (see above). */
export function optionHelp(game, o) {
  const [doc, english] = optionDoc(game, o);
  let text = doc
    .replace(new RegExp(String.raw`^${RULE}\s*\(([^()]*)\):\s*`), "$1: ") // "VD-5 (Russian rulebook): …"
    .replace(new RegExp(String.raw`^${RULE}:\s*`), "") // "VD-6: …"
    .replace(new RegExp(String.raw`\s*\([^()]*\b${RULE}\b[^()]*\)`, "g"), ""); // "(F-101)", "(the seed's wording, O-1)"
  if (FIRST_SENTENCE_ONLY.has(`${game}.${o.name}`)) text = text.split(/(?<=\.)\s/)[0];
  return [text.charAt(0).toUpperCase() + text.slice(1), english];
}
export function choiceLabel(game, o, value, i) {
  const english = o.labels?.[i] ?? (value === true ? "yes" : value === false ? "no" : String(value));
  return serverText(`option.${game}.${o.name}.${String(value)}`, english);
}

/** A refusal in words: in English the server's own `detail`; in another language the
 * sentence for its code (the rule number and its text are shown beside it). */
export function refusalWords(err) {
  const code = err.code ?? "error";
  if (lang() === "en" && (err.detail ?? err.message)) return err.detail ?? err.message;
  return t(`error.${code}`, { defaultValue: err.detail ?? err.message });
}

export const names = (seats) => list(seats);

// Turn and title
export const TURN_TITLE = (game) => t("turn.title", { game });
export const IDLE_TITLE = (game) => t("turn.idle", { game });
