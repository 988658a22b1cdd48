// The chat panel at a table: the players' channel, which everyone reads, and for a
// spectator also the spectators' channel (players never receive it: the server keeps it
// from them). A message is text, always: it goes into the page as a text node, never as
// HTML. Each reader may mute a player; the muted player ids are kept in localStorage.
//
// The panel is built once per table page and kept across the page's redraws (the input
// keeps what is being typed); new messages redraw only its list.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { seatColour } from "./panels.js";
import { refusalWords } from "./words.js";

const MUTED = "longhall.muted";
const MAX_TEXT = 500; // the server cuts longer messages (docs/protocol.md item 9)
const SHOWN = 200; // lines drawn at most

export function mutedPlayers() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED) ?? "[]"));
  } catch {
    return new Set();
  }
}

function setMuted(player, muted) {
  const all = mutedPlayers();
  if (muted) all.add(player);
  else all.delete(player);
  localStorage.setItem(MUTED, JSON.stringify([...all]));
}

export class ChatPanel {
  constructor(client, room) {
    this.client = client;
    this.room = room;
    this.list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
    this.input = h("input", { id: "chat-input", name: "chat", maxlength: MAX_TEXT, autocomplete: "off", "data-key": "chat-input", "aria-label": t("chat.input") });
    this.error = h("p", { class: "error", id: "chat-error", role: "alert" });
    this.hint = h("p", { class: "hint chat-channel" });
    const form = h("form", { class: "chat-form", onsubmit: (e) => this.send(e) }, this.input, h("button", { type: "submit", id: "chat-send" }, t("chat.send")));
    this.el = h("section", { class: "chat", id: "chat" }, h("h3", {}, t("chat.title")), this.list, this.hint, this.error, form);
    this.off = client.on("chat", (ev) => ev.room === room && this.draw());
  }

  close() {
    this.off();
  }

  mirror() {
    return this.client.rooms.get(this.room);
  }

  /** Every readable message, oldest first (a spectator's two channels interleaved by time). */
  lines() {
    const chat = this.mirror()?.chat ?? {};
    const all = [...(chat.players ?? []), ...(chat.spectators?.map((m) => ({ ...m, spectators: true })) ?? [])];
    return all.sort((a, b) => a.at - b.at).slice(-SHOWN);
  }

  draw() {
    const mirror = this.mirror();
    if (!mirror) return;
    const watching = mirror.seat === null;
    this.hint.textContent = watching ? t("chat.spectator_channel") : t("chat.player_channel");
    const muted = mutedPlayers();
    const stick = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 30;
    this.list.replaceChildren(...this.lines().map((m) => this.line(m, muted)));
    if (stick) this.list.scrollTop = this.list.scrollHeight;
  }

  line(m, muted) {
    const mine = m.player === this.client.player;
    const who = m.name || t("chat.someone");
    const cls = `chat-line${m.spectators ? " from-spectator" : ""}${mine ? " mine" : ""}`;
    const attrs = { class: cls, "data-n": m.n, "data-player": m.player, "data-channel": m.spectators ? "spectators" : "players" };
    const muteButton = mine ? null : h("button", {
      type: "button", class: "mute", "aria-pressed": String(muted.has(m.player)),
      title: t(muted.has(m.player) ? "chat.unmute_title" : "chat.mute_title", { name: who }),
      onclick: () => { setMuted(m.player, !muted.has(m.player)); this.draw(); },
    }, t(muted.has(m.player) ? "chat.unmute" : "chat.mute"));
    if (muted.has(m.player)) return h("li", { ...attrs, class: `${cls} muted` }, h("em", {}, t("chat.muted_line", { name: who })), " ", muteButton);
    const seat = m.seat === null || m.seat === undefined ? null : m.seat;
    return h(
      "li",
      { ...attrs, style: seat === null ? null : `--seat:${seatColour(seat)}` },
      h("strong", { class: "chat-name" }, who),
      m.spectators ? h("span", { class: "chat-tag" }, ` ${t("chat.spectator_tag")}`) : null,
      ": ",
      h("span", { class: "chat-text" }, m.text), // a text node: markup in a message stays text
      " ",
      muteButton,
    );
  }

  async send(e) {
    e.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    this.error.textContent = "";
    try {
      await this.client.chat(this.room, text);
      this.input.value = "";
    } catch (err) {
      this.error.textContent = `${refusalWords(err)} [${err.code ?? "error"}]`;
    }
  }
}
