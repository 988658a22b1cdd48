// The operator console (/console/): a page of its own, built as a separate entry of the
// app (vite.config.js), so nothing of it reaches the players' bundle. It signs in with an
// operator's token (`longhall admin-token NAME`, kept in this tab's sessionStorage only)
// and calls the node's /api/admin routes (server/console/routes.py): every room, private
// ones too; one room's public view, decisions and log, live (polled every POLL_MS); end a
// game as abandoned; remove a player from a room not started; close a socket; revoke a
// player; the matchmaking queues, the headline figures, the operators' latest actions and
// the players reported by players;
// make a tournament (POST /api/tournaments, server/tournaments/routes.py: its terms from a
// form, the game's default options), linked to its page in the app.

const KEY = "longhall.console.token";
const POLL_MS = 2000;
const API = new URL("../api/admin", location.href).pathname;
const TOURNAMENTS = new URL("../api/tournaments", location.href).pathname;

const $ = (id) => document.getElementById(id);
let token = sessionStorage.getItem(KEY) ?? "";
let chosen = null; // the room inspected
let timer = null;

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  return el;
}

const present = (...nodes) => nodes.filter((n) => n !== null && n !== undefined && n !== false);

class Refused extends Error {
  constructor(status, body) {
    super(`${status} ${body.error ?? ""}: ${body.detail ?? ""}`);
    this.status = status;
  }
}

async function api(method, path) {
  const res = await fetch(API + path, { method, headers: { Authorization: `Bearer ${token}` }, cache: "no-store" });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Refused(res.status, body);
  return body;
}

function say(text, bad = false) {
  $("status").textContent = text;
  $("status").classList.toggle("bad", bad);
}

function refused(err) {
  say(err.message, true);
  if (err.status === 401 || err.status === 403) signedOut();
}

function signedOut() {
  clearInterval(timer);
  timer = null;
  $("desk").hidden = true;
  $("sign-out").hidden = true;
  $("who").textContent = "";
}

async function signIn(event) {
  event?.preventDefault();
  token = $("token").value.trim() || token;
  try {
    const me = await api("GET", "");
    sessionStorage.setItem(KEY, token);
    $("who").textContent = `${me.operator} on node ${me.node}`;
    $("desk").hidden = false;
    $("sign-out").hidden = false;
    say("");
    await look();
    clearInterval(timer);
    timer = setInterval(() => look().catch(refused), POLL_MS);
  } catch (err) {
    refused(err);
  }
}

/** Everything read again: the live part of the console. */
async function look() {
  const [rooms, figures, sockets, queues, actions, reports] = await Promise.all([
    api("GET", "/rooms"), api("GET", "/metrics"), api("GET", "/sockets"), api("GET", "/queues"),
    api("GET", "/actions?limit=20"), api("GET", "/reports?limit=50"),
  ]);
  drawFigures(figures);
  drawRooms(rooms.rooms);
  drawSockets($("sockets").tBodies[0], sockets.sockets);
  drawQueues(queues);
  drawActions(actions.actions);
  drawReports(reports.reports);
  if (chosen) await inspect(chosen);
}

function drawFigures(f) {
  const shown = { ...f, commits: Object.entries(f.commits).map(([k, n]) => `${k} ${n}`).join(", ") || "none" };
  $("figures").replaceChildren(
    ...Object.entries(shown).map(([k, v]) => h("div", { "data-figure": k }, h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, v ?? "–"))),
  );
}

const names = (players) => players.map((p) => (p ? `${p.name}${p.bot ? " (bot)" : ""}` : "—")).join(", ");

function drawRooms(rooms) {
  $("rooms").tBodies[0].replaceChildren(
    ...rooms.map((r) =>
      h("tr", { "data-room": r.room, "data-status": r.status, "data-private": String(r.private), class: r.room === chosen ? "chosen" : null },
        h("td", {}, h("code", {}, r.room)), h("td", {}, r.game), h("td", {}, r.status), h("td", {}, r.private ? "private" : "public"),
        h("td", {}, names(r.players)), h("td", {}, r.seq), h("td", {}, r.spectators), h("td", {}, r.here),
        h("td", {}, h("button", { type: "button", class: "inspect", onclick: () => choose(r.room) }, "Inspect")),
      ),
    ),
  );
}

function choose(room) {
  chosen = room;
  for (const tr of $("rooms").tBodies[0].rows) tr.classList.toggle("chosen", tr.dataset.room === room);
  inspect(room).catch(refused);
}

