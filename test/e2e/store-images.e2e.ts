import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_IDS, PACKAGES, type PackageSpec } from '../../build/packages.mjs';
import { airportDate } from '../../lib/airport/flight';
import { startFeedServer, type FeedServer } from '../servers/airport-sources/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { loadMessages, makeGetMessage } from '../support/messages';
import { launchExtension, type ExtensionBrowser } from './support/browser';
import { startHttpsFronts, type HttpsFronts } from './support/https-front';
import { configureInstance } from './support/storage';

// The store images (docs/stores.md) of each package (build/packages.mjs): screenshots at 1280 × 800
// and the 440 × 280 promotional tile, in every language with a listing, taken from the real extension.
// What they show is what a person meets: the instance at a realistic https address (the reference
// server behind TLS, test/e2e/support/https-front.ts), and every purpose of the package: the secret
// link and the Pushes page where it shares, the side panel where it shows airports (Arlanda from
// Swedavia's website, and My flight at Frankfurt, each feed at its own address), and its settings.
// A popup or a side panel is narrow, so its screenshot is set on a 1280 × 800 stage beside the
// package's name and summary. `npm run screenshots:store` writes them to
// store/images/<package>/<lang>/; otherwise they go to the ignored artifacts folder, and everything
// is checked either way.

const ROOT = resolve(__dirname, '../..');
const INSTANCE = 'pwpush.example.com';
const SWEDAVIA = 'www.swedavia.com';
const FRANKFURT = 'www.frankfurt-airport.com';
/** A reference server's own address, which no store image may show (the hints that name loopback may). */
const LOOPBACK_URL = /https?:\/\/(127\.0\.0\.1|localhost):\d+/;

/** Every language with a listing folder of the package (scripts/release/listings.mjs reads the same). */
const languagesOf = (spec: PackageSpec) =>
  readdirSync(resolve(ROOT, 'store/listings', spec.id), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name: lang }) => ({ lang, locale: lang === 'en' ? 'en-US' : lang }))
    .sort((a, b) => a.lang.localeCompare(b.lang));

const buildDir = (spec: PackageSpec) => resolve(ROOT, '.output/store-images', spec.id);
const extensionDir = (spec: PackageSpec) => resolve(buildDir(spec), `chrome-mv3${spec.outSuffix}`);

/**
 * Each package's test build, with host access to the https names it shows granted at install as the
 * loopback is (wxt.config.ts): no one answers a permission prompt here. In its own process, as
 * wxt.config.ts reads the environment once (test/build/global-setup.ts does the same).
 */
function build(spec: PackageSpec): void {
  const script = `const wxt = await import('wxt'); await wxt.build({ browser: 'chrome', manifestVersion: 3, outDir: process.env.OUT_DIR });`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      OUT_DIR: buildDir(spec),
      PUSHGATE_PACKAGE: spec.id,
      PUSHGATE_TEST_HOSTS: '1',
      PUSHGATE_GRANT_HOSTS: [INSTANCE, SWEDAVIA, FRANKFURT].map((host) => `https://${host}/*`).join(','),
    },
  });
  if (run.status !== 0) throw new Error(`The ${spec.id} build failed:\n${run.stdout}\n${run.stderr}`);
}

