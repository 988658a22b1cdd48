// "Your turn in N games" in the app's header, on every page once connected, and a link to
// the next game where it is your turn — from a table too, so a player with many games
// goes from one to the next in one click each. The count comes from the games list
// (my_games.js), read when the page changes, when a room this tab follows moves on (once
// a second at most) and every 15 seconds. Off a table the tab's title says it as well; at
// a table the title is the table's (turn_signal.js).

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { gamesOf } from "./my_games.js";

const POLL_MS = 15000;
const TITLE = "Longhall";

/** Keep the header's count of `client`'s games (once per tab: later calls do nothing). */
export function watchTurns(client) {
  const el = document.getElementById("turns");
  if (!el || el.dataset.watching) return;
  el.dataset.watching = "yes";
  el.setAttribute("aria-label", t("games.title"));
  let waiting = null; // rooms in play where it is your turn, newest change first (null: not read yet)
  let soon = null;
  const look = async () => {
    try {
      const said = await gamesOf(client);
      waiting = said.games.filter((g) => g.your_turn && g.status === "playing").map((g) => g.room);
    } catch {
      return; // offline for now: the next look
    }
    draw(el, waiting);
  };
  window.addEventListener("hashchange", () => {
    if (waiting) draw(el, waiting);
    look();
  });
  client.on("view", () => (soon ??= setTimeout(() => ((soon = null), look()), 1000)));
  setInterval(look, POLL_MS);
  look();
}

const roomShown = () => location.hash.match(/^#\/(?:room|watch)\/([\w-]+)/)?.[1] ?? null;

/** The room after the one shown among those waiting for you (from the first when none is shown). */
function nextOf(waiting, here) {
  const others = waiting.filter((r) => r !== here);
  if (!others.length) return null;
  const at = waiting.indexOf(here);
  return at < 0 ? waiting[0] : waiting[(at + 1) % waiting.length];
}

function draw(el, waiting) {
  const here = roomShown();
  const count = waiting.length;
  const next = nextOf(waiting, here);
  el.dataset.count = String(count);
  const link = h("a", { href: "#/games", id: "to-games", class: count ? "turns-count waiting" : "turns-count" },
    count ? t("turns.count", { count }) : t("games.title"));
  const onward = next && h("a", { href: `#/room/${next}`, id: "next-turn", class: "button next-turn", title: t("turns.next_title") }, t("turns.next"));
  el.replaceChildren(...(onward ? [link, onward] : [link]));
  if (!here) document.title = count ? `${t("turns.count", { count })} · ${TITLE}` : TITLE;
}
