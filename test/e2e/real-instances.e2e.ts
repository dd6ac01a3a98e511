import { describe, expect, it } from 'vitest';
import { PopupPage } from './pages/popup';
import { ReceivePage } from './pages/receive';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** What real instances do that a kind test server would not: slow uplinks, proxy limits, private instances. */
describe('real instances', () => {
  const session = useE2eSession();
  const alice = () => session.pwpush.users[0]!;
  const MB = 1024 * 1024;

  async function pushFile(bytes: number): Promise<PopupPage> {
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const popup = await PopupPage.open(session.extension);
    await popup.page.getByRole('radio', { name: 'File' }).click();
    await popup.page
      .getByLabel('Files')
      .setInputFiles({ name: 'disk.img', mimeType: 'application/octet-stream', buffer: Buffer.alloc(bytes) });
    await popup.pushButton().click();
    return popup;
  }

  it('uploads 4 MB at 256 kB/s with visible progress, past the old fixed 10 s limit', { timeout: 120_000 }, async () => {
    session.pwpush.setOptions({ uploadBytesPerSecond: 256 * 1024 });
    const started = Date.now();
    const popup = await pushFile(4 * MB);
    await popup.page.getByRole('progressbar', { name: 'Uploading' }).waitFor();
    await popup.page.getByRole('button', { name: 'Cancel upload' }).waitFor();
    await popup.page.locator('.link-text').first().waitFor({ timeout: 90_000 });
    expect(Date.now() - started).toBeGreaterThan(10_000);
    expect(session.pwpush.pushes()[0]?.files[0]?.size).toBe(4 * MB);
  });

  it('"Cancel upload" stops it and says so', async () => {
    session.pwpush.setOptions({ uploadBytesPerSecond: 64 * 1024 });
    const popup = await pushFile(4 * MB);
    await popup.page.getByRole('button', { name: 'Cancel upload' }).click();
    await expect.poll(() => popup.alert().innerText()).toMatch(/^Upload cancelled: nothing was pushed\./);
    expect(session.pwpush.pushes()).toEqual([]);
  });

  it('a proxy’s size limit (413, HTML) is explained as a file too large for the instance', async () => {
    session.pwpush.setOptions({ maxBodyBytes: MB });
    const popup = await pushFile(2 * MB);
    await expect.poll(() => popup.alert().innerText()).toMatch(/The file is larger than the instance accepts/);
  });

  it('a create whose answer never came in time is found in the Active list and shown, not pushed twice', { timeout: 60_000 }, async () => {
    // Longer than the client's 10 s: the push exists at once, its answer would come after the client gave up.
    session.pwpush.setOptions({ createAnswerDelayMs: 20_000 });
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const popup = await PopupPage.open(session.extension);
    await popup.pushText('answered too late');
    const link = await popup.page.locator('.link-text').first().innerText({ timeout: 30_000 });
    expect(link.trim()).toBe(session.pwpush.pushes()[0]!.html_url);
    await popup.page.getByText(/found the push on your instance and checked it is this one/).waitFor();
    expect(session.pwpush.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('a private instance: "Open a secret link" uses this instance’s token and says an owner view counts nothing', async () => {
    session.pwpush.setOptions({ allowAnonymous: false });
    const created = await fetch(`${session.pwpush.url}/api/v2/pushes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice().token}` },
      body: JSON.stringify({ push: { payload: 'private secret', expire_after_views: 3 } }),
    }).then((response) => response.json());
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const receive = await ReceivePage.open(session.extension);
    await receive.openLink(created.html_url);
    expect(await receive.payload().inputValue()).toBe('private secret');
    await receive.page.getByText(/This counted no view if the push is yours or your account is an administrator/).waitFor();
    expect(session.pwpush.pushes()[0]!.audit.map((entry) => entry.kind)).toEqual(['creation', 'owner_view']);
  });
});
