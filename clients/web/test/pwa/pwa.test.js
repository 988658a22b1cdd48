// The installable app in a real browser (Debian's chromium, driven by playwright-core),
// against the product build (tests/web/test_pwa.py serves it): Chromium finds nothing
// that stops installing it (Page.getInstallabilityErrors), the service worker takes
// control of the lobby, the lobby's shell opens again with the browser offline, and a
// push delivered through the DevTools protocol (ServiceWorker.deliverPushMessage) is
// shown as a notification with the payload's title, body and URL.

import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { chromium } from "playwright-core";

const HTTP = process.env.LONGHALL_HTTP;
const SHOTS = process.env.LONGHALL_SHOTS ?? new URL("../../../../test-artifacts/web/", import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const skip = HTTP ? false : "LONGHALL_HTTP is not set (tests/web/test_pwa.py sets it)";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

let browser;
before(async () => {
  if (!HTTP) return;
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
after(async () => browser?.close());

/** A fresh context at the lobby, its page controlled by the app's service worker. */
async function controlledLobby() {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.grantPermissions(["notifications"], { origin: HTTP });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`${HTTP}/#/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  return { context, page, errors };
}

test("Chromium finds the app installable", { skip }, async () => {
  // in a profile of its own: an incognito context (what newContext gives) is never installable
  const profile = mkdtempSync(join(tmpdir(), "longhall-pwa-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${HTTP}/#/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    assert.deepEqual(installabilityErrors, []);
    const { url, errors } = await cdp.send("Page.getAppManifest");
    assert.equal(new URL(url).pathname, "/manifest.webmanifest");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("the lobby's shell opens offline from the service worker", { skip }, async () => {
  const { context, page, errors } = await controlledLobby();
  await page.locator(".lobby, #app *").first().waitFor();
  const [worker] = context.serviceWorkers();
  assert.ok(worker, "no service worker in the context");
  const cached = await worker.evaluate(async () => {
    const keys = await Promise.all((await caches.keys()).map(async (n) => (await caches.open(n)).keys()));
    return keys.flat().map((r) => new URL(r.url).pathname);
  });
  assert.ok(cached.includes("/"), `index.html is not precached: ${cached}`);
  assert.ok(cached.some((p) => /^\/assets\/main-.*\.js$|^\/assets\/index-.*\.js$/.test(p)), `no entry script precached: ${cached}`);
  assert.ok(cached.some((p) => p.endsWith(".css")), `no stylesheet precached: ${cached}`);
  assert.ok(cached.includes("/manifest.webmanifest") && cached.includes("/icons/icon-512.png"));

  const games = () => page.evaluate(() => fetch("/api/games").then((r) => r.json()));
  const online = await games();

  await context.setOffline(true);
  // the worker's own fetches fail too: what the page gets next comes from its cache
  const reach = await worker.evaluate(() => fetch("/", { cache: "no-store" }).then(() => "online", () => "offline"));
  assert.equal(reach, "offline");
  // an /api/ answer fetched online comes back from the worker's cache; one never fetched fails
  assert.deepEqual(await games(), online);
  const never = await page.evaluate(() => fetch("/api/rules/vikings").then(() => "answered", () => "failed"));
  assert.equal(never, "failed");
  const response = await page.reload();
  assert.ok(response.fromServiceWorker(), "the offline page did not come from the service worker");
  await page.locator(".bar .brand").waitFor();
  assert.equal(await page.locator(".bar .brand").textContent(), "Longhall");
  // the stylesheet and the app's script came from the cache too: the bar is styled and
  // the app has said it cannot reach the server
  assert.equal(await page.locator(".bar").evaluate((el) => getComputedStyle(el).backgroundColor), "rgb(59, 42, 28)");
  await page.waitForFunction(() => document.getElementById("app").textContent.trim().length > 0);
  await page.screenshot({ path: `${SHOTS}pwa-offline-lobby.png` });
  await context.setOffline(false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a push shows a notification with the payload's title, body and URL", { skip }, async () => {
  const { context, page } = await controlledLobby();
  const cdp = await context.newCDPSession(page);
  const registered = new Promise((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${HTTP}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  const payload = { title: "Your turn", body: "Astrid played; the table waits for you", url: "/#/room/abc123" };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: HTTP, registrationId, data: JSON.stringify(payload) });
  let shown = [];
  for (let tries = 0; tries < 300 && shown.length === 0; tries++) {
    if (tries > 0) await page.waitForTimeout(100);
    shown = await page.evaluate(async () => {
      const notes = await (await navigator.serviceWorker.ready).getNotifications();
      return notes.map((n) => ({ title: n.title, body: n.body, url: n.data?.url }));
    });
  }
  assert.deepEqual(shown, [{ title: payload.title, body: payload.body, url: `${HTTP}/#/room/abc123` }]);
  await context.close();
});
