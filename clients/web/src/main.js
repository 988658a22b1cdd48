// The app's entry: routes "#/" to the lobby, "#/room/ID" (or "#/watch/ID") to a table,
// "#/replay/ID" to a finished game's replay, "#/rules/GAME" to a game's rules,
// "#/leaderboard/GAME" and "#/player/ID" to the ratings (ratings.js), "#/tournaments" and
// "#/tournament/ID" to the tournaments (tournaments.js), "#/games" to your games
// (my_games.js), "#/handover/CODE" to a link from another device (handover.js), "#/tv/GAME"
// to the best live game (tv.js), "#/friends" to the friends page (social.js), whose
// invitations show on every page.
import { t } from "./i18n/index.js";
import { registerServiceWorker } from "./install.js";
import { showHandover } from "./handover.js";
import { showLobby } from "./lobby.js";
import { showGames } from "./my_games.js";
import { showLeaderboard, showPlayer } from "./ratings.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { session, showIdentity } from "./session.js";
import { showFriends, watchInvitations } from "./social.js";
import { showTable } from "./table.js";
import { showTournament, showTournaments } from "./tournaments.js";
import { showTv } from "./tv.js";
import { watchTurns } from "./turns.js";

const app = document.getElementById("app");
let leaveCurrent = () => {};
let invitationsShown = false;

async function route() {
  leaveCurrent();
  leaveCurrent = () => {};
  const rules = location.hash.match(/^#\/rules\/([\w-]+)\/?([\w-]*)/);
  if (rules) return showRules(app, rules[1], rules[2]);
  const board = location.hash.match(/^#\/leaderboard\/?([\w-]*)/);
  if (board) return showLeaderboard(app, board[1]);
  const handover = location.hash.match(/^#\/handover\/([\w-]+)/);
  if (handover) return showHandover(app, handover[1]); // before any connection: it changes who this is
  const player = location.hash.match(/^#\/player\/([\w-]+)/);
  if (player) return showPlayer(app, player[1]);
  if (/^#\/tournaments\/?$/.test(location.hash)) {
    leaveCurrent = showTournaments(app);
    return;
  }
  const replay = location.hash.match(/^#\/replay\/([\w-]+)\/?(\d*)/);
  if (replay) {
    app.replaceChildren();
    leaveCurrent = await showReplay(app, replay[1], Number(replay[2] || 0));
    return;
  }
  app.textContent = t("app.connecting");
  let client;
  try {
    client = await session();
  } catch (err) {
    app.textContent = t("app.unreachable", { error: err.message });
    return;
  }
  showIdentity(client);
  watchTurns(client);
  if (!invitationsShown) {
    invitationsShown = true;
    watchInvitations(client);
  }
  // a handle for the browser console and the browser tests: the live client of this tab
  window.longhall = { client, tryMove: null };
  const m = location.hash.match(/^#\/(room|watch)\/([\w-]+)/);
  app.replaceChildren();
  const tv = location.hash.match(/^#\/tv\/?([\w-]*)/);
  if (tv) {
    leaveCurrent = showTv(app, client, tv[1]);
    return;
  }
  if (/^#\/friends\/?$/.test(location.hash)) {
    leaveCurrent = showFriends(app, client);
    return;
  }
  const tournament = location.hash.match(/^#\/tournament\/([\w-]+)/);
  if (tournament) {
    leaveCurrent = showTournament(app, client, tournament[1]); // entering takes the player's token
    return;
  }
  if (/^#\/games\/?$/.test(location.hash)) {
    leaveCurrent = showGames(app, client);
    return;
  }
  leaveCurrent = m ? await showTable(app, client, m[2], m[1] === "watch") : showLobby(app, client);
}

window.addEventListener("hashchange", route);
route();
registerServiceWorker();
