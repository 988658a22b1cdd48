// A Vite plugin that writes the service worker (pwa/service_worker.js) into the build as
// sw.js, with the list of files it precaches: the app page ("./"), every chunk the app's
// entry loads, statically or on demand, with the CSS and assets those chunks bring, and
// the manifest and icons from public/. The console's and the playground's pages and
// their chunks stay out: they are not the app. The cache's name carries a hash of the
// list, so each build with other files replaces the cache of the one before.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const SOURCE = new URL("./service_worker.js", import.meta.url);

/** Every file under `dir`, as paths relative to it with "/" separators. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"));
}

/** The file names the chunk `entry` loads, itself included, transitively. */
function shellOf(bundle, entry) {
  const files = new Set();
  const visit = (fileName) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk") return;
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  visit(entry.fileName);
  return files;
}

export function serviceWorker({ entry = "main", fileName = "sw.js" } = {}) {
  let publicDir = null;
  return {
    name: "longhall-service-worker",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      publicDir = config.publicDir || null;
    },
    generateBundle(_options, bundle) {
      const main = Object.values(bundle).find((c) => c.type === "chunk" && c.isEntry && c.name === entry);
      if (!main) throw new Error(`no entry chunk named ${entry} in the bundle`);
      const shell = [...shellOf(bundle, main)].sort();
      const statics = publicDir ? filesUnder(publicDir) : [];
      const precache = ["./", ...shell, ...statics.sort()];
      const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
      const source = readFileSync(SOURCE, "utf8")
        .replace("self.__PRECACHE__", JSON.stringify(precache))
        .replace("self.__VERSION__", JSON.stringify(version));
      this.emitFile({ type: "asset", fileName, source });
    },
  };
}
