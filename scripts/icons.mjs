// `node scripts/icons.mjs`: each package's toolbar and store icons, drawn by Chromium from its SVG
// (docs/icon.svg, docs/icon-share.svg, docs/icon-airport.svg) into public/icons/ (the combined
// package) and build/icons/<package>/, where the build takes them (build/package-assets.ts). The
// 16, 32 and 48 px icons are the whole drawing; the 128 px one, the store icon, keeps its art in the
// middle 96 × 96 with 16 transparent pixels on every side, as the Chrome Web Store asks
// (docs/stores.md, test/build/icons.test.ts). Run it after changing an SVG, and commit the PNGs.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../test/support/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ICONS = [
  { svg: 'docs/icon.svg', dir: 'public/icons' },
  { svg: 'docs/icon-share.svg', dir: 'build/icons/share' },
  { svg: 'docs/icon-airport.svg', dir: 'build/icons/airport' },
];
/** The SVGs paint their rounded square from 4 to 124 of their 128 units. */
const ART = { from: 4, size: 120 };

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { svg, dir } of ICONS) {
    const source = readFileSync(path.join(root, svg), 'utf8');
    mkdirSync(path.join(root, dir), { recursive: true });
    for (const size of [16, 32, 48, 128]) {
      // The store icon: the art's 120 units in a 96 px box 16 px in from each side, which clips the edge's
      // smoothing to that box; the others: all 128 units in `size`.
      const store = size === 128;
      const drawing = store ? source.replace('viewBox="0 0 128 128"', `viewBox="${ART.from} ${ART.from} ${ART.size} ${ART.size}"`) : source;
      const [offset, box] = store ? [16, 96] : [0, size];
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<!doctype html><style>html,body{margin:0;background:transparent}svg{position:absolute;overflow:hidden;left:${offset}px;top:${offset}px;width:${box}px;height:${box}px}</style>${drawing}`,
      );
      await page.screenshot({ path: path.join(root, dir, `${size}.png`), omitBackground: true });
    }
    console.log(`${svg} → ${dir}/{16,32,48,128}.png`);
  }
} finally {
  await browser.close();
}
