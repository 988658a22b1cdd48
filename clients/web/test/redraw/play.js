// The click → redraw bench's player (python -m bench.redraw runs it): plays each game
// named by clicks on its board in headless Chromium against the node at LONGHALL_HTTP,
// two players (seat 1 on a 1280×800 desktop screen, seat 2 on a 390×844 phone) with the
// plain list of decisions hidden, as the browser tests play it and with their helpers;
// prints one JSON line per game: every decision's click → redraw sample (../play/redraw.js).
//
//   node test/redraw/play.js [--games feast,vikings,hunters] [--decisions 40] [--seed 1]

import { parseArgs } from "node:util";
import { openRoom as openFeast, playClicks, seeded } from "../feast/clicks.js";
import * as c from "../play/common.js";
import * as hunters from "../play/hunters.js";
import { redraws } from "../play/redraw.js";
import * as vikings from "../play/vikings.js";

const { values: opts } = parseArgs({
  options: { games: { type: "string", default: "feast,vikings,hunters" }, decisions: { type: "string", default: "40" }, seed: { type: "string", default: "1" } },
});
const N = Number(opts.decisions);
const SEED = Number(opts.seed);

/** `decide(page, rand)` on whichever page must decide, `N` times (or until the game ends). */
async function byTurns(pages, decide) {
  const rand = seeded(SEED);
  let made = 0;
  for (; made < N; made++) {
    const page = await c.actingPage(pages);
    if (!page) break;
    await decide(page, rand);
  }
  return made;
}

const PLAY = {
  feast: async (a, b) => {
    await openFeast(a, [b]);
    return playClicks([a, b], N, seeded(SEED));
  },
  vikings: async (a, b) => {
    await c.openRoom("vikings", a, b, null, { variant: "advanced" });
    return byTurns([a, b], (page, rand) => vikings.decide(page, rand));
  },
  hunters: async (a, b) => {
    await c.openRoom("hunters", a, b, null);
    const stats = { rotations: 0, previews: 0, figures: 0 };
    return byTurns([a, b], (page, rand) => hunters.decide(page, rand, stats));
  },
};

const browser = await c.launch();
try {
  for (const game of opts.games.split(",")) {
    const errors = [];
    const a = await c.newPage(browser, c.DESKTOP, errors);
    const b = await c.newPage(browser, c.PHONE, errors);
    try {
      const made = await PLAY[game](a, b);
      const samples = [...redraws(a), ...redraws(b)];
      console.log(JSON.stringify({ game, decisions: made, samples, errors }));
    } finally {
      await Promise.all([a, b].map((p) => p.context().close()));
    }
  }
} finally {
  await browser.close();
}
