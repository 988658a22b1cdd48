// The lobby: a new room first, then your games (status, whose turn), the open rooms
// live, and who you are (and your player on another device: handover.js); links to the
// leaderboards and your page (ratings.js), to the tournaments (tournaments.js) and to all
// your games (my_games.js).
//
// Rooms come from GET /api/rooms (public rooms: game, seats, status, spectators, rated),
// polled every two seconds while the lobby is shown. The rooms you created or joined are
// kept in localStorage so you can go back to them; your games say how each stands from
// GET /api/rooms/{id}/replay (status, seats, result), and the ones you are seated in and
// that are being played are joined, as the table joins them, for whose turn it is — live.

import { h } from "./dom.js";
import { handoverPanel } from "./handover.js";
import { LANGUAGES, lang, list, setLanguage, t } from "./i18n/index.js";
import { clockChoice } from "./lobby_clock.js";
import { notificationsPanel } from "./notifications.js";
import { ratedTag, ratingText, ratingsOf } from "./ratings.js";
import { rename, storedName } from "./session.js";
import { choiceLabel, gameTitle, optionHelp, optionLabel, refusalWords, titleInEnglish } from "./words.js";

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
  const yours = yourGames(client);
  const versusSlot = h("div", { class: "versus-slot" });
  app.append(
    h("nav", { class: "lobby-links" }, h("a", { href: "#/leaderboard/", id: "to-leaderboards" }, t("ratings.leaderboards")), " · ", h("a", { href: `#/player/${client.player}`, id: "to-my-page" }, t("ratings.my_page")),
      " · ", h("a", { href: "#/tournaments", id: "to-tournaments" }, t("tournaments.link")),
      " · ", h("a", { href: "#/tv/", id: "to-tv" }, t("tv.link")),
      " · ", h("a", { href: "#/games", id: "to-my-games" }, t("games.title")),
      " · ", h("a", { href: "#/friends", id: "to-friends" }, t("social.friends"))),
    h("section", { class: "panel" }, h("h2", {}, t("lobby.new_room")), errorBox, gamesBox),
    versusSlot,
    yours.el,
    h("section", { class: "panel" }, h("h2", {}, t("lobby.open_rooms")), roomsBox),
    h("section", { class: "panel" }, h("h2", {}, t("lobby.you")), identityForm(client), languagePicker(), notificationsPanel(client)),
    handoverPanel(client), // your player on another device
  );
  import("./versus.js").then(({ versusPanel }) => versusSlot.replaceWith(versusPanel(client))); // play against the computer
  let titles = {};
  fetch("api/games")
    .then((r) => r.json())
    .then(async (games) => {
      titles = Object.fromEntries(games.map((g) => [g.name, gameTitle(g)]));
      const mine = await Promise.all(games.map((g) => ratingsOf(g.name, true).then((all) => all.get(client.player))));
      gamesBox.replaceChildren(...games.map((g, i) => gameCard(g, client, errorBox, mine[i])));
      yours.titles(titles);
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
  return () => {
    clearInterval(timer);
    yours.close();
  };
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

function gameCard(game, client, errorBox, rating) {
  const [lo, hi] = game.players;
  const seats = h("select", { name: "seats", "aria-label": `${gameTitle(game)}: ${t("lobby.players")}` });
  for (let n = lo; n <= hi; n++) seats.append(h("option", { value: n, selected: n === Math.max(lo, 2) }, `${n}`));
  const selects = game.options.map((o) => {
    const sel = h("select", { name: o.name, title: optionHelp(game.name, o)[0], "aria-label": `${gameTitle(game)}: ${optionLabel(game.name, o)[0]}` });
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
    h("p", { class: "card-rating" }, rating ? h("span", { class: "my-rating" }, t("ratings.yours", { rating: ratingText(rating.score), n: rating.games })) : null,
      rating ? " · " : null, h("a", { href: `#/leaderboard/${game.name}`, class: "to-leaderboard" }, t("ratings.leaderboard"))),
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
  const [doc, docEnglish] = optionHelp(game.name, o);
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
      h("td", {}, t(`status.${r.status}`), " ", ratedTag(!!r.rated)),
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

/** Your games: each remembered room with its game, its status and whose turn it is. */
function yourGames(client) {
  const rooms = myRooms();
  const box = h("ul", { id: "your-games", class: "your-games" });
  const el = rooms.length ? h("section", { class: "panel" }, h("h2", {}, t("lobby.your_rooms")), box) : h("section", { hidden: true });
  const known = new Map(); // room -> what GET /api/rooms/{id}/replay said
  let titles = {};
  const draw = () => box.replaceChildren(...rooms.map((r) => gameLine(r, known.get(r.room), client, titles)));
  for (const r of rooms) {
    fetch(`api/rooms/${encodeURIComponent(r.room)}/replay`)
      .then((res) => (res.ok ? res.json() : { status: "gone" }))
      .then((said) => {
        known.set(r.room, said);
        const seated = (said.seats ?? []).some((s) => s?.player === client.player);
        if (seated && said.status === "playing" && !client.rooms.has(r.room)) client.join(r.room).then(draw, () => {});
        draw();
      })
      .catch(() => {});
  }
  const off = client.on("view", (ev) => rooms.some((r) => r.room === ev.room) && draw());
  draw();
  return { el, close: off, titles: (x) => ((titles = x), draw()) };
}

function gameLine(r, said, client, titles) {
  const mirror = client.rooms.get(r.room);
  const v = mirror?.view ?? said;
  const status = v?.status === "finished" ? "over" : v?.status ?? "unknown"; // the archive says "finished"
  const names = (v?.seats ?? []).map((s, i) => s?.name ?? t("seat.n", { n: i + 1 }));
  let turn = null;
  if (status === "playing" && mirror?.view) {
    const acting = mirror.view.to_act ?? [];
    if (mirror.seat !== null && acting.includes(mirror.seat)) turn = h("strong", { class: "your-turn" }, t("lobby.your_turn"));
    else if (acting.length) turn = t("lobby.their_turn", { who: list(acting.map((i) => names[i])) });
  } else if (status === "over") {
    const winners = (v?.result?.winners ?? []).map((i) => names[i]);
    turn = winners.length ? t("lobby.won_by", { who: list(winners) }) : null;
  }
  const known = ["open", "playing", "over", "abandoned"].includes(status);
  return h("li", { "data-room": r.room, "data-status": status },
    h("a", { href: `#/room/${r.room}` }, `${titles[r.game] ?? t(`game.${r.game}`, { defaultValue: r.game })} · ${r.room}`), " ",
    h("span", { class: "tag" }, known ? t(`status.${status}`) : t("lobby.status_unknown")),
    turn ? h("span", { class: "turn-line" }, " ", turn) : null);
}

/** The language of the app: the browser's until one is chosen here (then remembered). */
function languagePicker() {
  const sel = h("select", { id: "language", "aria-label": t("lobby.language"), onchange: (e) => setLanguage(e.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === lang() }, name)));
  return h("p", { class: "language" }, h("label", { for: "language" }, t("lobby.language"), " "), sel);
}
