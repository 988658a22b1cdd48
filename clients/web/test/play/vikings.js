// How the Vikings browser scenarios decide: one click on a random board element that
// offers a decision (a bid stepped up a little before it is confirmed). Shared by
// vikings.play.js and the click → redraw bench (../redraw/play.js).

import assert from "node:assert/strict";
import * as c from "./common.js";

const CHOICES = "#board .choice, #board .choice-button, #board .stepper .confirm, #board .stepper .pass";

/** One decision by clicking a random board element that offers one. */
export async function decide(page, rand) {
  let at = await c.pick(page, CHOICES, rand());
  assert.ok(at.n > 0, "the board offers a decision");
  const before = at.seq;
  if (at.cls.includes("confirm")) {
    // step the bid up a little first: every amount is reachable by the stepper
    for (let up = Math.floor(rand() * 3); up > 0; up--) {
      const more = await c.pick(page, "#board .stepper.bid .step[aria-label=more]", 0);
      if (!more.n) break;
      await c.clickAt(page, more);
    }
    at = await c.pick(page, "#board .stepper.bid .confirm", 0);
  }
  await c.clickAndWait(page, at, before);
}
