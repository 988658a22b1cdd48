// Click → redraw, measured in the page the player clicks: from the click (the input
// event's own time stamp, so time the event waited for a busy page counts) to the first
// frame painted after the table drew the server's answer to it (the room's next seq).
//
// Nothing in the app measures; the test installs a recorder in the page: a capture
// listener notes each click and the seq it was made at; the JS client's "view" event
// notes when the answer arrived (decoded, applied to the mirror); a MutationObserver
// notes when the table's page first shows a later seq (the app draws a view a task after
// it arrives, diffs that came meanwhile together); a requestAnimationFrame callback then
// posts a message, which runs once that frame's style, layout and paint are done (the
// compositor's raster after it is not counted). A sample is split in three: `answer`
// (click → the answer applied to the mirror: the network, the server, decoding),
// `draw` (→ the table drawn with it) and `frame` (→ that frame painted); `total` is their
// sum. The click of a decision is the last click before the seq moved: a Vikings bid
// stepped up, a Hunters tile turned or a Feast good picked up before it make no decision.

const kept = new WeakMap(); // page → its samples so far (a reload starts a new document)

function install() {
  if (window.__redraw) return;
  const r = (window.__redraw = { samples: [], pending: null });
  const seqNow = () => Number(document.querySelector(".table-page")?.dataset.seq ?? -1);
  document.addEventListener("click", (ev) => (r.pending = { click: ev.timeStamp, seq: seqNow(), answer: null, drawn: null }), true);
  window.longhall?.client?.on("view", (ev) => {
    const p = r.pending;
    if (p && p.answer === null && ev.seq > p.seq) p.answer = performance.now();
  });
  const painted = (p) => {
    const done = performance.now();
    const answer = p.answer ?? p.drawn;
    r.samples.push({ total: done - p.click, answer: answer - p.click, draw: p.drawn - answer, frame: done - p.drawn, seq: seqNow() });
    if (r.pending === p) r.pending = null;
  };
  new MutationObserver(() => {
    const p = r.pending;
    if (!p || p.drawn !== null || seqNow() <= p.seq) return;
    p.drawn = performance.now();
    requestAnimationFrame(() => {
      const after = new MessageChannel();
      after.port1.onmessage = () => painted(p);
      after.port2.postMessage(null);
    });
  }).observe(document.getElementById("app"), { subtree: true, childList: true, attributes: true, attributeFilter: ["data-seq"] });
}

/** Install the recorder in `page` (once per document) and forget earlier clicks. */
export async function armRedraw(page) {
  await page.evaluate(install);
  await page.evaluate(() => ((window.__redraw.samples.length = 0), (window.__redraw.pending = null)));
}

/** After a click that made a decision (the seq moved): wait for its frame, keep its sample. */
export async function keepRedraw(page, timeout = 5000) {
  await page.waitForFunction(() => window.__redraw.samples.length > 0, null, { timeout });
  const [sample] = await page.evaluate(() => window.__redraw.samples.splice(0));
  if (!kept.has(page)) kept.set(page, []);
  kept.get(page).push({ ...sample, width: page.viewportSize()?.width ?? null });
}

/** After a click that made no decision: nothing of it is counted. */
export async function dropRedraw(page) {
  await page.evaluate(() => window.__redraw && (window.__redraw.pending = null));
}

/** Every sample kept for `page` (ms, see the top of this file). */
export const redraws = (page) => kept.get(page) ?? [];
