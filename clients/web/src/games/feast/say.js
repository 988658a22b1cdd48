// The move log's sentences for A Feast for Odin, keyed by the server's descriptions
// (server/games/feast/describe.py, `k` = "feast.…"): ids and prices in, the player's
// language out (catalogue keys `say.feast.…`). The app's wording module merges these into
// its table of sentences.

import { occupationName } from "../../i18n/cards.js";
import { t } from "../../i18n/index.js";
import { OCCUPATIONS, SHIPS, SPACE, SPECIALS, WEAPONS, itemName, name } from "./data.js";
import { amountWords, lootWords, variantWords } from "./words.js";

const space = (id) => SPACE[id]?.name ?? name(id ?? "");
const card = (id) => (id ? `“${occupationName(id, OCCUPATIONS[id]?.name).text}”` : t("feast.a_card"));
const list = (items) => items.map(itemName).join(", ");
const board = (kind) => (kind === "home" ? t("feast.the_home_board") : name(kind));
const silver = (n) => t("feast.silver", { count: n });
const cell = (d) => d.cell + 1;

export const FEAST_SAY = {
  "feast.occupy": (d) => {
    const did = t(d.copy ? "say.feast.occupy_copy" : "say.feast.occupy", { count: d.vikings, space: space(d.space) });
    return d.cost ? t("say.feast.paid", { did, what: amountWords(d.cost) }) : did; // the space's price, as paid
  },
  "feast.pass": () => t("say.feast.pass"),
  "feast.option": (d) => t("say.feast.option", { space: space(d.space), how: variantWords(d) }),
  "feast.play": (d) => t("say.feast.play", { card: card(d.card) }),
  "feast.use_card": (d) => t("say.feast.use_card", { card: card(d.card) }),
  "feast.choose_card": (d) => (d.card ? t("say.feast.choose_card", { card: card(d.card) }) : t("say.feast.choose_start")),
  "feast.choose": (d) => t("say.feast.use_card", { card: card(d.card) }),
  "feast.decline": (d) => t("say.feast.decline", { card: card(d.card) }),
  "feast.skip": () => t("say.feast.skip"),
  "feast.stop": () => t("say.feast.stop"),
  "feast.ready": () => t("say.feast.ready"),
  "feast.done": () => t("say.feast.done"),
  "feast.finish": (d) => (d.space ? t("say.feast.finish", { space: space(d.space) }) : t("say.feast.finish_action")),
  "feast.cancel": () => t("say.feast.cancel"),
  "feast.serve": (d) =>
    d.item === "silver" ? t("say.feast.serve_silver", { cell: cell(d) }) : t(d.lay === "h" ? "say.feast.serve_across" : "say.feast.serve_upright", { item: itemName(d.item), cell: cell(d) }),
  "feast.leave": (d) => t("say.feast.leave", { cell: cell(d) }),
  "feast.leave_rest": (d) => t("say.feast.leave_rest", { count: d.cells }),
  "feast.place": (d) => {
    if (d.step === "lay") return t("say.feast.lay", { item: itemName(d.item), board: board(d.board), row: d.row + 1, col: d.col + 1 });
    return d.step === "hold" ? t("say.feast.hold", { item: itemName(d.item), board: board(d.board) }) : t("say.feast.pick", { item: itemName(d.item) });
  },
  "feast.take": (d) => t("say.feast.take", { items: list(d.items), strip: d.strip }),
  "feast.upgrade": (d) => t("say.feast.upgrade", { good: itemName(d.good), to: itemName(d.to) }),
  "feast.flip": (d) => t("say.feast.flip", { good: itemName(d.good), to: itemName(d.to) }),
  "feast.buy": (d) => t("say.feast.buy", { tile: SPECIALS[d.tile]?.name ?? itemName(d.tile), silver: silver(d.silver) }),
  "feast.buy_ship": (d) => t("say.feast.buy_ship", { ship: name(d.ship), silver: silver(d.silver ?? SHIPS[d.ship]?.buy_price_silver) }),
  "feast.arm": (d) => t("say.feast.arm", { ship: name(d.ship) }),
  "feast.store": (d) => t(d.on === "shed" ? "say.feast.store_shed" : "say.feast.store", { res: name(d.res), on: name(d.on) }),
  "feast.roll": (d) => t("say.feast.roll", { space: space(d.space) }),
  "feast.offer": (d) => t("say.feast.offer", { what: d.res === "stone" ? name("stone") : WEAPONS.long_sword.name.toLowerCase(), roll: d.roll }),
  "feast.loot": (d) => t("say.feast.loot", { tile: lootWords(d), roll: d.roll }),
  "feast.hunt": (d) => (d.wood ? t("say.feast.hunt_wood", { space: space(d.space), count: d.wood }) : t("say.feast.hunt", { space: space(d.space) })),
  "feast.fail": (d) => t("say.feast.fail", { space: space(d.space) }),
};
