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
});
