// TV: the best live game of each game (GET /api/tv: the public game in play whose seats
// are rated highest), watched as a spectator at "#/tv/GAME". When the game shown ends, its
// result stays a few seconds and the page moves to the next best; while no game is in
// play it looks again now and then. Rated games are shown to spectators late (the
// room's `spectator_delay`): the table page says how late.

import { h } from "./dom.js";
import { num, t } from "./i18n/index.js";
import { showTable } from "./table.js";
import { gameTitle } from "./words.js";

const OVER_PAUSE_MS = 4000; // the finished game's result shown before the next
const LOOK_AGAIN_MS = 5000; // no game in play (or the same one still named): ask again

async function json(url) {
  const r = await fetch(url, { headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
}

/** Show the TV of `game` (empty: the first game with one in play); returns the teardown. */
export function showTv(app, client, game) {
  let closed = false;
  let current = null; // the room shown
  let leaveTable = () => {};
  let timer = null;
  const tabs = h("nav", { class: "board-games tv-tabs", "aria-label": t("tv.games") });
  const caption = h("p", { class: "tv-caption", id: "tv-caption", "aria-live": "polite" });
  const holder = h("div", { class: "tv-table" });
  const page = h("section", { class: "tv-page", id: "tv", "data-game": game || "", "data-room": "" },
    h("p", {}, h("a", { href: "#/" }, t("table.lobby"))), h("h2", {}, t("tv.title")), tabs, caption, holder);
  app.replaceChildren(page);

  const later = (ms) => {
    clearTimeout(timer);
    timer = setTimeout(look, ms);
  };

  async function look() {
    if (closed) return;
    let answer;
    try {
      answer = await json("api/tv");
    } catch {
      caption.textContent = t("tv.unreachable");
      return later(LOOK_AGAIN_MS);
    }
    if (closed) return;
    let titles = {};
    try {
      titles = Object.fromEntries((await json("api/games")).map((g) => [g.name, gameTitle(g)]));
    } catch {
      // the names stay the games' ids
    }
    const names = Object.keys(answer.games);
    if (!game) game = names.find((n) => answer.games[n]) ?? names[0] ?? "";
    page.dataset.game = game;
    tabs.replaceChildren(...names.map((n) =>
      h("a", { href: `#/tv/${n}`, class: `button${n === game ? " current" : ""}`, "aria-current": n === game ? "page" : null }, titles[n] ?? n)));
    // the best game, or the next one when the best is the one that just ended (a node keeps its answer a few seconds)
    const best = [answer.games[game], ...(answer.next[game] ?? [])].find((g) => g && g.room !== current) ?? null;
    if (!best) {
      if (!current) caption.textContent = t("tv.none", { game: titles[game] ?? game });
      return later(LOOK_AGAIN_MS);
    }
    leaveTable();
    current = best.room;
    page.dataset.room = best.room;
    const seats = best.seats.map((s) => (s.rating === null ? s.name : `${s.name} (${num(Math.round(s.rating * 10) / 10)})`));
    caption.textContent = t("tv.showing", { game: titles[game] ?? game, players: seats.join(", ") });
    holder.replaceChildren();
    leaveTable = await showTable(holder, client, best.room, true);
    if (closed) leaveTable();
  }

  const off = client.on("over", (ev) => {
    if (ev.room === current) later(OVER_PAUSE_MS);
  });
  look();
  return () => {
    closed = true;
    clearTimeout(timer);
    off();
    leaveTable();
  };
}
