// The host's controls of an open room: seat a bot (of any level) on a free seat,
// remove a bot or a player again (`add_bot`, `kick`), and let a removed player back in
// (`unban`: a removed player is banned from the seats until then; docs/protocol.md item 2).
// Only the host sees them, only before the start.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";

// every level the server takes (server.play.bots.LEVELS), in its players' words
const LEVELS = () => [["random", t("bots.level.random")], ["greedy", t("bots.level.greedy")], ["easy", t("versus.easy")],
  ["medium", t("versus.medium")], ["strong", t("versus.strong")]];

/** The bot bar of an open room for its host, or null. `act(fn, label)` runs a request and
 * shows a refusal; `ui.botLevel` keeps the chosen level across redraws. */
export function botBar(v, client, room, act, ui) {
  if (v.status !== "open" || !client.player || v.host !== client.player) return null;
  const seats = v.seats ?? [];
  const free = seats.map((s, i) => (s ? null : i)).filter((i) => i !== null);
  const bots = seats.map((s, i) => (s?.bot ? i : null)).filter((i) => i !== null);
  const people = seats.map((s, i) => (s && !s.bot && s.player !== client.player ? i : null)).filter((i) => i !== null);
  const banned = v.banned ?? [];
  if (!free.length && !bots.length && !people.length && !banned.length) return null;
  const level = h("select", { id: "bot-level", "data-key": "bot-level", "aria-label": t("bots.level"), onchange: (e) => (ui.botLevel = e.target.value) },
    LEVELS().map(([l, words]) => h("option", { value: l, selected: l === (ui.botLevel ?? "random") }, words)));
  return h(
    "div",
    { class: "actions bot-bar", id: "bots" },
    free.length ? h("label", {}, t("bots.level"), " ", level) : null,
    free.map((seat) =>
      h("button", { type: "button", class: "add-bot", "data-seat": seat, "data-key": `add-bot-${seat}`,
        onclick: () => act(() => client.addBot(room, seat, level.value), t("bots.add_label")) },
      t("bots.add", { n: seat + 1 })),
    ),
    bots.map((seat) =>
      h("button", { type: "button", class: "remove-bot", "data-seat": seat, "data-key": `remove-bot-${seat}`,
        onclick: () => act(() => client.kick(room, seat), t("bots.remove_label")) },
      t("bots.remove", { name: seats[seat].name, n: seat + 1 })),
    ),
    people.map((seat) =>
      h("button", { type: "button", class: "remove-player", "data-seat": seat, "data-key": `remove-player-${seat}`,
        onclick: () => act(() => client.kick(room, seat), t("host.remove_label")) },
      t("host.remove", { name: seats[seat].name, n: seat + 1 })),
    ),
    banned.length
      ? h("p", { class: "hint banned", id: "banned" }, t("host.banned", { who: banned.map((b) => b.name).join(", ") }), " ",
        banned.map((b) =>
          h("button", { type: "button", class: "unban", "data-player": b.player, "data-key": `unban-${b.player}`,
            onclick: () => act(() => client.unban(room, b.player), t("host.unban_label")) },
          t("host.unban", { name: b.name })),
        ))
      : null,
  );
}
