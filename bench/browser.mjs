// Debian Chromium with the instrumented bench extension loaded: the e2e suite's launch recipe
// (toolchain reference §7), plus a browser-level DevTools session for targets Playwright does not
// list (the toolbar popup).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, extensionArgs } from '../test/support/chromium.mjs';
import { until as poll } from '../test/support/poll.mjs';
import { DetachedTarget } from './detached-target.mjs';

/**
 * Launches Chromium on a fresh profile with `extensionDir` loaded.
 * @returns the context, the extension id, `worker()`, `open(path)`, `openToolbarPopup(page)`, `close()`.
 */
export async function launchBench(extensionDir) {
  const profile = mkdtempSync(join(tmpdir(), 'pushgate-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 900, height: 700 },
    args: extensionArgs(extensionDir),
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const worker = async () => context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL((await worker()).url()).host;
  const cdp = await context.browser().newBrowserCDPSession();
  const origin = `chrome-extension://${extensionId}`;

  return {
    context,
    extensionId,
    origin,
    worker,
    /** A new tab; `before(page)` runs before the navigation (e.g. to enable network events). */
    async open(path, { before, viewport } = {}) {
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      await before?.(page);
      await page.goto(`${origin}/${path}`);
      return page;
    },
    /**
     * Opens the real toolbar popup showing `path` (`chrome.action.openPopup()` from the worker)
     * and attaches to it. The popup of the manifest is set back afterwards.
     */
    async openToolbarPopup(path) {
      const w = await worker();
      await w.evaluate((popup) => chrome.action.setPopup({ popup }), path);
      try {
        const { targetInfos: before } = await cdp.send('Target.getTargets');
        const known = new Set(before.map((t) => t.targetId));
        await w.evaluate(() => chrome.action.openPopup());
        const url = `${origin}/${path}`;
        const target = await until(async () => {
          const { targetInfos } = await cdp.send('Target.getTargets');
          return targetInfos.find((t) => !known.has(t.targetId) && t.url === url);
        });
        return await DetachedTarget.attach(cdp, target.targetId);
      } finally {
        // The manifest's popup again (an empty string would mean no popup at all).
        await w.evaluate(() => chrome.action.setPopup({ popup: 'popup.html' }));
      }
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns a truthy value; the bench polls finely (5 ms), as its marks are milliseconds. */
export const until = (check, { timeoutMs = 10000, stepMs = 5 } = {}) => poll(check, { timeoutMs, stepMs });
