import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { useE2eSession } from './support/session';
import { configureInstance, dumpEverythingStored } from './support/storage';

// Issue 9 §3 in Chromium: a hostile instance's link is never shown, copied, opened, drawn or kept.
describe('a link from the instance is checked first', () => {
  const session = useE2eSession();

  it.each([
    'data:text/html,<script>document.title="ran"</script>',
    'javascript:alert(1)',
    'https://phish.example/p/k3xq9w0lz2mfa',
  ])('%s: the popup names it, offers no Open, opens nothing and keeps nothing', async (url) => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    session.pwpush.setFault({ type: 'hostile-link', url, paths: '/api/v2/pushes' });
    const popup = await PopupPage.open(session.extension);
    const pagesBefore = session.extension.context.pages().length;

    await popup.pushText('a secret for a hostile instance');
    await expect.poll(() => popup.alert().innerText()).toContain('does not trust');
    expect(await popup.alert().innerText()).toContain(url);
    expect(await popup.page.getByRole('button', { name: 'Open', exact: true }).count()).toBe(0);
    expect(await popup.copyLink().count()).toBe(0);
    expect(await popup.qrCode().count()).toBe(0);
    expect(session.extension.context.pages().length).toBe(pagesBefore);
    expect(session.extension.context.pages().some((page) => !/^(about:blank|chrome-extension:)/.test(page.url()))).toBe(false);
    expect(await dumpEverythingStored(popup.page)).not.toContain(url);
    expect(await popup.page.evaluate(() => document.title)).not.toBe('ran');
  });
});
