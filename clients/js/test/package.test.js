// The package as plain Node loads it: imported by its name (the package's self-reference,
// so its `exports` resolve it, as in another project's node_modules), every value that
// index.d.ts declares is there at run time, and nothing runs on import (`sideEffects`).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

test("imported by its name, the package exports every value its types declare", async () => {
  const pkg = await import("@longhall/client");
  const types = readFileSync(new URL("../src/index.d.ts", import.meta.url), "utf8");
  const declared = [...types.matchAll(/^export declare (?:const|class|function) (\w+)/gm)].map((m) => m[1]);
  assert.ok(declared.includes("Client"));
  assert.deepEqual(declared.filter((name) => !(name in pkg)), []);
  assert.equal(pkg.CLOSE_CODES.RESTART, 1012);
});
