// The table follows the game: when this seat is asked something, the parts of the table
// the decision concerns (the banquet and supply during a feast, the home board while a
// good is laid, the action board, the mountains, the special tiles, a card…) are
// outlined, and brought into view when they are not, so the player never scrolls to find
// the decision. It moves the page once per new question (the prompt and the parts it
// concerns), so a player who scrolls away to look at something is not pulled back.
// On a phone the tab of the decision opens first (index.js), then the same applies.

// decisions open at any time (F-300): they do not say what the prompt asks about
const ANYTIME = new Set(["place", "store", "buy_ship", "arm", "use_card"]);
// the drawn parts a decision can be in; the sticky bar of chips is always in view
const PART = "svg.feast-svg, .feast-options, .feast-dice, .feast-pick, .occ-row, .feast-controls";

/** Whether `move` answers the prompt itself (rather than an anytime action). At the end
 * of the game (`end`) laying goods is what the prompt asks. */
export function answersPrompt(move, kind) {
  return !ANYTIME.has(move.type) || kind === "end";
}

/** The drawn things the question concerns: a held good's spots, else the prompt's own
 * decisions, else (only anytime ones are open) all of them. */
export function concerned(board) {
  const spots = [...board.querySelectorAll(".feast-anchors [data-anchor]")];
  if (spots.length) return spots;
  const kind = board.dataset.kind;
  // no measuring here (it would force a layout on every redraw): a phone draws only the
  // view it shows, so whatever is in the page is on screen or a scroll away
  const all = [...board.querySelectorAll("[data-move]")];
  const own = all.filter((el) => answersPrompt(JSON.parse(el.dataset.move), kind));
  return own.length ? own : all;
}

/** Outline the parts the question concerns and, once per question, bring them into view
 * (the page is measured only then). */
export function follow(root, ui, asked) {
  const board = root.querySelector(".feast");
  if (!board) return;
  board.querySelectorAll(".feast-focus").forEach((el) => el.classList.remove("feast-focus")); // kept nodes (cache.js)
  if (!asked) {
    ui.followed = null;
    return;
  }
  const parts = [...new Set(concerned(board).map((el) => el.closest(PART) ?? el))];
  if (!parts.length) return; // the decisions are not drawn yet (the legal list is on its way)
  const all = [...board.querySelectorAll(PART)];
  const key = `${board.dataset.kind}|${board.dataset.stage}|${parts.map((p) => all.indexOf(p)).join(",")}`;
  const shown = parts.filter((p) => !p.classList.contains("feast-controls"));
  shown.forEach((p) => p.classList.add("feast-focus"));
  if (key === ui.followed) return;
  ui.followed = key;
  // measured at the next frame, when the browser lays the page out to paint it anyway
  // (several redraws in one frame lay it out once); the parts marked then are the latest
  if (shown.length) requestAnimationFrame(() => reveal([...document.querySelectorAll("#board .feast-focus")], document.querySelector("#feast-controls")));
}

/** Scroll the window so that `parts` are in view below the sticky bar: all of them when
 * they fit, else the first from its top. */
function reveal(parts, bar) {
  const top = (bar ? bar.getBoundingClientRect().height : 0) + 8;
  const bottom = window.innerHeight - 8;
  const boxes = parts.map((p) => p.getBoundingClientRect()).filter((b) => b.width > 0); // not in a closed part
  if (!boxes.length) return;
  const hi = Math.min(...boxes.map((b) => b.top));
  const lo = Math.max(...boxes.map((b) => b.bottom));
  if (hi >= top && lo <= bottom) return;
  let dy;
  if (lo - hi <= bottom - top) dy = hi < top ? hi - top : lo - bottom;
  else dy = boxes[0].top - top;
  window.scrollBy({ top: dy, behavior: "instant" });
}
