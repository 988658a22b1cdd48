// Play against the computer: a game, a level and a count of players; one click makes a
// private table, seats the server's bots of that level in every other seat and starts it.
// The bots are the server's (`add_bot {level}`): `easy`, `medium` and `strong` search the
// game from what their seat may see. Left out: options (each game's defaults) and clocks.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { rememberRoom } from "./lobby.js";
import { gameTitle, refusalWords } from "./words.js";

const LEVELS = () => [["easy", t("versus.easy")], ["medium", t("versus.medium")], ["strong", t("versus.strong")]];

export function versusPanel(client) {
  const game = h("select", { name: "versus-game", "aria-label": t("versus.game") });
  const level = h("select", { name: "versus-level", "aria-label": t("versus.level") },
    LEVELS().map(([value, words]) => h("option", { value, selected: value === "medium" }, words)));
  const seats = h("select", { name: "versus-seats", "aria-label": t("versus.players") });
  const errorBox = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "submit", class: "primary", disabled: true }, t("versus.play"));
  let games = [];
  const counts = () => {
    const g = games.find((x) => x.name === game.value);
    if (!g) return;
    const [lo, hi] = g.players;
    seats.replaceChildren();
    for (let n = Math.max(lo, 2); n <= hi; n++) seats.append(h("option", { value: n }, `${n}`));
  };
  game.addEventListener("change", counts);
  fetch("api/games")
    .then((r) => r.json())
    .then((all) => {
      games = all.filter((g) => g.players[1] >= 2);
      game.replaceChildren(...games.map((g) => h("option", { value: g.name }, gameTitle(g))));
      counts();
      button.disabled = false;
    });
  const play = async (e) => {
    e.preventDefault();
    button.disabled = true;
    try {
      const n = Number(seats.value);
      const room = (await client.create(game.value, {}, n, true, null, false)).room;
      for (let seat = 1; seat < n; seat++) await client.addBot(room, seat, level.value);
      await client.start(room);
      rememberRoom(room, game.value);
      location.hash = `#/room/${room}`;
    } catch (err) {
      errorBox.textContent = `${refusalWords(err)} [${err.code ?? "error"}]`;
      button.disabled = false;
    }
  };
  return h("section", { class: "panel versus" }, h("h2", {}, t("versus.title")),
    h("form", { class: "versus-form", onsubmit: play }, errorBox,
      h("label", {}, t("versus.game"), " ", game), " ",
      h("label", {}, t("versus.level"), " ", level), " ",
      h("label", {}, t("versus.players"), " ", seats), " ",
      button));
}
