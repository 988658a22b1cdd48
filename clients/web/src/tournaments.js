// Tournaments in the app: the list (#/tournaments: those to come and running, then the
// latest over, and on asking every one the archive keeps, a page at a time) and a tournament's page (#/tournament/ID: its terms, entering and leaving,
// the live standings, every round's tables linked to their rooms, and the player's own
// table to go to while its round is played).
//
// Everything comes from the tournament routes (server/tournaments/routes.py):
// GET /api/tournaments, GET /api/tournaments/past, GET /api/tournaments/{id}, and POST / DELETE
// /api/tournaments/{id}/players with the player's token (`Authorization: Bearer`). A page
// asks again every POLL_MS while the tournament is not over, and at once when the tab
// comes back into view. A round's tables are rooms only once the round is `playing`
// (while it is `seating` the director is making them): they are linked from then on,
// the player's own table to its seat (#/room/ID), the others to watch (#/watch/ID).
// What it leaves out: making a tournament (the operator console, console/).

import { clockText } from "./clocks.js";
import { h } from "./dom.js";
import { lang, list, num, t } from "./i18n/index.js";
import { playerTag, ratingText, taggedName } from "./ratings.js";
import { storedName } from "./session.js";
import { gameTitle } from "./words.js";

const POLL_MS = 3000;
const LIVE = new Set(["registering", "running"]);

async function json(path) {
  const res = await fetch(path, { cache: "no-store" });
  if (!res.ok) throw new Error(`${res.status}`);
  return res.json();
}

async function gameTitles() {
  try {
    return Object.fromEntries((await json("api/games")).map((g) => [g.name, gameTitle(g)]));
  } catch {
    return {};
  }
}

/** A moment (ms since the epoch) as the player's language writes a date and time. */
export const whenText = (ms) => new Date(ms).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });

/** A tournament's clock in words: "10:00 + 5 s per decision", "60 s per decision". */
export function clockWords(c) {
  if (!c) return "";
  if (c.days !== undefined) return t("tournaments.days", { count: c.days, n: num(c.days) });
  if (c.per_move !== undefined) return t("clock.per_move_short", { s: num(c.per_move) });
  return t("clock.total_short", { m: clockText(c.total * 1000), s: num(c.increment ?? 0) });
}

/** "5 rounds" for a Swiss tournament, "30 minutes" for an arena. */
const lengthWords = (tr) =>
  tr.kind === "swiss" ? t("tournaments.rounds", { count: tr.rounds, n: num(tr.rounds) }) : t("tournaments.minutes", { count: tr.minutes, n: num(tr.minutes) });

const kindWords = (kind) => t(kind === "arena" ? "tournaments.kind.arena" : "tournaments.kind.swiss");
const statusTag = (status) => h("span", { class: `tag tournament-status ${status}` }, t(`tournaments.status.${status}`, { defaultValue: status }));

/** Call so as to stop polling: ask every POLL_MS and when the tab is shown again. */
function polling(ask) {
  const timer = setInterval(ask, POLL_MS);
  const shown = () => document.visibilityState === "visible" && ask();
  document.addEventListener("visibilitychange", shown);
  window.addEventListener("focus", shown);
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", shown);
    window.removeEventListener("focus", shown);
  };
}

// -- the list -------------------------------------------------------------------------

/** #/tournaments: those to come and running (soonest first), then the latest over. */
export function showTournaments(app) {
  const live = h("div", { id: "tournaments-live" }, t("tournaments.loading"));
  const past = h("div", { id: "tournaments-past" });
  app.replaceChildren(h("section", { class: "panel tournaments-page", id: "tournaments-page" },
    h("p", {}, h("a", { href: "#/" }, t("table.lobby"))),
    h("h2", {}, t("tournaments.title")),
    h("h3", {}, t("tournaments.upcoming")), live,
    h("h3", {}, t("tournaments.finished")), past, archiveList()));
  let titles = null;
  const ask = async () => {
    try {
      titles ??= await gameTitles();
      const all = (await json("api/tournaments")).tournaments ?? [];
      const now = all.filter((x) => LIVE.has(x.status));
      const over = all.filter((x) => !LIVE.has(x.status));
      live.replaceChildren(now.length ? listTable(now, titles) : h("p", { class: "hint" }, t("tournaments.none_upcoming")));
      past.replaceChildren(over.length ? listTable(over, titles) : h("p", { class: "hint" }, t("tournaments.none_finished")));
    } catch {
      live.replaceChildren(h("p", { class: "error" }, t("tournaments.unavailable")));
    }
  };
  ask();
  return polling(ask);
}

/** Every tournament over that the archive keeps, the latest first, a page at a time
 * (GET /api/tournaments/past): shown when asked, with "earlier ones" while there are more. */
