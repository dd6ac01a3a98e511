import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { ReceivePage } from './pages/receive';
import { useE2eSession } from './support/session';
import { configureInstance, dumpEverythingStored } from './support/storage';

// In Chromium: a hostile instance's link is never shown, copied, opened, drawn or kept.
describe('a link from the instance is checked first', () => {
  const session = useE2eSession();

  it.each(['data:text/html,<script>document.title="ran"</script>', 'javascript:alert(1)', 'https://phish.example/p/k3xq9w0lz2mfa'])(
    '%s: the popup names it, offers no Open, opens nothing and keeps nothing',
    async (url) => {
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
    },
  );

  it('an instance whose override_base_url points elsewhere: the push exists, its link is refused and kept nowhere, and the push can be expired from the Pushes page', async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    session.pwpush.setOptions({ overrideBaseUrl: 'https://pwpush.elsewhere.example' });
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('made, but not handed out');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Refused link');
    await popup.pushButton().click();
    await expect.poll(() => popup.alert().innerText()).toMatch(/created the push but handed back a link Pushgate does not trust/);
    expect(await popup.alert().innerText()).toContain('https://pwpush.elsewhere.example/p/');
    expect(await popup.copyLink().count()).toBe(0);
    expect(session.pwpush.pushes()).toHaveLength(1);
    expect(await dumpEverythingStored(popup.page)).not.toContain('pwpush.elsewhere.example');

    const pushes = await PushesPage.open(session.extension);
    await expect.poll(() => pushes.names(), { timeout: 10_000 }).toContain('Refused link');
    await pushes.expire('Refused link');
    await expect.poll(() => session.pwpush.pushes()[0]!.expired).toBe(true);
  });

  it("a retrieved file push: the download link on another host is held back and counted, the instance's own is offered", async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, session.pwpush.users[0]!.token);
    const receive = await ReceivePage.open(session.extension);
    await receive.enterLink(`${session.pwpush.url}/p/h0stilef1le0k3n`);
    await receive.warning().waitFor();
    session.pwpush.setFault({ type: 'hostile-file-link', url: 'https://files.phish.example/invoice.exe', paths: '/api/v2/pushes' });
    await receive.confirmButton().click();

    const report = receive.page.getByRole('link', { name: 'report.pdf' });
    await report.waitFor();
    expect(await report.getAttribute('href')).toBe(`${session.pwpush.url}/pfb/blobs/redirect/f1/report.pdf`);
    expect(await receive.page.getByRole('link', { name: 'invoice.exe' }).count()).toBe(0);
    const host = new URL(session.pwpush.url).host;
    expect(await receive.page.getByText(`A file link led away from ${host} and is not shown`).count()).toBe(1);
    expect(await receive.page.locator('a[href*="phish"]').count()).toBe(0);
  });
});
