// Ratings in the app: a leaderboard per game (#/leaderboard/GAME), a player's page
// (#/player/ID: rating and its history per game, simple statistics, the latest games with
// their results and replays), and the short tag and rating shown beside names elsewhere.
//
// Everything comes from GET /api/leaderboard/{game} and GET /api/players/{id}
// (server/archive/routes.py). The rating shown is the leaderboard's score, openskill's
// ordinal (mu − 3 sigma): it starts near 0 and grows as games confirm it. Only timed
// games are rated (a room with a clock; server.rooms.document.rated), so rooms say
// "rated" or "casual". What it leaves out: ratings of bots (never rated).

import { h, svg } from "./dom.js";
import { lang, num, t } from "./i18n/index.js";
import { gameTitle } from "./words.js";

/** A short tag from the player id, so two players of one name can be told apart. */
export const playerTag = (id) => (id ? `#${String(id).slice(0, 4)}` : "");

/** A name with its tag, the tag in its own span (muted). */
export function taggedName(name, id) {
  return h("span", { class: "who" }, name ?? "?", id ? h("span", { class: "player-tag" }, ` ${playerTag(id)}`) : null);
}

export const ratingText = (score) => num(Math.round(score * 10) / 10);

const pages = new Map(); // player id -> promise of the page (null: no finished game yet)