function archiveList() {
  const box = h("div", { id: "tournaments-archive" });
  const said = h("p", { class: "hint", "aria-live": "polite" });
  const more = h("button", { type: "button", id: "tournaments-archive-more" }, t("tournaments.archive_show"));
  let before = 0;
  let after = "";
  let titles = null;
  let body = null;
  more.addEventListener("click", async () => {
    more.disabled = true;
    try {
      titles ??= await gameTitles();
      const from = before ? `&before=${before}&after=${encodeURIComponent(after)}` : "";
      const page = await json(`api/tournaments/past?limit=${ARCHIVE_PAGE}${from}`);
      if (!body) {
        body = h("tbody");
        box.replaceChildren(archiveTable(body));
      }
      body.append(...page.tournaments.map((x) => archiveRow(x, titles)));
      box.hidden = body.rows.length === 0;
      said.textContent = body.rows.length ? "" : t("tournaments.archive_none");
      before = page.next ?? 0;
      after = page.after ?? "";
      more.textContent = t("tournaments.archive_more");
      more.hidden = !page.next;
    } catch {
      said.textContent = t("tournaments.unavailable");
    } finally {
      more.disabled = false;
    }
  });
  return h("div", { class: "tournaments-archive" }, box, said, more);
}

const ARCHIVE_PAGE = 50;

function archiveTable(body) {
  const cols = [t("tournaments.col_name"), t("tournaments.col_game"), t("tournaments.col_kind"), t("tournaments.col_ended"),
    t("tournaments.col_players"), t("tournaments.col_winner")];
  return h("div", { class: "table-scroll" }, h("table", { class: "tournament-list archive" },
    h("thead", {}, h("tr", {}, cols.map((x, i) => h("th", { scope: "col", class: i === 4 ? "num" : null }, x)))), body));
}

function archiveRow(x, titles) {
  return h("tr", { "data-tournament": x.id, "data-status": "over" },
    h("td", {}, h("a", { href: `#/tournament/${encodeURIComponent(x.id)}`, class: "tournament-link" }, x.name)),
    h("td", {}, titles[x.game] ?? x.game),
    h("td", {}, kindWords(x.kind)),
    h("td", {}, h("time", { datetime: new Date(x.ended).toISOString() }, whenText(x.ended))),
    h("td", { class: "num" }, num(x.players)),
    h("td", { class: "winner" }, x.winner ? taggedName(x.winner.name, x.winner.player) : "—"));
}

function listTable(rows, titles) {
  const cols = [t("tournaments.col_name"), t("tournaments.col_game"), t("tournaments.col_kind"), t("tournaments.col_size"), t("tournaments.col_length"),
    t("tournaments.col_clock"), t("tournaments.col_starts"), t("tournaments.col_players"), t("tournaments.col_status")];
  return h("div", { class: "table-scroll" }, h("table", { class: "tournament-list" },
    h("thead", {}, h("tr", {}, cols.map((x, i) => h("th", { scope: "col", class: i === 3 || i === 7 ? "num" : null }, x)))),
    h("tbody", {}, rows.map((x) => h("tr", { "data-tournament": x.id, "data-status": x.status },
      h("td", {}, h("a", { href: `#/tournament/${encodeURIComponent(x.id)}`, class: "tournament-link" }, x.name)),
      h("td", {}, titles[x.game] ?? x.game),
      h("td", {}, kindWords(x.kind)),
      h("td", { class: "num" }, num(x.size)),
      h("td", {}, lengthWords(x)),
      h("td", {}, clockWords(x.clock)),
      h("td", {}, h("time", { datetime: new Date(x.starts).toISOString() }, whenText(x.starts))),
      h("td", { class: "num" }, num(x.players)),
      h("td", {}, statusTag(x.status)))))));
}

// -- one tournament ---------------------------------------------------------------------

