// The app's icons as PNG, drawn from the SVGs in public/icons/ by headless Chromium:
// icon-192.png and icon-512.png (rounded, "any") and icon-maskable-192.png and
// icon-maskable-512.png (full bleed, the hall inside the maskable safe zone). The PNGs
// are committed; run this again after changing an SVG:
//
//   node tools/icons.js
//
// Needs /usr/bin/chromium (or CHROMIUM).

import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const DIR = new URL("../public/icons/", import.meta.url);
const SIZES = [192, 512];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const name of ["icon", "icon-maskable"]) {
    const svg = readFileSync(new URL(`${name}.svg`, DIR), "utf8");
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const html = `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`;
      await page.setContent(html);
      await page.screenshot({ path: new URL(`${name}-${size}.png`, DIR).pathname, omitBackground: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
}
