// Undo within a turn in headless Chromium (issue #13): a room created with undo from the
// lobby; the seat that just decided gets an Undo button, the other seat none; a click
// takes the decision back (the log says so) and the seat decides again.
// tests/web/test_undo_browser.py runs this with LONGHALL_HTTP set.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { DESKTOP, HTTP, SHOTS, actingPage, launch, newPage, openRoom, skip, table } from "../play/common.js";

let browser;
const errors = [];
before(async () => {
  if (!HTTP) return;
  browser = await launch();
});
after(async () => browser?.close());

test("the seat that just decided takes it back with the Undo button", { skip, timeout: 60000 }, async () => {
  const [a, b] = await Promise.all([0, 1].map(() => newPage(browser, DESKTOP, errors, { hideList: false })));
  await openRoom("hunters", a, b, null, { undo: true });

  const p = await actingPage([a, b]);
  const other = p === a ? b : a;
  assert.equal(await p.locator("#undo").count(), 0, "nothing to take back before a decision");
  const seq = Number(await table(p).getAttribute("data-seq"));
  await p.locator('#legal .move[data-index="0"]').click(); // H-17: lay the tile; the seat still decides
  await p.locator("#undo").waitFor();
  await other.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) > s, seq);
  assert.equal(await other.locator("#undo").count(), 0, "only the seat that decided may take it back");
  await p.screenshot({ path: `${SHOTS}undo-button.png` });
  await p.locator("#undo").click();
  await p.waitForFunction((s) => Number(document.querySelector(".table-page").dataset.seq) === s + 2, seq);
  await p.locator("#undo").waitFor({ state: "detached" });
  const log = await p.locator("#log li").allTextContents();
  assert.ok(log.some((x) => x.endsWith("took back a decision")), log.join(" | "));
  // the tile is in hand again: the same decisions as before the first one are offered
  await p.waitForFunction(() => Number(document.querySelector(".table-page").dataset.legal) > 0);
  assert.equal(await p.locator('#legal .move[data-index="0"]').count(), 1);
  assert.deepEqual(errors, []);
  await Promise.all([a, b].map((x) => x.context().close()));
});