/** #/tournament/ID: terms, entry, your table, standings and every round's tables. */
export function showTournament(app, client, id) {
  const status = h("p", { class: "error", role: "alert", id: "tournament-error" });
  const trouble = h("p", { class: "hint", role: "status" }); // the tournament could not be read just now
  const head = h("div", { class: "tournament-head" }, t("tournaments.loading"));
  const entry = h("div", { id: "tournament-entry", class: "tournament-entry" });
  const mine = h("div", { id: "your-table", "aria-live": "polite" });
  const standingsBox = h("div", { id: "standings" });
  const roundsBox = h("div", { id: "rounds" });
  const page = h("section", { class: "panel tournaments-page", id: "tournament-page", "data-tournament": id },
    h("p", {}, h("a", { href: "#/" }, t("table.lobby")), " · ", h("a", { href: "#/tournaments" }, t("tournaments.title"))),
    head, trouble, status, entry, mine,
    h("h3", {}, t("tournaments.standings")), standingsBox,
    h("h3", {}, t("tournaments.rounds_played")), roundsBox);
  app.replaceChildren(page);
  let titles = null;
  let entryKey = "";
  let stop = () => {};
  let busy = false;

  const draw = (tr) => {
    page.dataset.status = tr.status;
    const names = Object.fromEntries((tr.players ?? []).map((p) => [p.player, p.name]));
    head.replaceChildren(...terms(tr, titles));
    const entered = names[client.player] !== undefined;
    const key = `${tr.status}:${entered}:${openFor(tr)}`;
    if (key !== entryKey) {
      entryKey = key;
      entry.replaceChildren(...entryButtons(tr, entered, act).filter(Boolean));
    }
    const table = yourTable(tr, client.player);
    mine.replaceChildren(table ? h("p", { class: "your-table" }, t("tournaments.your_table_now", { n: num(table.round) }), " ",
      h("a", { href: `#/room/${table.room}`, id: "to-my-table", class: "button primary" }, t("tournaments.go_to_table"))) : "");
    standingsBox.replaceChildren(standingsTable(tr, client.player));
    roundsBox.replaceChildren(...roundList(tr, names, client.player));
  };

  const ask = async () => {
    try {
      titles ??= await gameTitles();
      const res = await fetch(`api/tournaments/${encodeURIComponent(id)}`, { cache: "no-store" });
      if (res.status === 404) {
        head.replaceChildren(h("p", { class: "hint" }, t("tournaments.unknown")));
        stop();
        return;
      }
      if (!res.ok) throw new Error(`${res.status}`);
      const tr = await res.json();
      draw(tr);
      trouble.textContent = "";
      if (!LIVE.has(tr.status)) stop(); // over or cancelled: nothing changes any more
    } catch {
      trouble.textContent = t("tournaments.unavailable");
    }
  };

  const act = async (method) => {
    if (busy) return;
    busy = true;
    status.textContent = "";
    try {
      status.textContent = await entryCall(id, client, method);
      entryKey = "";
      await ask();
    } finally {
      busy = false;
    }
  };

  ask();
  stop = polling(ask);
  return () => stop();
}

/** Enter (POST) or leave (DELETE) with the player's token: a refusal in words, or "". */
async function entryCall(id, client, method) {
  try {
    const res = await fetch(`api/tournaments/${encodeURIComponent(id)}/players`, {
      method,
      headers: { Authorization: `Bearer ${client.token}`, "Content-Type": "application/json" },
      body: method === "POST" ? JSON.stringify({ name: storedName() }) : undefined,
    });
    return res.ok ? "" : refusal(res.status, await res.json().catch(() => ({})));
  } catch {
    return t("tournaments.unavailable");
  }
}

function refusal(code, said) {
  if (code === 409) return t("tournaments.closed");
  if (code === 401) return t("tournaments.unauthorized");
  if (code === 404) return t("tournaments.unknown");
  if (code === 429) return t("tournaments.too_fast");
  return t("tournaments.refused", { error: said.error ?? String(code) });
}

/** Whether the tournament takes entries now (as the server decides it: listing.enter). */
function openFor(tr) {
  if (tr.status === "registering") return true;
  return tr.kind === "arena" && tr.status === "running" && Date.now() < tr.starts + tr.minutes * 60000;
}

