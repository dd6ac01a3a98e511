import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, type ExtensionBrowser } from './support/browser';

/**
 * The browser the e2e suite and the bench start (test/support/chromium.mjs `unattendedProfile`):
 * Chromium's omnibox popup pages are off, so each page opening has the machine's cores to itself,
 * and Playwright's own switches still hold (the profile's flags are merged with them).
 */
describe('the headless test browser', () => {
  let extension: ExtensionBrowser;
  beforeAll(async () => {
    extension = await launchExtension();
  });
  afterAll(async () => {
    await extension?.close();
  });

  it('opens pages without loading the omnibox popup pages in renderers of their own', async () => {
    const page = await extension.open('popup.html');
    await page.getByRole('heading', { name: 'Pushgate', level: 1 }).waitFor();
    const cdp = await extension.context.browser()!.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
    const urls = targetInfos.map((target) => target.url);
    expect(urls).toContain(page.url());
    expect(urls.filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);
  });

  it('keeps the features Playwright switches off, with the omnibox popup pages among them', async () => {
    const page = await extension.context.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    // The last --disable-features is the one Chromium reads.
    const disabled = commandLine
      .split(/\s+/)
      .filter((arg) => arg.startsWith('--disable-features='))
      .at(-1)
      ?.split('=')[1]
      ?.split(',');
    expect(disabled).toEqual(expect.arrayContaining(['HttpsUpgrades', 'PaintHolding', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
