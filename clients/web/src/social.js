// Players among themselves (server/social/): on a finished table "play again" (a rematch:
// the same game, options and clock, seats rotated; started when every seat says yes, then
// each player's page moves to the new room), on a table not started an invitation to a
// friend or a player met before, on any table the other players with Follow, Block and
// Report; anywhere in the app the invitations that came (told by the server, and those
// kept while this player was away), and the friends page (#/friends): who is online and
// where they play, who is blocked.
//
// Follows, blocks, invitations and reports are the node's HTTP routes with this player's
// token (docs/openapi.yaml); rematches and invitations sent are websocket messages of the
// client. What it leaves out: anything the server does not keep — the players met at
// tables are remembered by this browser only (localStorage), to offer them as invitees.

import { h } from "./dom.js";
import { list, t } from "./i18n/index.js";
import { gameTitle, refusalWords } from "./words.js";

const SEEN = "longhall.seen"; // player id -> name, of players met at tables
const SEEN_MOST = 50;
const titled = (name) => gameTitle({ name, title: name }); // the game's title in the player's language

/** A call of the node's social routes as this player; the answer's JSON, or a thrown refusal. */
async function call(client, method, path, body = null) {
  const headers = { Authorization: `Bearer ${client.token}` };
  if (body) headers["Content-Type"] = "application/json";
  const r = await fetch(`api/${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw Object.assign(new Error(data.detail ?? r.statusText), { code: data.error ?? String(r.status), detail: data.detail });
  return data;
}

function seen() {
  try {
    return JSON.parse(localStorage.getItem(SEEN) ?? "{}");
  } catch {
    return {};
  }
}

/** Remember the other human players of a table, newest last, for invitations later. */
function remember(seats, me) {
  const kept = seen();
  for (const s of seats ?? []) {
    if (!s || s.bot || s.player === me) continue;
    delete kept[s.player];
    kept[s.player] = s.name;
  }
  const ids = Object.keys(kept);
  for (const id of ids.slice(0, Math.max(0, ids.length - SEEN_MOST))) delete kept[id];
  try {
    localStorage.setItem(SEEN, JSON.stringify(kept));
  } catch {
    // storage full or off: nobody is offered from memory
  }
}

/** Who this player follows and blocks, read once per page and kept up to date by its own changes. */
class Relations {
  constructor(client, changed) {
    this.client = client;
    this.changed = changed;
    this.friends = new Map(); // player -> {name, mutual, online, room, game}
    this.blocks = new Map(); // player -> name
  }

  async load() {
    try {
      const [f, b] = await Promise.all([call(this.client, "GET", "friends"), call(this.client, "GET", "blocks")]);
      this.friends = new Map(f.friends.map((x) => [x.player, x]));
      this.blocks = new Map(b.blocks.map((x) => [x.player, x.name]));
      this.changed();
    } catch {
      // offline or starting: the buttons say "follow" and "block" until the next page
    }
  }

  async follow(player, name) {
    if (this.friends.has(player)) {
      await call(this.client, "DELETE", `friends/${player}`);
      this.friends.delete(player);
    } else {
      await call(this.client, "PUT", `friends/${player}`, { name });
      this.friends.set(player, { player, name, mutual: false, online: false, room: null, game: null });
    }
    this.changed();
  }

  async block(player, name) {
    if (this.blocks.has(player)) {
      await call(this.client, "DELETE", `blocks/${player}`);
      this.blocks.delete(player);
    } else {
      await call(this.client, "PUT", `blocks/${player}`, { name });
      this.blocks.set(player, name);
    }
    this.changed();
  }
}

/** The table page's part: the rematch, invitations out, the other players' buttons. */
export class TableSocial {
  constructor(client, room, redraw) {
    this.client = client;
    this.room = room;
    this.redraw = redraw;
    this.rematch = client.rematches.get(room) ?? null;
    this.said = ""; // the outcome of the latest action, in words
    this.invite = { typed: "", picked: "" }; // the invitation being written: kept across redraws
    this.relations = new Relations(client, redraw);
    this.relations.load();
    this.off = client.on("rematch", (msg) => msg.room === room && this.onRematch(msg));
  }

  close() {
    this.off();
  }

  onRematch(msg) {
    this.rematch = msg;
    const mine = msg.seats.some((s) => s.player === this.client.player);
    if (msg.state === "started" && mine && this.seated) {
      location.hash = `#/room/${msg.new}`; // the seat is held there: the table opens on it
      return;
    }
    this.redraw();
  }

  async act(work) {
    this.said = "";
    try {
      this.said = (await work()) ?? "";
    } catch (err) {
      this.said = `${refusalWords(err)} [${err.code ?? "error"}]`;
    }
    this.redraw();
  }

  /** The section below the table's bars: what may be done with the other players now. */
  panel(v, you) {
    this.seated = you !== null;
    remember(v.seats, this.client.player);
    return h(
      "section",
      { class: "social", id: "social" },
      v.status === "over" ? this.rematchBar(you) : null,
      v.status === "open" && you !== null ? this.inviteForm(v) : null,
      this.players(v),
      this.said ? h("p", { class: "hint", id: "social-said", role: "status" }, this.said) : null,
    );
  }

  rematchBar(you) {
    const r = this.rematch;
    const me = this.client.player;
    const offer = () => this.act(async () => void (await this.client.rematch(this.room)));
    const decline = () => this.act(async () => void (await this.client.rematch(this.room, false)));
    const bar = (...children) => h("div", { class: "actions rematch", id: "rematch-bar", "data-state": r?.state ?? "" }, ...children);
    if (!r) return you === null ? null : bar(h("button", { class: "primary", id: "rematch", onclick: offer }, t("social.rematch")));
    const humans = r.seats.filter((s) => !s.bot);
    const count = { yes: r.accepted.length, of: humans.length };
    if (r.state === "started") {
      return bar(h("a", { class: "button primary", id: "rematch-open", href: `#/${you === null ? "watch" : "room"}/${r.new}` }, t("social.rematch_open")));
    }
    if (r.state === "declined") {
      const by = r.seats.find((s) => s.player === r.by)?.name ?? "";
      return bar(h("span", { id: "rematch-state" }, t("social.rematch_declined", { name: by })));
    }
    if (r.state === "expired") return bar(h("span", { id: "rematch-state" }, t("social.rematch_expired")));
    const waiting = h("span", { id: "rematch-state" }, t("social.rematch_waiting", count));
    if (you === null || r.accepted.includes(me)) return bar(waiting);
    const asking = list(r.seats.filter((s) => r.accepted.includes(s.player)).map((s) => s.name));
    return bar(
      h("span", { id: "rematch-state" }, t("social.rematch_offered", { who: asking, ...count })),
      h("button", { class: "primary", id: "rematch-accept", onclick: offer }, t("social.rematch_accept")),
      h("button", { id: "rematch-decline", onclick: decline }, t("social.rematch_decline")),
    );
  }

  /** Invite a friend, a player met before, or anyone by id, to this table not started. */
  inviteForm(v) {
    const here = new Set((v.seats ?? []).filter(Boolean).map((s) => s.player));
    const known = new Map(Object.entries(seen()).reverse());
    for (const [p, f] of this.relations.friends) known.set(p, f.name);
    const choices = [...known].filter(([p]) => !here.has(p) && !this.relations.blocks.has(p));
    // the page is drawn anew whenever anything changes (a player sits down, the relations
    // arrive): what is being written is kept here, and the field keeps its focus (data-key)
    const kept = this.invite;
    const pick = h("select", { id: "invite-who", "data-key": "invite-who", "aria-label": t("social.invite_who"), onchange: (e) => (kept.picked = e.target.value) },
      h("option", { value: "" }, t("social.invite_pick")),
      choices.map(([p, name]) => h("option", { value: p, selected: p === kept.picked }, this.relations.friends.get(p)?.mutual ? t("social.friend_name", { name }) : name)));
    const typed = h("input", { id: "invite-id", "data-key": "invite-id", value: kept.typed || null, placeholder: t("social.invite_id"), "aria-label": t("social.invite_id"), maxlength: 64,
      oninput: (e) => (kept.typed = e.target.value) });
    const send = (e) => {
      e.preventDefault();
      const player = typed.value.trim() || pick.value;
      if (!player) return;
      this.act(async () => {
        const told = await this.client.invite(this.room, player);
        this.invite = { typed: "", picked: "" };
        return told ? t("social.invite_told") : t("social.invite_kept");
      });
    };
    return h("form", { class: "actions invite", id: "invite", onsubmit: send },
      h("label", {}, t("social.invite"), " ", pick), typed, h("button", { type: "submit", id: "invite-send" }, t("social.invite_send")));
  }

  /** The other human players at the table, each with Follow, Block and Report. */
  players(v) {
    const others = (v.seats ?? []).filter((s) => s && !s.bot && s.player !== this.client.player);
    if (!others.length) return null;
    const rel = this.relations;
    const report = (s) => {
      const reason = prompt(t("social.report_reason", { name: s.name }));
      if (!reason?.trim()) return;
      this.act(async () => {
        await call(this.client, "POST", "reports", { player: s.player, name: s.name, room: this.room, reason: reason.trim() });
        return t("social.reported", { name: s.name });
      });
    };
    return h("ul", { class: "social-players", id: "social-players" },
      others.map((s) => h("li", { "data-player": s.player },
        h("span", { class: "name" }, s.name), " ",
        h("button", { class: "follow", "data-player": s.player, onclick: () => this.act(() => rel.follow(s.player, s.name)) },
          rel.friends.has(s.player) ? t("social.unfollow") : t("social.follow")),
        h("button", { class: "block", "data-player": s.player, onclick: () => this.act(() => rel.block(s.player, s.name)) },
          rel.blocks.has(s.player) ? t("social.unblock") : t("social.block")),
        h("button", { class: "report", "data-player": s.player, onclick: () => report(s) }, t("social.report")),
      )));
  }
}

