// The lobby: who you are, the games and their options, open rooms live, your rooms.
//
// Rooms come from GET /api/rooms (public rooms: game, seats, status, spectators), polled
// every two seconds while the lobby is shown. The rooms you created or joined are kept
// in localStorage so you can go back to them. Playing happens on the table page.

import { h } from "./dom.js";
import { LANGUAGES, lang, setLanguage, t } from "./i18n/index.js";
import { clockChoice } from "./lobby_clock.js";
import { rename, storedName } from "./session.js";
import { choiceLabel, gameTitle, optionDoc, optionLabel, refusalWords, titleInEnglish } from "./words.js";

const MINE = "longhall.rooms";
const POLL_MS = 2000;

export function myRooms() {
  try {
    return JSON.parse(localStorage.getItem(MINE) ?? "[]");
  } catch {
    return [];
  }
}

export function rememberRoom(room, game) {
  const rooms = myRooms().filter((r) => r.room !== room);
  rooms.unshift({ room, game, at: Date.now() });
  localStorage.setItem(MINE, JSON.stringify(rooms.slice(0, 12)));
}

export function showLobby(app, client) {
  const roomsBox = h("div", { id: "rooms", class: "rooms", "aria-live": "polite" }, t("lobby.loading_rooms"));
  const gamesBox = h("div", { class: "games" }, t("lobby.loading_games"));
  const errorBox = h("p", { class: "error", role: "alert" });
  app.append(
    h("section", { class: "panel" }, h("h2", {}, t("lobby.you")), identityForm(client), languagePicker()),
    h("section", { class: "panel" }, h("h2", {}, t("lobby.open_rooms")), roomsBox),
    h("section", { class: "panel" }, h("h2", {}, t("lobby.new_room")), errorBox, gamesBox),
  );
  const yours = mine();
  if (yours) app.append(yours);
  import("./versus.js").then(({ versusPanel }) => app.append(versusPanel(client))); // play against the computer
  let titles = {};
  fetch("api/games")
    .then((r) => r.json())
    .then((games) => {
      titles = Object.fromEntries(games.map((g) => [g.name, gameTitle(g)]));
      gamesBox.replaceChildren(...games.map((g) => gameCard(g, client, errorBox)));
    });
  const poll = async () => {
    try {
      const rooms = await (await fetch("api/rooms")).json();
      roomsBox.replaceChildren(roomTable(rooms, titles));
    } catch {
      roomsBox.textContent = t("lobby.rooms_unavailable");
    }
  };
  poll();
  const timer = setInterval(poll, POLL_MS);
  return () => clearInterval(timer);
}

function identityForm(client) {
  const input = h("input", { id: "name", value: storedName(), maxlength: 40, "aria-label": t("lobby.name_label") });
  return h(
    "form",
    {
      class: "identity-form",
      onsubmit: (e) => {
        e.preventDefault();
        rename(input.value.trim() || storedName());
        location.reload(); // the name travels in `hello`: a new connection carries it
      },
    },
    h("label", { for: "name" }, t("lobby.name"), " "),
    input,
    h("button", { type: "submit" }, t("lobby.save")),
    h("p", { class: "hint" }, t("lobby.player_hint", { player: client.player })),
  );
}

function gameCard(game, client, errorBox) {
  const [lo, hi] = game.players;
  const seats = h("select", { name: "seats", "aria-label": `${gameTitle(game)}: ${t("lobby.players")}` });
  for (let n = lo; n <= hi; n++) seats.append(h("option", { value: n, selected: n === Math.max(lo, 2) }, `${n}`));
  const selects = game.options.map((o) => {
    const sel = h("select", { name: o.name, title: optionDoc(game.name, o)[0], "aria-label": `${gameTitle(game)}: ${optionLabel(game.name, o)[0]}` });
    o.choices.forEach((c, i) => {
      const [text, english] = choiceLabel(game.name, o, c, i);
      sel.append(h("option", { value: String(c), selected: c === o.default, lang: english ? "en" : null }, text));
    });
    return { o, sel };
  });
  const priv = h("input", { type: "checkbox", name: "private" });
  const undo = h("input", { type: "checkbox", name: "undo" });
  const clock = clockChoice();
  const create = async (e) => {
    e.preventDefault();
    try {
      const room = await client.create(game.name, chosen(), Number(seats.value), priv.checked, clock.setting(), undo.checked);
      rememberRoom(room.room, game.name);
      location.hash = `#/room/${room.room}`;
    } catch (err) {
      errorBox.textContent = `${refusalWords(err)} [${err.code ?? "error"}]`;
    }
  };
  const chosen = () => Object.fromEntries(selects.map(({ o, sel }) => [o.name, o.choices[sel.selectedIndex]]));
  return h(
    "form",
    { class: "game-card", "data-game": game.name, onsubmit: create },
    h("h3", { lang: titleInEnglish(game) ? "en" : null }, gameTitle(game)),
    h("label", {}, t("lobby.players_label"), " ", seats),
    selects.length ? h("details", { class: "options", open: true }, h("summary", {}, t("lobby.options")),
      selects.map(({ o, sel }) => optionRow(game, o, sel))) : null,
    clock.el,
    h("label", {}, priv, " ", t("lobby.private")),
    h("label", {}, undo, " ", t("lobby.undo")),
    h("button", { type: "submit", class: "primary" }, t("lobby.create", { game: gameTitle(game) })),
    matchButton(game, client, errorBox, () => Number(seats.value), chosen),
  );
}

