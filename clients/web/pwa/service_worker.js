// The app's service worker, served at /sw.js with scope "/". pwa/plugin.js writes it into
// the build with PRECACHE filled in: the app shell (index.html, the scripts, styles and
// assets the app's page loads, the manifest and the icons), file names as the build
// hashed them, relative to this file.
//
// - the shell is cached on install; a new build (another list) installs under a new cache
//   name and drops the old one on activate;
// - a page load (navigation inside the scope) goes to the network first and falls back
//   to the cached index.html, so the app opens offline;
// - /api/ goes to the network first; a GET answered there is kept (unless asked with an
//   Authorization header or answered no-store/private) and served when the network fails;
// - /ws is never touched (the websocket is not a fetch the worker may answer);
// - any other precached file is served from the cache;
// - a push (server/notify sends them) shows a notification from the payload's JSON
//   {title, body, url, tag}: the tag is the kind and the room, so a newer push about a
//   room replaces the older one; clicking it focuses a window already at that URL or
//   opens one.

const PRECACHE = self.__PRECACHE__;
const VERSION = self.__VERSION__;
const SHELL = `longhall-shell-${VERSION}`;
const API = "longhall-api";
const INDEX = new URL("./", self.location).href;
const PRECACHED = new Set(PRECACHE.map((path) => new URL(path, self.location).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll([...PRECACHED]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("longhall-shell-") && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** Whether an answer may be kept: not one asked with credentials (the console's operator
 * token) nor one the server marked no-store or private. */
function keepable(request, response) {
  return response.ok && !request.headers.has("authorization") && !/no-store|private/.test(response.headers.get("cache-control") ?? "");
}

async function networkFirst(request, cacheName, fallback) {
  try {
    const response = await fetch(request);
    if (cacheName && keepable(request, response)) {
      const copy = response.clone();
      caches.open(cacheName).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (err) {
    const cached = await caches.match(fallback ?? request);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request) {
  return (await caches.match(request, { ignoreSearch: true })) ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (url.pathname === "/ws" || url.pathname.startsWith("/ws/")) return;
  if (url.pathname.startsWith("/api/")) {
    event.respondWith(networkFirst(request, API));
  } else if (request.mode === "navigate" && (url.href.split("#")[0] === INDEX || url.pathname === "/index.html")) {
    event.respondWith(networkFirst(request, null, INDEX));
  } else if (PRECACHED.has(url.origin + url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

/** The push payload's JSON, or a plain text payload as the body. */
function payloadOf(data) {
  if (!data) return {};
  try {
    return data.json();
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener("push", (event) => {
  const { title = "Longhall", body = "", url = "./", tag } = payloadOf(event.data);
  const options = {
    body,
    tag,
    icon: new URL("icons/icon-192.png", self.location).href,
    badge: new URL("icons/icon-maskable-192.png", self.location).href,
    data: { url: new URL(url, self.location).href },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = event.notification.data?.url ?? INDEX;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const there = windows.find((w) => w.url === target);
      if (there) return there.focus();
      const app = windows.find((w) => w.url.split("#")[0] === target.split("#")[0]);
      try {
        if (app) return await (await app.focus()).navigate(target);
      } catch {
        // a window the worker does not control cannot be sent elsewhere: open another
      }
      return self.clients.openWindow(target);
    }),
  );
});
