// Vite builds the app into dist/, which `longhall serve` serves at "/", with two pages of
// their own beside it, each a separate entry whose code stays out of the players' bundle:
// the operator console (console/, served at /console/) and the protocol playground
// (playground/, at /playground/). A language's catalogue is a chunk named by its language
// (assets/ru-HASH.js); its card catalogue (src/i18n/occupations/ru.json) is cards-ru-HASH.js.
// The app is installable: public/ holds its manifest and icons, and pwa/plugin.js writes
// the service worker (sw.js) with the list of the build's files it precaches.
// In dev (`npm run dev`) the API and the websocket are proxied to a server on :8000.
// `--mode test` (`npm run build:test`) builds the test app into test/dist instead: the same
// page whose entry is test/app/main.js, which adds what only the browser tests draw (High
// Card) before starting the product app; tests/web serves that build.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { serviceWorker } from "./pwa/plugin.js";

const target = process.env.LONGHALL_DEV_SERVER ?? "http://127.0.0.1:8000";
const ENTRY = "./src/main.js";
const TEST_ENTRY = "./test/app/main.js";
const PAGES = { main: "index.html", console: "console/index.html", playground: "playground/index.html" };
const input = Object.fromEntries(Object.entries(PAGES).map(([name, page]) => [name, fileURLToPath(new URL(page, import.meta.url))]));

/** index.html with the test app's entry in place of the product's. */
const testEntry = {
  name: "longhall-test-entry",
  transformIndexHtml: {
    order: "pre",
    handler(html, ctx) {
      if (ctx.path !== "/index.html") return html; // the console's and the playground's pages stay as they are
      if (!html.includes(`src="${ENTRY}"`)) throw new Error(`index.html no longer loads ${ENTRY}`);
      return html.replace(`src="${ENTRY}"`, `src="${TEST_ENTRY}"`);
    },
  },
};

export default defineConfig(({ mode }) => ({
  base: "./",
  build: {
    outDir: mode === "test" ? "test/dist" : "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      input,
      output: { chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes("/i18n/occupations/") ? "assets/cards-[name]-[hash].js" : "assets/[name]-[hash].js") },
    },
  },
  plugins: mode === "test" ? [testEntry, serviceWorker()] : [serviceWorker()],
  server: {
    proxy: {
      "/api": target,
      "/ws": { target: target.replace(/^http/, "ws"), ws: true },
    },
  },
}));
