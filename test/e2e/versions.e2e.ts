import { beforeEach, describe, expect, it } from 'vitest';
import { VERSIONS } from '../servers/pwpush/server.mjs';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { ReceivePage } from './pages/receive';
import { useE2eSession } from './support/session';
import { isolated } from '../support/isolated';

/**
 * The main journeys against the reference server as each supported Password Pusher release
 * (docs/password-pusher.md#versions): one Chromium, the server switched to the version before
 * every test.
 */
const session = useE2eSession();

describe('Password Pusher 2.4.1 with URL pushes switched off (its /version says nothing of kinds)', () => {
  it('a URL push refused once: the reason at the field, and URL not offered again this session', async () => {
    session.pwpush.setOptions({ version: '2.4.1', enableUrlPushes: false });
    await (await OptionsPage.open(session.extension)).save(session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await popup.page.getByRole('radio', { name: 'URL' }).check();
    await popup.secret().fill('https://intranet.example/wiki');
    await popup.pushButton().click();
    await expect.poll(() => popup.alert().innerText()).toMatch(/URL pushes are disabled/);
    await popup.page.close();
    const again = await PopupPage.open(session.extension);
    await again.page.getByRole('radio', { name: 'QR code' }).waitFor();
    expect(await again.page.getByRole('radio', { name: 'URL' }).count()).toBe(0);
  });
});

describe.each(VERSIONS)('Password Pusher %s', (version) => {
  const alice = () => session.pwpush.users[0]!;

  beforeEach(() => {
    session.pwpush.setOptions({ version });
  });

  it('options: checks the instance and the token, and reports the version', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, alice().token);
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    expect(await options.announcements()).toContain(`Password Pusher ${isolated(version)}`);
  });

  it('push, receive, the Active list and the audit log', async () => {
    await (await OptionsPage.open(session.extension)).save(session.pwpush.url, alice().token);
    const name = `Journey ${version}`;
    const secret = `secret of ${version}`;

    const popup = await PopupPage.open(session.extension);
    // Every release offers URL and QR pushes (before 2.5.4 from defaults: /version has no features).
    await popup.page.getByRole('radio', { name: 'URL' }).waitFor();
    await popup.page.getByRole('radio', { name: 'QR code' }).waitFor();
    await popup.secret().fill(secret);
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill(name);
    await popup.pushButton().click();
    const link = await popup.link();
    expect(link).toBe(session.pwpush.pushes()[0]!.html_url);
    await popup.page.close();

    const receive = await ReceivePage.open(session.extension);
    await receive.openLink(link);
    expect(await receive.payload().inputValue()).toBe(secret);
    await receive.page.close();

    const pushes = await PushesPage.open(session.extension);
    await pushes.show('Active');
    await expect.poll(() => pushes.names()).toEqual([name]);
    await pushes.openAudit(name);
    await expect.poll(() => pushes.auditEvents().allInnerTexts()).toEqual(['Created', 'Viewed']);
  });
});
