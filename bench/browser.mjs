// Debian Chromium with the instrumented bench extension loaded (and the peer's copy beside it when
// one is measured): the e2e suite's launch recipe (docs/toolchain.md#chromium), plus a browser-level
// DevTools session for targets Playwright does not list (the toolbar popup).
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, extensionArgs, unattendedProfile } from '../test/support/chromium.mjs';
import { until as poll } from '../test/support/poll.mjs';
import { DetachedTarget } from './detached-target.mjs';

/**
 * Launches Chromium on a fresh profile with `extensionDir` loaded (its worker `workerScript`, as
 * bench/build.mjs names it), `also` (more `{ dir, workerScript, popupPath }`: the single-purpose
 * packages beside each other) and `peer` (the same, from bench/peer.mjs) too when given. The peer's
 * local instance is HTTPS with a throw-away certificate, hence --ignore-certificate-errors then.
 * Chromium installs the extensions in the order given, Pushgate's first unless `peerFirst`: the
 * worker of the one installed first starts while the browser still installs the other, which
 * slows it (bench/measure-worker.mjs).
 * @returns Pushgate's extension handle (see `extensionHandle`) with `context`, `browser`, `also`
 * (their handles), `peer` (the peer's handle or null) and `close()`.
 */
export async function launchBench(
  extensionDir,
  { peer = null, workerScript = 'bench-background.js', popupPath = 'popup.html', also = [], peerFirst = false } = {},
) {
  const profile = unattendedProfile('pushgate-bench-');
  const ours = [extensionDir, ...also.map(({ dir }) => dir)];
  const dirs = !peer ? ours : peerFirst ? [peer.dir, ...ours] : [...ours, peer.dir];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: { width: 900, height: 700 },
    args: [...extensionArgs(dirs.join(',')), ...(peer ? ['--ignore-certificate-errors'] : [])],
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const cdp = await context.browser().newBrowserCDPSession();
  const pushgate = await extensionHandle(context, cdp, { workerScript, popupPath });
  const others = [];
  for (const extension of also) others.push(await extensionHandle(context, cdp, extension));
  return {
    ...pushgate,
    context,
    browser: context.browser(),
    also: others,
    peer: peer ? await extensionHandle(context, cdp, peer) : null,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * One loaded extension, found by its service worker's script.
 * @returns `extensionId`, `origin`, `popupPath`, `worker()`, `open(path)`, `openToolbarPopup(path)`.
 */
async function extensionHandle(context, cdp, { workerScript, popupPath }) {
  const find = () => context.serviceWorkers().find((w) => new URL(w.url()).pathname === `/${workerScript}`);
  const worker = async () => until(find, { timeoutMs: 20000, stepMs: 20 });
  const extensionId = new URL((await worker()).url()).host;
  const origin = `chrome-extension://${extensionId}`;
  return {
    extensionId,
    origin,
    popupPath,
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
        await w.evaluate((popup) => chrome.action.setPopup({ popup }), popupPath);
      }
    },
  };
}

/** Polls `check` until it returns a truthy value; the bench polls finely (5 ms), as its marks are milliseconds. */
export const until = (check, { timeoutMs = 10000, stepMs = 5 } = {}) => poll(check, { timeoutMs, stepMs });