function imageDir(spec: PackageSpec, lang: string): string {
  const dir =
    process.env.PUSHGATE_SCREENSHOTS === 'store'
      ? resolve(ROOT, 'store/images', spec.id, lang)
      : resolve(ROOT, 'test/e2e/artifacts/store-images', spec.id, lang);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The width and height a PNG says it has (IHDR). */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const STAGE_STYLE = `
  html, body { margin: 0; height: 100%; }
  body { display: flex; align-items: center; justify-content: center; gap: 64px; background: #1d3b53; color: #fff;
         font: 17px/1.45 system-ui, sans-serif; }
  .copy { max-width: 520px; }
  h1 { font-size: 44px; margin: 0 0 16px; display: flex; align-items: center; gap: 16px; }
  p { font-size: 24px; margin: 0; }
  img.shot { border-radius: 10px; box-shadow: 0 12px 40px rgb(0 0 0 / 45%); }
`;

let pwpush: PwpushServer;
let swedavia: FeedServer;
let frankfurt: FeedServer;
let fronts: HttpsFronts;

beforeAll(async () => {
  for (const id of PACKAGE_IDS) build(PACKAGES[id]);
  pwpush = await startPwpushServer({ overrideBaseUrl: `https://${INSTANCE}` });
  swedavia = await startFeedServer('swedavia-web');
  frankfurt = await startFeedServer('fra');
  fronts = await startHttpsFronts({ [INSTANCE]: pwpush.url, [SWEDAVIA]: swedavia.url, [FRANKFURT]: frankfurt.url });
}, 600_000);
afterAll(async () => {
  await fronts?.close();
  await pwpush?.close();
  await swedavia?.close();
  await frankfurt?.close();
});

describe.each(PACKAGE_IDS.map((id) => [PACKAGES[id].artifact, PACKAGES[id]] as const))('store images of %s', (_artifact, spec) => {
  describe.each(languagesOf(spec).map(({ lang, locale }) => [lang, locale] as const))('%s', (lang, locale) => {
    const m = makeGetMessage(loadMessages(lang));
    const name = m(spec.nameKey);
    let extension: ExtensionBrowser;
    let icon: string;
    let shots = 0;

    beforeAll(async () => {
      // A set with fewer screenshots than the last must not leave the last one's extra behind.
      for (const file of readdirSync(imageDir(spec, lang)))
        if (/^screenshot-\d+\.png$/.test(file)) rmSync(resolve(imageDir(spec, lang), file));
      const dir = extensionDir(spec);
      const manifest = JSON.parse(readFileSync(resolve(dir, 'manifest.json'), 'utf8')) as { icons: Record<string, string> };
      icon = dataUrl(readFileSync(resolve(dir, manifest.icons['128']!)));
      extension = await launchExtension({ locale, extensionDir: dir, args: fronts.args });
      if (spec.share) await configureInstance(await extension.worker(), `https://${INSTANCE}`, pwpush.users[0]!.token);
    });
    afterAll(async () => {
      await extension?.close();
    });

    /** A blank page of the exact size, showing `html`, saved as `file`. */
    async function stage(file: string, width: number, height: number, html: string): Promise<string> {
      const page = await extension.context.newPage();
      await page.setViewportSize({ width, height });
      await page.setContent(`<!doctype html><html lang="${lang}"><style>${STAGE_STYLE}</style><body>${html}</body></html>`);
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      const path = resolve(imageDir(spec, lang), file);
      await page.screenshot({ path });
      await page.close();
      return path;
    }

    /** The next screenshot: `shot` (a narrow surface) beside the package's name and `caption`. */
    async function beside(shot: Buffer, caption: string): Promise<void> {
      shots += 1;
      const file = await stage(
        `screenshot-${shots}.png`,
        1280,
        800,
        `<img class="shot" src="${dataUrl(shot)}" alt=""><div class="copy"><h1><img src="${icon}" width="64" height="64" alt="">${escapeHtml(name)}</h1><p>${escapeHtml(caption)}</p></div>`,
      );
      expect(pngSize(file)).toEqual([1280, 800]);
    }

    /** The next screenshot: a whole page at 1280 × 800, once `ready` has resolved. */
    async function whole(page: Page, ready: () => Promise<unknown>): Promise<void> {
      await page.setViewportSize({ width: 1280, height: 800 });
      await ready();
      shots += 1;
      const file = resolve(imageDir(spec, lang), `screenshot-${shots}.png`);
      await page.screenshot({ path: file });
      expect(await page.locator('body').innerText()).not.toMatch(LOOPBACK_URL);
      await page.close();
      expect(pngSize(file)).toEqual([1280, 800]);
    }

    it.runIf(spec.share)('the secret link just pushed to an https instance, with its QR code', async () => {
      const popup = await extension.open('popup.html');
      await popup.setViewportSize({ width: 380, height: 640 });
      await popup.getByRole('textbox', { name: m('popupSecret') }).fill('correct horse battery staple');
      await popup.getByRole('button', { name: m('popupPush'), exact: true }).click();
      const link = popup.locator('.link-text').first();
      await link.waitFor();
      await popup.getByRole('img', { name: m('linkQrLabel') }).waitFor();
      expect(await link.innerText()).toMatch(new RegExp(`^https://${INSTANCE.replaceAll('.', '\\.')}/p/`));
      expect(await popup.locator('body').innerText()).not.toMatch(LOOPBACK_URL);
      const shot = await popup.screenshot();
      await popup.close();
      await beside(shot, m(spec.descriptionKey));
    });

    it.runIf(spec.airport)("the side panel: Arlanda's security queues, from Swedavia's website without any key", async () => {
      const panel = await extension.open('sidepanel.html');
      await panel.setViewportSize({ width: 360, height: 720 });
      await panel.locator('#airport-code').fill('arn');
      await panel.getByRole('button', { name: m('sidepanelShow'), exact: true }).click();
      await expect.poll(() => panel.locator('li.queue').count()).toBeGreaterThan(2);
      expect(await panel.locator('body').innerText()).not.toMatch(LOOPBACK_URL);
      const shot = await panel.screenshot();
      await panel.close();
      await beside(shot, m('airportExtDescription'));
    });

    it.runIf(spec.airport)("My flight at Frankfurt: its gate's checkpoint first, and when to leave", async () => {
      const worker = await extension.worker();
      const myFlight = { iata: 'FRA', flight: 'LH400', date: airportDate(Date.now(), 1, 'Europe/Berlin'), departs: '12:00', gate: 'B44' };
      await worker.evaluate((values) => chrome.storage.local.set(values), { defaultAirport: 'FRA', myFlight });
      const panel = await extension.open('sidepanel.html');
      await panel.setViewportSize({ width: 360, height: 720 });
      await panel.locator('section.flight-board li.queue').first().waitFor();
      const leaveBy = panel.getByRole('region', { name: m('sidepanelLeaveBySection', ['LH400']) }).locator('[aria-live="polite"]');
      await expect.poll(() => leaveBy.innerText()).toMatch(/10:40/);
      expect(await panel.locator('body').innerText()).not.toMatch(LOOPBACK_URL);
      const shot = await panel.screenshot();
      await panel.close();
      await beside(shot, m('airportExtDescription'));
    });

    it.runIf(spec.share)('the Pushes page, with the push just made', async () => {
      const page = await extension.open('pushes.html');
      await whole(page, () => page.getByRole('tabpanel').locator('tbody tr').first().waitFor());
    });

    it('the settings page, configured', async () => {
      const page = await extension.open('options.html');
      await whole(page, async () => {
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (spec.share) await expect.poll(() => page.locator('input[type="url"]').first().inputValue()).toBe(`https://${INSTANCE}`);
      });
    });

    it('promo-440x280: the icon and the name', async () => {
      const file = await stage(
        'promo-440x280.png',
        440,
        280,
        `<div class="copy"><h1><img src="${icon}" width="96" height="96" alt="">${escapeHtml(name)}</h1></div>`,
      );
      expect(pngSize(file)).toEqual([440, 280]);
    });
  });
});
