// "#/games": every game the player sits in, from GET /api/players/{player}/games (their
// token as the bearer's): its game, the players, its status, whose turn, the player's
// time left, the last change; newest change first (the server's order), each one click
// from its table. Your turn is marked on the row (`data-your-turn`).
//
// Times are the server's: the answer's `now` against its deadlines and changes, counted
// on from the moment it arrived — never the browser's own clock, which may be set
// differently. Words for durations come from Intl.RelativeTimeFormat in the player's
// language. What it leaves out: the header's count and "next game" (turns.js).
//
// Below the list, the player's vacation (POST / DELETE /api/players/{player}/vacation):
// the days left this year and a vacation to take, or the one running and its end now.
// It is drawn again only when what the server says of it changes (a days field being
// typed in is left as it is by the list's polls).

import { h } from "./dom.js";
import { lang, list, t } from "./i18n/index.js";

const POLL_MS = 15000;
const UNITS = [["day", 86400000], ["hour", 3600000], ["minute", 60000], ["second", 1000]];

/** The player's games list as the server says it, with `at`: when it arrived (performance.now()). */
export async function gamesOf(client) {
  const res = await fetch(`api/players/${encodeURIComponent(client.player)}/games`, {
    headers: { Authorization: `Bearer ${client.token}` },
    cache: "no-store",
  });
  if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { code: (await res.json().catch(() => ({}))).error });
  return { ...(await res.json()), at: performance.now() };
}

/** The server's time now, counted from a games list's `now`. */
export const serverNow = (said) => said.now + (performance.now() - said.at);

/** "in 2 days", "3 hours ago": `ms` from now, in the largest whole unit, in the player's language. */
export function relative(ms) {
  const fmt = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  const [unit, size] = UNITS.find(([, size]) => Math.abs(ms) >= size) ?? UNITS[UNITS.length - 1];
  return fmt.format(Math.trunc(ms / size), unit);
}

export function showGames(app, client) {
  const box = h("div", { id: "my-games", class: "rooms", "aria-live": "polite" }, t("lobby.loading_rooms"));
  const away = h("div", { id: "vacation", class: "vacation" });
  app.append(h("section", { class: "panel games-page" }, h("h2", {}, t("games.title")), box,
    h("h3", {}, t("games.vacation_title")), away));
  let shown = "";
  const load = async () => {
    try {
      const said = await gamesOf(client);
      box.replaceChildren(gamesTable(said, client));
      const now = JSON.stringify(said.vacation);
      if (now !== shown) {
        shown = now;
        away.replaceChildren(...vacationBox(said.vacation, client, load));
      }
    } catch {
      box.replaceChildren(h("p", { class: "error", role: "alert" }, t("games.unavailable")));
    }
  };
  load();
  const timer = setInterval(load, POLL_MS);
  let soon = null; // a room this tab follows moved on: whose turn changed (read once a second at most)
  const off = client.on("view", () => (soon ??= setTimeout(() => ((soon = null), load()), 1000)));
  return () => {
    clearInterval(timer);
    clearTimeout(soon);
    off();
  };
}

function gamesTable(said, client) {
  if (!said.games.length) return h("p", { class: "hint", id: "no-games" }, t("games.empty"));
  const now = serverNow(said);
  const head = [t("games.col_game"), t("games.col_players"), t("games.col_status"), t("games.col_turn"), t("games.col_time"), t("games.col_changed")];
  return h(
    "table",
    { class: "room-list my-games" },
    h("thead", {}, h("tr", {}, head.map((text) => h("th", {}, text)))),
    h("tbody", {}, said.games.map((g) => gameRow(g, now, client))),
  );
}

function gameRow(g, now, client) {
  const names = g.seats.map((s, i) => (s ? s.name : t("seat.n", { n: i + 1 })));
  let turn = "";
  if (g.your_turn) turn = h("strong", { class: "your-turn" }, t("lobby.your_turn"));
  else if (g.status === "playing" && g.to_act.length) turn = t("lobby.their_turn", { who: list(g.to_act.map((i) => names[i])) });
  const left = g.deadline === null ? (g.status === "playing" && !g.clock ? t("clock.kind.none") : "") : relative(g.deadline - now);
  return h(
    "tr",
    { "data-room": g.room, "data-status": g.status, "data-your-turn": g.your_turn ? "true" : "false" },
    h("td", {}, h("a", { href: `#/room/${g.room}`, class: "to-table" }, t(`game.${g.game}`, { defaultValue: g.game }), " · ", h("code", {}, g.room))),
    h("td", {}, names.map((n, i) => (i === g.seat ? t("games.you", { name: n }) : n)).join(", ")),
    h("td", {}, t(`status.${g.status}`, { defaultValue: g.status })),
    h("td", { class: "turn-line" }, turn),
    h("td", { class: "time-left" }, left),
    h("td", { class: "changed" }, g.changed ? relative(g.changed - now) : ""),
  );
}

/** The vacation's part of the page: the one running and its end now, or a vacation to take. */
function vacationBox(vacation, client, reload) {
  const error = h("p", { id: "vacation-error", class: "error", role: "alert", hidden: true });
  const ask = async (method, body) => {
    const res = await fetch(`api/players/${encodeURIComponent(client.player)}/vacation`, {
      method,
      headers: { Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" },
      body: body && JSON.stringify(body),
    });
    if (res.ok) return reload();
    error.textContent = res.status === 409 && method === "POST" ? t("games.vacation_none_left") : t("games.unavailable");
    error.hidden = false;
  };
  const left = h("p", { id: "vacation-left" }, t("games.vacation_left", { n: vacation.days_left }));
  const hint = h("p", { class: "hint" }, t("games.vacation_hint"));
  if (vacation.until !== null) {
    const date = new Intl.DateTimeFormat(lang(), { dateStyle: "long", timeStyle: "short" }).format(new Date(vacation.until));
    const end = h("button", { id: "vacation-end", type: "button" }, t("games.vacation_end"));
    end.addEventListener("click", () => ask("DELETE"));
    return [h("p", { id: "vacation-until" }, t("games.vacation_until", { date })), end, left, hint, error];
  }
  const days = h("input", { id: "vacation-days", type: "number", min: 1, max: Math.max(1, vacation.days_left), value: 1, required: true });
  const take = h("button", { id: "vacation-take", type: "submit", disabled: vacation.days_left < 1 }, t("games.vacation_take"));
  const form = h("form", { class: "vacation-take" }, h("label", { for: "vacation-days" }, t("games.vacation_days")), days, take);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    ask("POST", { days: Number(days.value) });
  });
  return [form, left, hint, error];
}
