// Vite builds the app into dist/, which `longhall serve` serves at "/".
// In dev (`npm run dev`) the API and the websocket are proxied to a server on :8000.
import { defineConfig } from "vite";

const target = process.env.LONGHALL_DEV_SERVER ?? "http://127.0.0.1:8000";

export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      "/api": target,
      "/ws": { target: target.replace(/^http/, "ws"), ws: true },
    },
  },
});
