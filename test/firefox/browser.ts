// Firefox with the built extension installed, for the Firefox end-to-end tests. playwright-core
// drives only its own patched Firefox, so these use puppeteer-core over WebDriver BiDi, which
// stock Firefox (Debian's firefox-esr) speaks.
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
    extraPrefsFirefox: { 'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: UUID }), ...prefs },
  });
  await browser.installExtension(copy);

  return {
    browser,
    async open(path, viewport = { width: 900, height: 800 }) {
      const page = await browser.newPage();
      await page.setViewport(viewport);
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
