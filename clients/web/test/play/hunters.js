// How the Hunters & Gatherers browser scenarios decide, by clicks on the board: a marked
// square, a few turns, placing by the button or the preview; or a figure's spot, or none.
// Shared by hunters.play.js and the click → redraw bench (../redraw/play.js).

import assert from "node:assert/strict";
import * as c from "./common.js";

/** Pick a board element at `r`; when it lies outside the map's view, "Fit" first. */
async function pickInView(page, selector, r) {
  let at = await c.pick(page, selector, r);
  if (at.n && at.outside) {
    await c.clickAt(page, await c.pick(page, "#board .board-tools .fit", 0));
    at = await c.pick(page, selector, r);
  }
  return at;
}

/** Squares and placements are named from the starting tile, as the log names them. */
export async function squaresInWords(page) {
  const names = [...(await page.locator("#board [data-square]").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))), ...(await page.locator("#legal .move").allTextContents())];
  for (const s of names) assert.doesNotMatch(s, /\(-?\d+, -?\d+\)|\d+°/, `coordinates in “${s}”`);
  assert.ok(names.every((s) => !/^choose/.test(s) || /starting tile/.test(s)), "a square is named from the starting tile");
}

/** One decision by clicks on the board: a square, rotations, place; or a figure spot.
 * `squares(page)` is awaited when squares are offered, before any click (a check). */
export async function decide(page, rand, stats, squares = null) {
  const square = await pickInView(page, "#board [data-square]", rand());
  const before = square.seq;
  if (square.n) {
    await squares?.(page);
    await c.clickAt(page, square);
    for (let turns = Math.floor(rand() * 3); turns > 0; turns--) {
      await c.clickAt(page, await c.pick(page, "#board #rotate", 0));
      stats.rotations += 1;
    }
    const byPreview = rand() < 0.5; // the preview itself places the tile, as does the button
    if (byPreview) stats.previews += 1;
    return c.clickAndWait(page, await pickInView(page, byPreview ? "#board [data-preview]" : "#board #place", 0), before);
  }
  const spot = await pickInView(page, "#board [data-segment], #board #pass", rand());
  assert.ok(spot.n > 0, "the board offers a decision");
  if (spot.segment) stats.figures += 1;
  return c.clickAndWait(page, spot, before);
}
