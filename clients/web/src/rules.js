// The rule texts refusals cite (GET /api/rules/{game}?lang=xx), loaded once per game, and
// the rules page "#/rules/GAME/ID" that a refusal's rule number links to. Each text comes in
// the player's language where this edition's rulebook (the seed) states the rule — its own
// paragraph — else in English; every text carries its language (`lang` on the element).

import { h } from "./dom.js";
import { lang, t } from "./i18n/index.js";

const loaded = new Map(); // game -> Promise of {lang, seed, rules: {id: {text, lang}}}
const texts = new Map(); // game -> {id: {text, lang}} once loaded

export function rulesLoaded(game) {
  if (!loaded.has(game)) {
    loaded.set(
      game,
      fetch(`api/rules/${encodeURIComponent(game)}?lang=${lang()}`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({}))
        .then((got) => {
          texts.set(game, got.rules ?? {});
          return got;
        }),
    );
  }
  return loaded.get(game);
}

// a seed paragraph keeps the rulebook's list dashes and **bold** marks: shown as plain text
const plain = (text) =>
  text
    .split("\n")
    .map((p) => p.replace(/\*\*?/g, "").replace(/^[-–]\s+/, ""))
    .join("\n");

/** The text of `rule` if this game's rules are loaded already (else null). */
export function ruleText(game, rule) {
  const r = texts.get(game)?.[rule];
  return r ? plain(r.text) : null;
}

/** The language of the text of `rule` ("en" where the rulebook in the player's language has none). */
export const ruleLang = (game, rule) => texts.get(game)?.[rule]?.lang ?? "en";

/** Every rule of a game, the one asked for highlighted and scrolled to. */
export async function showRules(app, game, rule) {
  const got = await rulesLoaded(game);
  const all = got.rules ?? {};
  const ids = Object.keys(all);
  const dd = (id) =>
    h(
      "dd",
      { class: id === rule ? "asked" : null, lang: all[id].lang },
      plain(all[id].text)
        .split("\n")
        .map((p) => h("p", {}, p)),
    );
  app.replaceChildren(
    h(
      "section",
      { class: "panel rules-page", "data-game": game, "data-seed": got.seed ?? "" },
      h("h2", {}, t("rules.title", { game: t(`game.${game}`, { defaultValue: game }) })),
      ids.length ? null : h("p", { class: "hint" }, t("rules.none")),
      got.seed ? h("p", { class: "hint", id: "rules-source" }, t("rules.from_seed")) : null,
      h(
        "dl",
        {},
        ids.map((id) => [h("dt", { id: `rule-${id}`, class: id === rule ? "asked" : null }, id), dd(id)]),
      ),
    ),
  );
  document.getElementById(`rule-${rule}`)?.scrollIntoView({ block: "center" });
}
