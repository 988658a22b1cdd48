// The lobby: who you are, the games and their options, open rooms live, your rooms.
//
// Rooms come from GET /api/rooms (public rooms: game, seats, status, spectators), polled
// every two seconds while the lobby is shown. The rooms you created or joined are kept
// in localStorage so you can go back to them. Playing happens on the table page.

import { h } from "./dom.js";
import { rename, storedName } from "./session.js";
import { choiceLabel, optionLabel } from "./words.js";

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
  const roomsBox = h("div", { id: "rooms", class: "rooms", "aria-live": "polite" }, "Loading rooms…");
  const gamesBox = h("div", { class: "games" }, "Loading games…");
  const errorBox = h("p", { class: "error", role: "alert" });
  app.append(
    h("section", { class: "panel" }, h("h2", {}, "You"), identityForm(client)),
    h("section", { class: "panel" }, h("h2", {}, "Open rooms"), roomsBox),
    h("section", { class: "panel" }, h("h2", {}, "New room"), errorBox, gamesBox),
  );
  const yours = mine();
  if (yours) app.append(yours);
  let titles = {};
  fetch("api/games")
    .then((r) => r.json())
    .then((games) => {
      titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
      gamesBox.replaceChildren(...games.map((g) => gameCard(g, client, errorBox)));
    });
  const poll = async () => {
    try {
      const rooms = await (await fetch("api/rooms")).json();
      roomsBox.replaceChildren(roomTable(rooms, titles));
    } catch {
      roomsBox.textContent = "The room list is not available right now.";
    }
  };
  poll();
  const timer = setInterval(poll, POLL_MS);
  return () => clearInterval(timer);
}

function identityForm(client) {
  const input = h("input", { id: "name", value: storedName(), maxlength: 40, "aria-label": "your name" });
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
    h("label", { for: "name" }, "Name "),
    input,
    h("button", { type: "submit" }, "Save"),
    h("p", { class: "hint" }, `Player ${client.player}. This browser keeps your token: a reload is the same player.`),
  );
}

function gameCard(game, client, errorBox) {
  const [lo, hi] = game.players;
  const seats = h("select", { name: "seats", "aria-label": `${game.title}: players` });
  for (let n = lo; n <= hi; n++) seats.append(h("option", { value: n, selected: n === Math.max(lo, 2) }, `${n}`));
  const selects = game.options.map((o) => {
    const sel = h("select", { name: o.name, title: o.doc, "aria-label": `${game.title}: ${optionLabel(o)}` });
    o.choices.forEach((c, i) => sel.append(h("option", { value: String(c), selected: c === o.default }, choiceLabel(o, c, i))));
    return { o, sel };
  });
  const priv = h("input", { type: "checkbox", name: "private" });
  const create = async (e) => {
    e.preventDefault();
    try {
      const room = await client.create(game.name, chosen(), Number(seats.value), priv.checked);
      rememberRoom(room.room, game.name);
      location.hash = `#/room/${room.room}`;
    } catch (err) {
      errorBox.textContent = `${err.code ?? "error"}: ${err.detail ?? err.message}`;
    }
  };
  const chosen = () => Object.fromEntries(selects.map(({ o, sel }) => [o.name, o.choices[sel.selectedIndex]]));
  return h(
    "form",
    { class: "game-card", "data-game": game.name, onsubmit: create },
    h("h3", {}, game.title),
    h("label", {}, "Players ", seats),
    selects.length ? h("details", { class: "options", open: true }, h("summary", {}, "Options"),
      selects.map(({ o, sel }) => h("div", { class: "option" }, h("label", { title: o.doc }, `${optionLabel(o)} `, sel), o.doc ? h("small", { class: "hint" }, o.doc) : null))) : null,
    h("label", {}, priv, " private"),
    h("button", { type: "submit", class: "primary" }, `Create ${game.title} room`),
    matchButton(game, client, errorBox, () => Number(seats.value), chosen),
  );
}

/** Quick match: wait in the matchmaker's queue for this game, count and options. */
function matchButton(game, client, errorBox, players, options) {
  let waiting = false;
  const button = h("button", { type: "button", class: "match" }, "Find players");
  button.addEventListener("click", async () => {
    if (waiting) {
      waiting = false;
      button.textContent = "Find players";
      await client.unqueue(game.name, players(), options()).catch(() => {});
      return;
    }
    waiting = true;
    button.textContent = "Waiting for players… (cancel)";
    try {
      const room = await client.queue(game.name, players(), options(), 24 * 3600 * 1000);
      if (!waiting) return;
      rememberRoom(room.room, game.name);
      location.hash = `#/room/${room.room}`;
    } catch (err) {
      errorBox.textContent = `${err.code ?? "error"}: ${err.detail ?? err.message}`;
      waiting = false;
      button.textContent = "Find players";
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
      title: `Copy the invitation link: ${link}`,
      onclick: async (e) => {
        const button = e.currentTarget;
        try {
          await navigator.clipboard.writeText(link);
          button.textContent = "Link copied";
        } catch {
          window.prompt("Copy this invitation link", link); // no clipboard (http, old browser)
        }
      },
    },
    "Copy invite link",
  );
}

const LISTED = new Set(["open", "playing"]);

function roomTable(all, titles) {
  // finished and abandoned rooms leave the list, whatever the server still knows of them
  const rooms = all.filter((r) => LISTED.has(r.status));
  if (!rooms.length) return h("p", { class: "hint" }, "No open rooms yet: create one below.");
  const row = (r) =>
    h(
      "tr",
      { "data-room": r.room },
      h("td", {}, titles[r.game] ?? r.game),
      h("td", { class: "room-id" }, h("code", {}, r.room)),
      h("td", {}, `${r.taken}/${r.seats}`),
      h("td", {}, r.status),
      h("td", {}, `${r.spectators}`),
      h(
        "td",
        { class: "room-actions" },
        r.status === "open" && r.taken < r.seats ? h("a", { href: `#/room/${r.room}`, class: "button" }, "Join") : null,
        h("a", { href: `#/watch/${r.room}`, class: "button" }, "Watch"),
        r.status === "open" ? inviteButton(r.room) : null,
      ),
    );
  return h(
    "table",
    { class: "room-list" },
    h("thead", {}, h("tr", {}, ["Game", "Room", "Seats", "Status", "Watching", ""].map((t, i) => h("th", { class: i === 1 ? "room-id" : null }, t)))),
    h("tbody", {}, rooms.map(row)),
  );
}

function mine() {
  const rooms = myRooms();
  if (!rooms.length) return null;
  return h(
    "section",
    { class: "panel" },
    h("h2", {}, "Your rooms"),
    h("ul", {}, rooms.map((r) => h("li", {}, h("a", { href: `#/room/${r.room}` }, `${r.game} ${r.room}`)))),
  );
}
