// The move log's words for a Hunters & Gatherers tile laid, as players say it: what the
// tile shows (its terrains and animals), where it went from the starting tile (which the
// engine lays at 0,0; x grows to the east, y to the south) and which way it was turned,
// never a square's coordinates or degrees.

import { list, t } from "../i18n/index.js";
import { animal, feature } from "../words.js";
import { tileData } from "./hunters_tile.js";

/** The tile in words: "a tile (forest, river, meadow; deer ×2, mammoth)". */
export function tileWords(id, bonus) {
  const tile = t(bonus ? "hunters.a_bonus_tile" : "hunters.a_tile");
  const data = id ? tileData(id) : null;
  if (!data) return tile;
  const kinds = [["forest", data.forests], ["river", data.rivers], ["lake", data.lakes], ["meadow", data.meadows]];
  const terrain = kinds.filter(([, xs]) => xs?.length).map(([k]) => feature(k));
  const herd = {};
  for (const m of data.meadows ?? []) for (const [kind, n] of Object.entries(m.animals ?? {})) herd[kind] = (herd[kind] ?? 0) + n;
  const animals = Object.entries(herd).map(([kind, n]) => (n > 1 ? t("hunters.times", { what: animal(kind), n }) : animal(kind)));
  const what = [list(terrain), list(animals)].filter(Boolean).join("; ");
  return what ? t("hunters.tile_of", { tile, what }) : tile;
}

/** Where square (x, y) lies from the starting tile: "beside the starting tile, to the
 * north", or "2 north and 1 east of the starting tile". */
export function whereWords(x, y) {
  const ns = y < 0 ? "north" : "south";
  const ew = x > 0 ? "east" : "west";
  if (Math.abs(x) + Math.abs(y) === 1) return t("hunters.where.beside", { dir: t(`hunters.dir.${x ? ew : ns}`) });
  const steps = [];
  if (y) steps.push(t("hunters.where.step", { n: Math.abs(y), dir: t(`hunters.dir.${ns}`) }));
  if (x) steps.push(t("hunters.where.step", { n: Math.abs(x), dir: t(`hunters.dir.${ew}`) }));
  return t("hunters.where.away", { steps: list(steps) });
}

/** The log line's words for "hunters.place" (server/games/hunters/describe.py). */
export function placeWords(d) {
  const p = { tile: tileWords(d.tile, d.bonus), where: whereWords(d.x, d.y) };
  return d.rotation ? t("say.hunters.laid_turned", { ...p, turn: t(`hunters.turned.${d.rotation}`) }) : t("say.hunters.laid", p);
}
