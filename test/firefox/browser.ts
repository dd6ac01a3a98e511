// Firefox with the built extension installed, for the Firefox end-to-end tests. playwright-core
// drives only its own patched Firefox, so these use puppeteer-core over WebDriver BiDi, which
// stock Firefox (Debian's firefox-esr) speaks.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_PATH } from '../support/firefox-path.mjs';

export { FIREFOX_PATH };

const ADDON_ID = 'pushgate@pushgate.dev';
/** Fixed so the tests know the pages' addresses (Firefox otherwise picks one per profile). */
const UUID = '5e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
export const EXTENSION_ORIGIN = `moz-extension://${UUID}`;

export interface FirefoxWithExtension {
  browser: Browser;
  /** Opens an extension page such as `popup.html` in a new tab, once its document has loaded. */
  open(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Launches headless Firefox with a copy of `extensionDir` installed as a temporary add-on.
 *
 * WebDriver BiDi may not navigate a tab to moz-extension:// at all, so the copy (never the build)
 * lists its pages as web-accessible, and a tab reaches a page by leaving a local web page for it.
 * Everything else in the copy is the build as is. `prefs` are more Firefox preferences for this run.
 */
export async function launchFirefox(extensionDir: string, prefs: Record<string, unknown> = {}): Promise<FirefoxWithExtension> {
  const copy = mkdtempSync(join(tmpdir(), 'pushgate-firefox-ext-'));
  cpSync(extensionDir, copy, { recursive: true });
  const manifestPath = join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.web_accessible_resources = [{ resources: ['*.html'], matches: ['http://127.0.0.1/*'] }];
  writeFileSync(manifestPath, JSON.stringify(manifest));

  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="en"><title>A web page</title><p>A web page</p>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;

  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }), ...prefsForEsr140(), ...prefs },
  });
  await browser.installExtension(copy);

  return {
    browser,
    async open(path, viewport = { width: 900, height: 800 }) {
      const page = await newTab(browser);
      await setViewport(page, viewport);
      await page.goto(siteUrl);
      await page.evaluate((url) => {
        location.href = url;
      }, `${EXTENSION_ORIGIN}/${path}`);
      await page.waitForFunction(() => location.protocol === 'moz-extension:' && document.readyState === 'complete');
      return page;
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => site.close(resolve));
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * A new tab. Firefox ESR 140's WebDriver BiDi puts it beside the window that was focused last, and
 * fails when that is no browser window (a notification's): a window of its own then.
 */
async function newTab(browser: Browser): Promise<Page> {
  try {
    return await browser.newPage();
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('getTabBrowser'))) throw error;
    return browser.newPage({ type: 'window' });
  }
}

/**
 * What Firefox ESR 140, which Debian ships on some machines, needs for the tests that later
 * Firefoxes do by themselves:
 * - Puppeteer's waits and locators build their checks with `new Function` inside the page. Later
 *   Firefoxes run what WebDriver BiDi evaluates outside the page's CSP; ESR 140 does not, and an
 *   extension page's CSP refuses it. So the extension pages' CSP also allows eval there: these tests
 *   check what the pages do, not their CSP (the manifest's is checked by test/build/manifest.test.ts,
 *   and Chromium's e2e suite runs under the real one).
 * - Later Firefoxes let an extension open its popup without a click (the real toolbar popup's test);
 *   ESR 140 behind a switch.
 */
function prefsForEsr140(): Record<string, string | boolean> {
  const major = Number(execFileSync(FIREFOX_PATH, ['--version'], { encoding: 'utf8' }).match(/(\d+)\./)?.[1]);
  if (!(major <= 140)) return {};
  return {
    'extensions.openPopupWithoutUserGesture.enabled': true,
    'extensions.webextensions.base-content-security-policy.v3': "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval';",
    'extensions.webextensions.default-content-security-policy.v3': "script-src 'self' 'unsafe-eval'; upgrade-insecure-requests;",
  };
}

/**
 * `page.setViewport`, in every Firefox the suite meets. Puppeteer sends
 * `emulation.setScreenOrientationOverride` beside the size, a command Firefox ESR 140 does not know
 * (Debian ships 140 on some machines, a later ESR on others): there the size is set and the
 * orientation's refusal is ignored, once the page is that wide.
 */
export async function setViewport(page: Page, viewport: { width: number; height: number }): Promise<void> {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('unknown command emulation.setScreenOrientationOverride'))) throw error;
    await page.waitForFunction((width) => window.innerWidth === width, { timeout: 5_000 }, viewport.width);
  }
}
