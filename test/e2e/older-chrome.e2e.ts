import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { SidePanelPage } from './pages/sidepanel';
import { useE2eSession } from './support/session';

// Chrome 148 gave extensions a `browser` namespace of their own, and the pages use it as it is.
// Before 148 there is only `chrome`, and the pages load webextension-polyfill
// (lib/browser/namespace.ts). This file runs every page the way Chrome 147 would have them.
describe('on a Chrome without its own `browser` namespace (before 148)', () => {
  const session = useE2eSession();
  const polyfillLoads: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const { context } = session.extension;
    await context.addInitScript(() => {
      delete (globalThis as { browser?: unknown }).browser;
    });
    context.on('request', (request) => {
      if (/\/chunks\/polyfill-[\w-]+\.js$/.test(request.url())) polyfillLoads.push(new URL(request.url()).pathname);
    });
    context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)));
  });
  beforeEach(() => {
    polyfillLoads.length = 0;
    pageErrors.length = 0;
  });

  const hasNoBrowserNamespace = (page: Page) => page.evaluate(() => typeof (globalThis as { browser?: unknown }).browser === 'undefined');

  it('sets up the instance on the options page', async () => {
    const options = await OptionsPage.open(session.extension);
    expect(await hasNoBrowserNamespace(options.page)).toBe(true);
    await options.save(session.pwpush.url, session.pwpush.users[0]!.token);
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    expect(polyfillLoads).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  it('pushes from the popup, and the history keeps the push of a popup closed at once', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, session.pwpush.users[0]!.token);
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    await options.page.close();

    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('pushed on Chrome 147');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Old Chrome');
    await popup.pushButton().click();
    const link = await popup.link();
    await popup.page.close();
    expect(link).toBe(session.pwpush.pushes()[0]!.html_url);

    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    expect(await pushes.names()).toEqual(['Old Chrome']);
    expect(polyfillLoads).toHaveLength(3);
    expect(pageErrors).toEqual([]);
  });

  it('opens the side panel, with its airport field before anything is set up', async () => {
    const panel = await SidePanelPage.open(session.extension);
    await panel.airportField().waitFor();
    expect(await hasNoBrowserNamespace(panel.page)).toBe(true);
    expect(polyfillLoads).toEqual([expect.stringMatching(/polyfill/)]);
    expect(pageErrors).toEqual([]);
  });
});
