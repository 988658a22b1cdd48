// The service worker (pwa/service_worker.js, built as sw.js): registered by the built app
// the node serves, so the app can be installed, opens offline and can show pushes. Not in
// `npm run dev` (Vite's dev server has no sw.js) nor in the browser tests' build (mode
// "test"), whose pages should reach the server for everything; tests/web/test_pwa.py
// serves the product build to check the worker itself.
export function serviceWorkerWanted() {
  return import.meta.env.PROD && import.meta.env.MODE !== "test" && "serviceWorker" in navigator;
}

export function registerServiceWorker() {
  if (!serviceWorkerWanted()) return;
  navigator.serviceWorker.register("./sw.js", { scope: "./" }).catch((err) => console.warn("service worker:", err.message));
}
