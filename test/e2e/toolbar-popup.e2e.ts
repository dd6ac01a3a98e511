import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolbarPopup } from './pages/toolbar-popup';
import { expectNoSeriousA11yViolationsInToolbarPopup } from './support/axe';
import { serveFixtureSite } from './support/fixture-site';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// Leading and trailing spaces, a tab and inner line breaks: all must survive. (The HTML parser
// drops a newline right after <pre>, so the text is set from a script.)
const SELECTION = '  ssh-ed25519 AAAAC3Nza\n\tsecond line  \nthird  ';

describe('toolbar popup on a real page', () => {
  const session = useE2eSession();
  let site: Awaited<ReturnType<typeof serveFixtureSite>>;
  beforeAll(async () => {
    site = await serveFixtureSite({
      '/': `<!doctype html><title>Keys</title><pre id="k"></pre><script>k.textContent = ${JSON.stringify(SELECTION)}</script>`,
    });
  });
  afterAll(() => site.close());

  it('prefills the page selection exactly, line breaks and edge whitespace kept, and pushes it', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const page = await session.extension.context.newPage();
    await page.goto(`${site.url}/`);
    await page.bringToFront();
    await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById('k')!));

    const popup = await ToolbarPopup.open(session.extension);
    const secretField = `[...document.querySelectorAll('textarea')].find((t) => t.labels?.[0]?.textContent?.includes('Secret'))`;
    const prefilled = await popup.waitFor<string>(`(${secretField})?.value`);
    expect(prefilled).toBe(SELECTION);
    await expectNoSeriousA11yViolationsInToolbarPopup(popup, 'the toolbar popup prefilled from the page');

    await popup.evaluate(`[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Push').click(), true`);
    await expect.poll(() => session.pwpush.pushes().length).toBe(1);
    expect(session.pwpush.pushes()[0]!.payload).toBe(SELECTION);
    const shown = await popup.waitFor<string>(`document.querySelector('.link-text')?.textContent`);
    expect(shown.trim()).toBe(session.pwpush.pushes()[0]!.html_url);
    await expectNoSeriousA11yViolationsInToolbarPopup(popup, 'the link result in the toolbar popup');
    await popup.close();
  });

  it('"Airport wait times" opens the side panel of the popup\'s window, not a tab', async () => {
    const page = await session.extension.context.newPage();
    await page.goto(`${site.url}/`);
    await page.bringToFront();
    const popup = await ToolbarPopup.open(session.extension);
    const button = `[...document.querySelectorAll('button')].find((b) => b.textContent.includes('Airport wait times'))`;
    await popup.waitFor(`${button} && true`);
    // The window id is read when the popup opens; the click must reach `sidePanel.open` inside its gesture.
    await popup.evaluate('new Promise((resolve) => setTimeout(resolve, 300))');
    await popup.evaluate(`${button}.click(), true`, { userGesture: true });
    const cdp = await session.extension.context.browser()!.newBrowserCDPSession();
    const panel = async () => (await cdp.send('Target.getTargets')).targetInfos.find((t) => t.url.endsWith('/sidepanel.html'));
    await expect.poll(panel).toBeTruthy();
    // The fallback would have opened it as a tab: the tabs API lists tabs, never a side panel.
    const worker = await session.extension.worker();
    expect(await worker.evaluate(() => chrome.tabs.query({ url: chrome.runtime.getURL('/sidepanel.html') }))).toEqual([]);
    await cdp.detach();
    await page.close();
  });
});