function terms(tr, titles) {
  const rows = [
    [t("tournaments.col_game"), titles?.[tr.game] ?? tr.game],
    [t("tournaments.col_kind"), kindWords(tr.kind)],
    [t("tournaments.col_size"), tr.least < tr.size ? t("tournaments.size_least", { size: num(tr.size), least: num(tr.least) }) : num(tr.size)],
    [t("tournaments.col_length"), lengthWords(tr)],
    [t("tournaments.col_clock"), clockWords(tr.clock)],
    [t("tournaments.col_starts"), h("time", { datetime: new Date(tr.starts).toISOString() }, whenText(tr.starts))],
    [t("tournaments.col_players"), num((tr.players ?? []).length)],
  ];
  if (tr.kind === "swiss") rows.push([t("tournaments.byes"), t(tr.byes === "bots" ? "tournaments.byes_bots" : "tournaments.byes_points")]);
  return [
    h("h2", {}, tr.name, " ", statusTag(tr.status)),
    h("dl", { class: "tournament-terms" }, rows.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
  ];
}

function entryButtons(tr, entered, act) {
  const open = openFor(tr);
  if (entered) {
    return [h("p", { class: "entered" }, t("tournaments.entered")),
      tr.status === "registering" ? h("button", { type: "button", id: "leave-tournament", onclick: () => act("DELETE") }, t("tournaments.leave")) : null];
  }
  if (!open) return [];
  return [h("button", { type: "button", id: "enter-tournament", class: "primary", onclick: () => act("POST") }, t("tournaments.enter"))];
}

/** The player's table to go to now: in a round being played, its room not over yet. */
function yourTable(tr, player) {
  for (const rd of [...(tr.played ?? [])].reverse()) {
    if (rd.status !== "playing") continue;
    const table = rd.tables.find((x) => x.players.includes(player) && !(x.room in (rd.results ?? {})));
    if (table) return { round: rd.number, room: table.room };
  }
  return null;
}

function standingsTable(tr, player) {
  const rows = tr.standings ?? [];
  if (!rows.length) return h("p", { class: "hint" }, t("tournaments.no_players"));
  const swiss = tr.kind === "swiss";
  const cols = [t("tournaments.rank"), t("ratings.player"), t("tournaments.points"), swiss ? t("tournaments.buchholz") : null, t("tournaments.games"), t("ratings.rating")];
  return h("div", { class: "table-scroll" }, h("table", { class: "standings" },
    h("thead", {}, h("tr", {}, cols.filter(Boolean).map((x, i) => h("th", { scope: "col", class: i === 1 ? null : "num" }, x)))),
    h("tbody", {}, rows.map((s, i) => h("tr", { "data-player": s.player, class: s.player === player ? "me" : null },
      h("td", { class: "num" }, num(i + 1)),
      h("td", {}, h("a", { href: `#/player/${encodeURIComponent(s.player)}`, class: "player-link" }, taggedName(s.name || "?", s.player))),
      h("td", { class: "num points" }, num(s.points)),
      swiss ? h("td", { class: "num" }, num(Math.round(s.buchholz * 100) / 100)) : null,
      h("td", { class: "num" }, num(s.games)),
      h("td", { class: "num" }, ratingText(s.rating)))))));
}

/** Every round (an arena's tables are numbered one by one), the latest first. */
function roundList(tr, names, player) {
  const rounds = [...(tr.played ?? [])].reverse();
  if (!rounds.length) return [h("p", { class: "hint" }, t(tr.status === "registering" ? "tournaments.not_started" : "tournaments.no_rounds"))];
  return rounds.map((rd) => h("section", { class: "round", "data-round": rd.number, "data-round-status": rd.status },
    h("h4", {}, t(tr.kind === "arena" ? "tournaments.game_n" : "tournaments.round_n", { n: num(rd.number) }), " ",
      h("span", { class: `tag round-status ${rd.status}` }, t(`tournaments.round_status.${rd.status}`, { defaultValue: rd.status }))),
    h("ul", { class: "round-tables" }, rd.tables.map((x, i) => tableLine(rd, x, i, names, player))),
    rd.byes?.length ? h("p", { class: "byes" }, t("tournaments.byes_list", { who: list(rd.byes.map((p) => `${names[p] ?? "?"} ${playerTag(p)}`)) })) : null));
}

function tableLine(rd, x, i, names, player) {
  const result = rd.results?.[x.room];
  const seats = [...x.players.map((p) => ({ player: p, name: names[p] })), ...Array.from({ length: x.bots }, (_, b) => ({ bot: b }))];
  const yours = x.players.includes(player);
  const who = seats.map((s, seat) => {
    const won = result?.winners?.includes(seat);
    const label = s.bot !== undefined ? h("span", { class: "bot" }, t("tournaments.bot", { n: num(s.bot + 1) })) : taggedName(s.name ?? "?", s.player);
    const score = result && !result.lost ? h("span", { class: "score" }, ` ${num(result.scores?.[seat] ?? 0)}`) : null;
    return h("li", { class: won ? "won" : null, "data-seat": seat }, label, score, won ? h("span", { class: "tag won" }, ` ${t("tournaments.won")}`) : null);
  });
  let link = null;
  if (rd.status !== "seating") {
    link = yours
      ? h("a", { href: `#/room/${x.room}`, class: "button table-link" }, t(result ? "tournaments.open_table" : "tournaments.play_table"))
      : h("a", { href: `#/watch/${x.room}`, class: "button table-link" }, t("tournaments.watch_table"));
  }
  return h("li", { class: `round-table${yours ? " yours" : ""}`, "data-room": x.room, "data-over": result ? "1" : null },
    h("span", { class: "table-n" }, t("tournaments.table_n", { n: num(i + 1) })), " ",
    h("ol", { class: "table-seats" }, who),
    result?.lost ? h("span", { class: "hint" }, t("tournaments.table_lost")) : null,
    link);
}