/** A player's page from the server, asked once per app load (`fresh`: ask again). */
export function playerPage(id, fresh = false) {
  if (fresh || !pages.has(id)) {
    pages.set(id, fetch(`api/players/${encodeURIComponent(id)}`).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return pages.get(id);
}

const boards = new Map(); // game -> promise of Map(player id -> {score, games, rank})

/** Everyone's rating in `game` (its leaderboard, the first 1000), asked once per app load
 * (`fresh`: ask again). The table and the lobby read ratings here rather than from player
 * pages: a player with no finished game has no page (404), but may sit at a table. */
export function ratingsOf(game, fresh = false) {
  if (fresh || !boards.has(game)) {
    const ask = fetch(`api/leaderboard/${encodeURIComponent(game)}?limit=1000`)
      .then((r) => (r.ok ? r.json() : { players: [] }))
      .then((b) => new Map((b.players ?? []).map((p) => [p.player, p])))
      .catch(() => new Map());
    boards.set(game, ask);
  }
  return boards.get(game);
}

/** A link to a player's page, showing the name and its tag. */
export function playerLink(name, id) {
  return h("a", { href: `#/player/${encodeURIComponent(id)}`, class: "player-link" }, taggedName(name, id));
}

/** "rated" or "casual": a room is rated when it has a clock. */
export function ratedTag(rated) {
  return h("span", { class: `tag ${rated ? "rated" : "casual"}`, title: t(rated ? "ratings.rated_title" : "ratings.casual_title") }, t(rated ? "ratings.rated" : "ratings.casual"));
}

async function gameList() {
  try {
    return await (await fetch("api/games")).json();
  } catch {
    return [];
  }
}

function when(iso) {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString(lang(), { year: "numeric", month: "short", day: "numeric" });
}

/** #/leaderboard/GAME: the game's players ranked by rating, links to their pages. */
export async function showLeaderboard(app, game) {
  const games = await gameList();
  const chosen = game || games[0]?.name;
  const titles = Object.fromEntries(games.map((g) => [g.name, gameTitle(g)]));
  const nav = h("nav", { class: "board-games", "aria-label": t("ratings.games") },
    games.map((g) => h("a", { href: `#/leaderboard/${g.name}`, class: `button${g.name === chosen ? " current" : ""}`, "aria-current": g.name === chosen ? "page" : null }, titles[g.name])));
  const box = h("div", { id: "leaderboard" }, t("ratings.loading"));
  app.replaceChildren(h("section", { class: "panel ratings-page" },
    h("p", {}, h("a", { href: "#/" }, t("table.lobby"))),
    h("h2", {}, t("ratings.leaderboard_of", { game: titles[chosen] ?? chosen })), nav, box));
  let players = [];
  try {
    players = (await (await fetch(`api/leaderboard/${encodeURIComponent(chosen)}?limit=100`)).json()).players ?? [];
  } catch {
    box.textContent = t("ratings.unavailable");
    return;
  }
  if (!players.length) {
    box.replaceChildren(h("p", { class: "hint" }, t("ratings.none_yet")));
    return;
  }
  box.replaceChildren(h("table", { class: "leaderboard" },
    h("thead", {}, h("tr", {}, [t("ratings.rank"), t("ratings.player"), t("ratings.rating"), t("ratings.games_col")].map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, players.map((p) => h("tr", { "data-player": p.player },
      h("td", {}, num(p.rank)), h("td", {}, playerLink(p.name, p.player)), h("td", { class: "num" }, ratingText(p.score)), h("td", { class: "num" }, num(p.games ?? 0)))))));
}

/** The rating after each rated game, as a small line (oldest left), with its values in titles. */
function historyLine(points) {
  const W = 240;
  const H = 48;
  const scores = points.map((p) => p.score);
  const lo = Math.min(...scores);
  const hi = Math.max(...scores);
  const x = (i) => (points.length === 1 ? W / 2 : 6 + (i * (W - 12)) / (points.length - 1));
  const y = (s) => (hi === lo ? H / 2 : H - 6 - ((s - lo) * (H - 12)) / (hi - lo));
  return svg("svg", { class: "history", width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": t("ratings.history_label", { from: ratingText(scores[0]), to: ratingText(scores[scores.length - 1]), n: points.length }) },
    svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.score)}`).join(" "), fill: "none", stroke: "#1d6fd6", "stroke-width": 2 }),
    points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.score), r: 3, fill: "#1d6fd6" }, svg("title", { text: `${when(p.at)}: ${ratingText(p.score)}` }))));
}

function outcome(r) {
  if (r.won === true) return h("span", { class: "won" }, t("ratings.won"));
  if (r.won === false) return h("span", { class: "lost" }, t("ratings.lost"));
  return t(`status.${r.status === "finished" ? "over" : r.status}`, { defaultValue: r.status });
}

/** #/player/ID: ratings with their history, statistics, the latest games and their replays. */
export async function showPlayer(app, id) {
  app.replaceChildren(h("p", {}, t("ratings.loading")));
  const [page, games] = await Promise.all([playerPage(id, true), gameList()]);
  const titles = Object.fromEntries(games.map((g) => [g.name, gameTitle(g)]));
  const back = h("p", {}, h("a", { href: "#/" }, t("table.lobby")), " · ", h("a", { href: "#/leaderboard/" }, t("ratings.leaderboards")));
  if (!page) {
    app.replaceChildren(h("section", { class: "panel ratings-page", id: "player-page" }, back, h("h2", {}, playerTag(id)), h("p", { class: "hint" }, t("ratings.no_games"))));
    return;
  }
  const recent = page.recent ?? [];
  const won = recent.filter((r) => r.won === true).length;
  const ratings = Object.entries(page.ratings ?? {});
  app.replaceChildren(h("section", { class: "panel ratings-page", id: "player-page", "data-player": id },
    back,
    h("h2", {}, taggedName(page.name, id)),
    h("p", { class: "stats" }, t("ratings.stats", { n: page.games_played, since: when(page.created) }),
      recent.length ? ` ${t("ratings.recent_wins", { won, n: recent.length })}` : ""),
    h("h3", {}, t("ratings.ratings")),
    ratings.length
      ? h("table", { class: "ratings" },
        h("thead", {}, h("tr", {}, [t("ratings.game"), t("ratings.rating"), t("ratings.games_col"), t("ratings.history")].map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, ratings.map(([game, r]) => h("tr", { "data-game": game },
          h("td", {}, h("a", { href: `#/leaderboard/${game}` }, titles[game] ?? game)),
          h("td", { class: "num" }, ratingText(r.score)),
          h("td", { class: "num" }, num(r.games)),
          h("td", {}, page.history?.[game]?.length ? historyLine(page.history[game]) : "")))))
      : h("p", { class: "hint" }, t("ratings.unrated")),
    h("h3", {}, t("ratings.recent")),
    recent.length
      ? h("table", { class: "recent-games" },
        h("thead", {}, h("tr", {}, [t("ratings.game"), t("ratings.ended"), t("ratings.result"), t("ratings.score"), ""].map((x) => h("th", { scope: "col" }, x)))),
        h("tbody", {}, recent.map((r) => h("tr", { "data-room": r.room },
          h("td", {}, titles[r.game] ?? r.game), h("td", {}, when(r.ended)), h("td", {}, outcome(r)), h("td", { class: "num" }, r.score ?? ""),
          h("td", {}, h("a", { href: `#/replay/${r.room}`, class: "button replay" }, t("ratings.replay")))))))
      : h("p", { class: "hint" }, t("ratings.no_games"))));
}