async function inspect(room) {
  let r;
  try {
    r = await api("GET", `/rooms/${encodeURIComponent(room)}`);
  } catch (err) {
    if (err.status === 404) {
      chosen = null;
      $("room").hidden = true;
      say(`room ${room} is gone from Redis`);
      return;
    }
    throw err;
  }
  if (chosen !== room) return;
  const v = r.view;
  const panel = $("room");
  const confirming = panel.querySelector("#end-confirm") !== null && panel.dataset.room === room;
  panel.hidden = false;
  panel.dataset.room = room;
  panel.dataset.status = v.status;
  panel.dataset.seq = r.seq;
  panel.replaceChildren(
    ...present(
    h("h2", {}, `Room ${room}: ${v.game}, ${v.status}, seq ${r.seq}${r.private ? ", private" : ""}`),
    h("div", { class: "row" }, ...endControls(room, v.status, confirming)),
    v.result ? h("p", { id: "result" }, `result: ${JSON.stringify(v.result)}`) : null,
    h("h3", {}, "Seats"),
    h("table", { class: "grid", id: "seats" }, h("tbody", {}, ...v.seats.map((s, i) => seatRow(room, v.status, s, i)))),
    h("h3", {}, `This node's sockets in the room (node ${r.node}); spectators per node: ${JSON.stringify(r.watchers)}`),
    h("table", { class: "grid", id: "room-sockets" }, h("tbody")),
    h("div", { class: "columns" },
      h("div", {}, h("h3", {}, "Public view (a spectator's)"), h("pre", { id: "view" }, JSON.stringify(v, null, 1))),
      h("div", {},
        h("h3", {}, `Decisions in words (${r.said.length})`),
        h("ol", { class: "log", id: "said" }, ...r.said.map((s) => h("li", {}, JSON.stringify(s)))),
        h("h3", {}, "Latest log entries"),
        h("ol", { class: "log", id: "room-log" }, ...r.log.map((e) => h("li", { "data-k": e.k }, `${e.seq} ${JSON.stringify(e)}`))),
      ),
    ),
    ),
  );
  drawSockets(panel.querySelector("#room-sockets").tBodies[0], r.sockets);
}

function endControls(room, status, confirming) {
  if (status !== "playing") return [];
  if (!confirming) return [h("button", { type: "button", id: "end", onclick: () => inspect(room).then(() => askEnd(room)) }, "End as abandoned…")];
  return [
    h("button", { type: "button", id: "end-confirm", class: "danger", onclick: () => act("POST", `/rooms/${encodeURIComponent(room)}/end`, `ended ${room} as abandoned`) }, `Yes, end room ${room} as abandoned`),
    h("button", { type: "button", onclick: () => inspect(room) }, "Keep it"),
  ];
}

function askEnd(room) {
  const row = $("room").querySelector(".row");
  row.replaceChildren(...endControls(room, "playing", true));
}

function seatRow(room, status, s, i) {
  if (!s) return h("tr", { "data-seat": i }, h("td", {}, `seat ${i}`), h("td", {}, "free"), h("td"));
  const remove = status === "open" && !s.bot
    ? h("button", { type: "button", class: "remove", onclick: () => act("POST", `/rooms/${encodeURIComponent(room)}/players/${encodeURIComponent(s.player)}/remove`, `removed ${s.name} from ${room}`) }, "Remove and ban")
    : null;
  return h("tr", { "data-seat": i, "data-player": s.player }, h("td", {}, `seat ${i}`), h("td", {}, `${s.name} (${s.player})${s.bot ? " bot" : ""}`), h("td", {}, remove));
}

function drawSockets(body, sockets) {
  body.replaceChildren(
    ...sockets.map((s) =>
      h("tr", { "data-socket": s.socket, "data-player": s.player ?? "" },
        h("td", {}, h("code", {}, s.socket)), h("td", {}, s.player ?? "(no hello yet)"), h("td", {}, s.name),
        h("td", {}, s.rooms.map((r) => `${r.room}${r.seat === null ? " (watching)" : ` seat ${r.seat}`}`).join(", ")),
        h("td", {}, h("button", { type: "button", class: "close", onclick: () => act("POST", `/sockets/${encodeURIComponent(s.socket)}/close`, `closed socket ${s.socket}`) }, "Close")),
      ),
    ),
  );
}