/** The invitations of this player, shown on every page: those kept while away, then each
 * one the server tells; accepting opens the room's table, which takes the seat. */
export function watchInvitations(client) {
  const box = h("aside", { class: "invitations", id: "invitations", "aria-live": "polite" });
  document.body.append(box);
  const held = new Map(); // room -> invitation
  const draw = () => {
    box.replaceChildren(...[...held.values()].map((i) => h("div", { class: "invitation", "data-room": i.room },
      h("span", {}, t("social.invited", { name: i.name, game: titled(i.game) })), " ",
      h("a", { class: "button primary accept-invite", href: `#/room/${i.room}`, onclick: () => (held.delete(i.room), draw()) }, t("social.invite_accept")),
      h("button", { class: "decline-invite", onclick: () => decline(i.room) }, t("social.invite_decline")))));
  };
  const decline = async (room) => {
    held.delete(room);
    draw();
    await call(client, "DELETE", `invitations/${room}`).catch(() => {});
  };
  client.on("invited", (i) => {
    held.set(i.room, i);
    draw();
  });
  call(client, "GET", "invitations").then((got) => {
    for (const i of got.invitations.reverse()) held.set(i.room, i);
    draw();
  }, () => {});
  // a room the player has opened is an invitation taken up (the server drops it on the join)
  window.addEventListener("hashchange", () => {
    const m = location.hash.match(/^#\/room\/([\w-]+)/);
    if (m && held.delete(m[1])) draw();
  });
}

/** #/friends: who this player follows (friends online first, and where they play), who
 * they block (with Unblock). Resolves to a function that tears the page down. */
export function showFriends(app, client) {
  const relations = new Relations(client, () => draw());
  const draw = () => {
    const friends = [...relations.friends.values()];
    const blocked = [...relations.blocks];
    app.replaceChildren(h("section", { class: "friends-page", id: "friends-page" },
      h("h2", {}, t("social.friends")),
      friends.length ? h("ul", { id: "friends" }, friends.map((f) => h("li", { "data-player": f.player, "data-online": String(f.online) },
        h("span", { class: "name" }, f.name), " ",
        h("span", { class: "tag" }, !f.mutual ? t("social.following") : f.online ? t("social.online") : t("social.offline")),
        f.room ? h("a", { class: "watch-friend", href: `#/watch/${f.room}` }, " ", t("social.playing", { game: titled(f.game) })) : null, " ",
        h("button", { class: "follow", onclick: () => relations.follow(f.player, f.name) }, t("social.unfollow")))))
        : h("p", { class: "hint" }, t("social.no_friends")),
      h("h3", {}, t("social.blocked")),
      blocked.length ? h("ul", { id: "blocked" }, blocked.map(([p, name]) => h("li", { "data-player": p },
        h("span", { class: "name" }, name), " ",
        h("button", { class: "unblock", "data-player": p, onclick: () => relations.block(p, name) }, t("social.unblock")))))
        : h("p", { class: "hint" }, t("social.none_blocked")),
      h("p", {}, h("a", { href: "#/", class: "button" }, t("table.lobby")))));
  };
  app.replaceChildren(h("p", { class: "hint" }, t("social.loading")));
  relations.load();
  const timer = setInterval(() => relations.load(), 15000); // who is online changes
  return () => clearInterval(timer);
}
