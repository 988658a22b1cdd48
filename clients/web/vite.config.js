// Vite builds the app into dist/, which `longhall serve` serves at "/".
// In dev (`npm run dev`) the API and the websocket are proxied to a server on :8000.
// `--mode test` (`npm run build:test`) builds the test app into test/dist instead: the same
// page whose entry is test/app/main.js, which adds what only the browser tests draw (High
// Card) before starting the product app; tests/web serves that build.
import { defineConfig } from "vite";

const target = process.env.LONGHALL_DEV_SERVER ?? "http://127.0.0.1:8000";
const ENTRY = "./src/main.js";
const TEST_ENTRY = "./test/app/main.js";

/** index.html with the test app's entry in place of the product's. */
const testEntry = {
  name: "longhall-test-entry",
  transformIndexHtml: {
    order: "pre",
    handler(html) {
      if (!html.includes(`src="${ENTRY}"`)) throw new Error(`index.html no longer loads ${ENTRY}`);
      return html.replace(`src="${ENTRY}"`, `src="${TEST_ENTRY}"`);
    },
  },
};

export default defineConfig(({ mode }) => ({
  base: "./",
  build: { outDir: mode === "test" ? "test/dist" : "dist", emptyOutDir: true, chunkSizeWarningLimit: 800 },
  plugins: mode === "test" ? [testEntry] : [],
  server: {
    proxy: {
      "/api": target,
      "/ws": { target: target.replace(/^http/, "ws"), ws: true },
    },
  },
}));
