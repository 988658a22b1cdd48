// The rule texts refusals cite (GET /api/rules/{game}), loaded once per game, and the
// rules page "#/rules/GAME/ID" that a refusal's rule number links to.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";

const loaded = new Map(); // game -> Promise of {id: text}
const texts = new Map(); // game -> {id: text} once loaded

export function rulesLoaded(game) {
  if (!loaded.has(game)) {
    loaded.set(
      game,
      fetch(`api/rules/${encodeURIComponent(game)}`)
        .then((r) => (r.ok ? r.json() : {}))
        .catch(() => ({}))
        .then((t) => {
          texts.set(game, t);
          return t;
        }),
    );
  }
  return loaded.get(game);
}

/** The text of `rule` if this game's rules are loaded already (else null). */
export function ruleText(game, rule) {
  return texts.get(game)?.[rule] ?? null;
}

/** Every rule of a game, the one asked for highlighted and scrolled to. */
export async function showRules(app, game, rule) {
  const all = await rulesLoaded(game);
  const ids = Object.keys(all);
  app.replaceChildren(
    h(
      "section",
      { class: "panel rules-page", "data-game": game },
      h("h2", {}, t("rules.title", { game: t(`game.${game}`, { defaultValue: game }) })),
      ids.length ? null : h("p", { class: "hint" }, t("rules.none")),
      h(
        "dl",
        {},
        ids.map((id) => [h("dt", { id: `rule-${id}`, class: id === rule ? "asked" : null }, id), h("dd", { class: id === rule ? "asked" : null }, all[id])]),
      ),
    ),
  );
  document.getElementById(`rule-${rule}`)?.scrollIntoView({ block: "center" });
}