function drawQueues(q) {
  const lines = q.queues.map((x) => h("li", { "data-queue": x.queue }, `${x.game}, ${x.players} players: ${x.tickets.map((t) => `${t.name} (${t.player}, rating ${t.rating})`).join(", ") || "empty"}`));
  $("queues").replaceChildren(
    ...present(
    lines.length ? h("ul", {}, ...lines) : h("p", {}, "No queue holds a ticket."),
    q.matching.length ? h("p", {}, `Rooms being made: ${q.matching.join(", ")}`) : null,
    ),
  );
}

function drawActions(actions) {
  $("actions").tBodies[0].replaceChildren(
    ...actions.map((a) =>
      h("tr", { "data-action": a.action, "data-target": a.target, "data-outcome": a.outcome },
        h("td", {}, new Date(a.at * 1000).toLocaleString()), h("td", {}, a.by), h("td", {}, a.action),
        h("td", {}, a.player ? `${a.target} (${a.player})` : a.target), h("td", {}, a.outcome), h("td", {}, a.node),
      ),
    ),
  );
}

/** Players reported by players (server.social.reports): who, by whom, where, why, and
 * the room's chat as it stood then (the reported player's lines marked). */
function drawReports(reports) {
  $("reports").tBodies[0].replaceChildren(
    ...reports.map((r) =>
      h("tr", { "data-player": r.player, "data-by": r.by },
        h("td", {}, new Date(r.at).toLocaleString()), h("td", {}, `${r.name} (${r.player})`), h("td", {}, r.by),
        h("td", {}, r.room || ""), h("td", {}, r.reason, r.chat?.length ? saidThere(r) : ""),
      ),
    ),
  );
}

function saidThere(r) {
  return h("details", { class: "report-chat" },
    h("summary", {}, `the room's chat (${r.chat.length})`),
    h("ol", {}, ...r.chat.map((m) =>
      h("li", { class: m.player === r.player ? "reported" : "", "data-channel": m.channel },
        `${new Date(m.at).toLocaleTimeString()} ${m.name || m.player}${m.seat === null ? " (spectator)" : ""}: `, m.text))));
}

async function act(method, path, done) {
  try {
    await api(method, path);
    say(done);
  } catch (err) {
    refused(err);
  }
  await look().catch(refused);
}

/** The tournament form's fields shown for its kind and its clock; the games to choose from. */
function tournamentForm() {
  const form = $("tournament");
  const show = () => {
    for (const el of form.querySelectorAll("[data-for]")) {
      el.hidden = ![$("t-kind").value, $("t-clock").value].includes(el.dataset.for);
    }
  };
  $("t-kind").addEventListener("change", show);
  $("t-clock").addEventListener("change", show);
  show();
  const soon = new Date(Date.now() + 3600 * 1000);
  soon.setMinutes(soon.getMinutes() - soon.getTimezoneOffset(), 0, 0); // datetime-local is the local time
  $("t-starts").value = soon.toISOString().slice(0, 16);
  fetch("../api/games").then((r) => r.json()).then((games) => {
    $("t-game").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  }).catch(() => {});
  form.addEventListener("submit", makeTournament);
}

async function makeTournament(event) {
  event.preventDefault();
  const n = (id) => Number($(id).value);
  const kind = $("t-kind").value;
  const clock = $("t-clock").value === "per_move"
    ? { per_move: n("t-per-move"), timeout: $("t-timeout").value }
    : { total: n("t-total"), increment: n("t-increment"), timeout: $("t-timeout").value };
  const terms = {
    name: $("t-name").value.trim(), kind, game: $("t-game").value, size: n("t-size"),
    starts: new Date($("t-starts").value).getTime(), clock,
    ...(kind === "swiss" ? { rounds: n("t-rounds"), byes: $("t-byes").value } : { minutes: n("t-minutes") }),
  };
  const res = await fetch(TOURNAMENTS, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(terms) });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    refused(new Refused(res.status, body));
    return;
  }
  say(`made tournament ${body.id}`);
  $("t-made").replaceChildren(h("a", { href: `../#/tournament/${body.id}`, id: "t-link", "data-tournament": body.id }, `${body.name}: its page in the app`));
}

$("sign-in").addEventListener("submit", signIn);
tournamentForm();
$("sign-out").addEventListener("click", () => {
  sessionStorage.removeItem(KEY);
  token = "";
  $("token").value = "";
  signedOut();
  say("signed out");
});
$("refresh").addEventListener("click", () => look().catch(refused));
$("revoke").addEventListener("submit", (event) => {
  event.preventDefault();
  const player = $("revoke-player").value.trim();
  act("POST", `/players/${encodeURIComponent(player)}/revoke`, `revoked every token of ${player}`);
});
if (token) signIn();
