// High Card, the test game (tests/toygame.py): hands, bids, the trick, as cards drawn in
// SVG. Only the test build has it (main.js beside this module): its renderer, its
// sentences and its words (highcard.json) are added to the app before it starts, so the
// product bundle carries nothing of a game it does not host.

import { clickable, svg } from "../../src/dom.js";
import { addGame } from "../../src/games/index.js";
import { addWords, t as tr } from "../../src/i18n/index.js";
import { seatColour } from "../../src/panels.js";
import WORDS from "./highcard.json";

addWords(WORDS);

function card(x, y, n, opts = {}) {
  return svg(
    "g",
    { transform: `translate(${x},${y})`, class: "card", ...opts },
    svg("rect", { width: 44, height: 64, rx: 6, fill: n ? "#fffdf5" : "#4a6fa5", stroke: "#333" }),
    n ? svg("text", { x: 22, y: 40, "text-anchor": "middle", "font-size": 22, "font-weight": "bold" }, n) : null,
  );
}

const highcard = {
  title: tr("title.highcard"),
  prompt(t) {
    return t.phase === "bid" ? tr("highcard.ask.bid") : t.phase === "play" ? tr("highcard.ask.play") : "";
  },
  scores(t) {
    return t.tricks.map((n) => tr("highcard.tricks", { n }));
  },
  draw(t, ctx) {
    const s = svg("svg", { viewBox: "0 0 520 260", class: "board-svg", role: "img", "aria-label": tr("highcard.table") });
    t.hand_sizes.forEach((size, seat) => {
      const y = 10 + seat * 60;
      s.append(svg("text", { x: 4, y: y + 20, fill: seatColour(seat), "font-size": 14 }, ctx.names[seat]));
      const bid = t.bids ? tr("highcard.bid", { n: t.bids[seat] }) : t.bid_in[seat] ? tr("highcard.bid_in") : "";
      s.append(svg("text", { x: 4, y: y + 38, "font-size": 12, "data-path": `/table/bid_in/${seat}` }, tr("highcard.line", { bid, n: t.tricks[seat] })));
    });
    if (t.hand) {
      t.hand.forEach((n, i) => {
        const el = card(120 + i * 52, 186, n, { "data-path": `/table/hand/${i}` });
        const move = ctx.legal.find((m) => m.type === "play" && m.card === n);
        if (move) clickable(el, tr("highcard.play", { n }), () => ctx.play(move));
        s.append(el);
      });
    }
    t.trick.forEach(([seat, n], i) => {
      s.append(card(300 + i * 52, 40, n, { "data-path": `/table/trick/${i}` }));
      s.append(svg("rect", { x: 300 + i * 52, y: 106, width: 44, height: 4, fill: seatColour(seat) }));
    });
    return s;
  },
};

addGame("highcard", highcard, {
  "highcard.bid": (d) => (d.n === undefined ? tr("say.highcard.secret") : tr("say.highcard.bid", { count: d.n })),
  "highcard.play": (d) => tr("say.highcard.play", { card: d.card }),
});