/** One option: its label, its values and its description; a text the catalogue does not
 * translate (yet) is the server's English, marked as such (lang="en"). */
function optionRow(game, o, sel) {
  const [label, labelEnglish] = optionLabel(game.name, o);
  const [doc, docEnglish] = optionDoc(game.name, o);
  return h(
    "div",
    { class: "option" },
    h("label", { title: doc }, h("span", { lang: labelEnglish ? "en" : null }, label), " ", sel),
    o.doc ? h("small", { class: "hint", lang: docEnglish ? "en" : null }, doc) : null,
  );
}

/** Quick match: wait in the matchmaker's queue for this game, count and options. */
function matchButton(game, client, errorBox, players, options) {
  let waiting = false;
  const button = h("button", { type: "button", class: "match" }, t("lobby.find_players"));
  button.addEventListener("click", async () => {
    if (waiting) {
      waiting = false;
      button.textContent = t("lobby.find_players");
      await client.unqueue(game.name, players(), options()).catch(() => {});
      return;
    }
    waiting = true;
    button.textContent = t("lobby.waiting_players");
    try {
      const room = await client.queue(game.name, players(), options(), 24 * 3600 * 1000);
      if (!waiting) return;
      rememberRoom(room.room, game.name);
      location.hash = `#/room/${room.room}`;
    } catch (err) {
      errorBox.textContent = `${refusalWords(err)} [${err.code ?? "error"}]`;
      waiting = false;
      button.textContent = t("lobby.find_players");
    }
  });
  return button;
}

/** A button that copies the room's invitation link (the table page of that room). */
export function inviteButton(room) {
  const link = `${location.origin}${location.pathname}#/room/${room}`;
  return h(
    "button",
    {
      type: "button",
      class: "invite",
      "data-link": link,
      title: t("invite.title", { link }),
      onclick: async (e) => {
        const button = e.currentTarget;
        try {
          await navigator.clipboard.writeText(link);
          button.textContent = t("invite.copied");
        } catch {
          window.prompt(t("invite.prompt"), link); // no clipboard (http, old browser)
        }
      },
    },
    t("invite.button"),
  );
}

const LISTED = new Set(["open", "playing"]);

function roomTable(all, titles) {
  // finished and abandoned rooms leave the list, whatever the server still knows of them
  const rooms = all.filter((r) => LISTED.has(r.status));
  if (!rooms.length) return h("p", { class: "hint" }, t("lobby.no_rooms"));
  const row = (r) =>
    h(
      "tr",
      { "data-room": r.room },
      h("td", {}, titles[r.game] ?? r.game),
      h("td", { class: "room-id" }, h("code", {}, r.room)),
      h("td", {}, `${r.taken}/${r.seats}`),
      h("td", {}, t(`status.${r.status}`)),
      h("td", {}, `${r.spectators}`),
      h(
        "td",
        { class: "room-actions" },
        r.status === "open" && r.taken < r.seats ? h("a", { href: `#/room/${r.room}`, class: "button" }, t("lobby.join")) : null,
        h("a", { href: `#/watch/${r.room}`, class: "button" }, t("lobby.watch")),
        r.status === "open" ? inviteButton(r.room) : null,
      ),
    );
  return h(
    "table",
    { class: "room-list" },
    h("thead", {}, h("tr", {}, [t("lobby.col_game"), t("lobby.col_room"), t("lobby.col_seats"), t("lobby.col_status"), t("lobby.col_watching"), ""].map((t, i) => h("th", { class: i === 1 ? "room-id" : null }, t)))),
    h("tbody", {}, rooms.map(row)),
  );
}

function mine() {
  const rooms = myRooms();
  if (!rooms.length) return null;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, t("lobby.your_rooms")),
    h("ul", {}, rooms.map((r) => h("li", {}, h("a", { href: `#/room/${r.room}` }, `${t(`game.${r.game}`, { defaultValue: r.game })} ${r.room}`)))),
  );
}

/** The language of the app: the browser's until one is chosen here (then remembered). */
function languagePicker() {
  const sel = h("select", { id: "language", "aria-label": t("lobby.language"), onchange: (e) => setLanguage(e.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === lang() }, name)));
  return h("p", { class: "language" }, h("label", { for: "language" }, t("lobby.language"), " "), sel);
}
