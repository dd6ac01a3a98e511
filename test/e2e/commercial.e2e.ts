import { beforeEach, describe, expect, it } from 'vitest';
import type { Worker } from 'playwright-core';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { ReceivePage } from './pages/receive';
import { RequestView } from './pages/request';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/**
 * Pushgate on the commercial edition (pwpush.com, Pro: docs/password-pusher.md#commercial-edition),
 * against the reference server's: the account choice on the settings page, a push landing in the
 * account chosen, the Pushes page naming it, and "Request a secret" with its answer and receipt.
 */

interface TestHooks {
  pushgateRequests: { pollRequestReceipts(): Promise<void> };
}

/** One request-receipts poll through the test hook, with what its notifications said. */
function pollRequests(worker: Worker): Promise<Array<{ title: string; message: string }>> {
  return worker.evaluate(async () => {
    const shown: Array<{ title: string; message: string }> = [];
    const notifications = chrome.notifications;
    const create = notifications.create.bind(notifications);
    notifications.create = ((id: string, options: { title: string; message: string }) => {
      shown.push({ title: options.title, message: options.message });
      return create(id, options as never);
    }) as never;
    try {
      await (globalThis as unknown as TestHooks).pushgateRequests.pollRequestReceipts();
    } finally {
      notifications.create = create as never;
    }
    return shown;
  });
}

describe('a commercial instance', () => {
  const session = useE2eSession();
  beforeEach(() => session.pwpush.setOptions({ edition: 'commercial' }));

  it('offers the token’s accounts in the settings; a push lands in the one chosen, and the Pushes page says which it shows', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, session.pwpush.users[0]!.token);
    const account = options.page.getByRole('combobox', { name: 'Account' });
    await expect.poll(() => account.inputValue()).toBe('11');
    await account.selectOption({ label: 'Acme Security' });
    // Server text (the account's name) is isolated where it is said (lib/short-text.ts): U+2068 … U+2069.
    await options.page.getByText('Kept: Pushgate now works in “\u2068Acme Security\u2069”.').waitFor();

    const popup = await PopupPage.open(session.extension);
    await popup.pushText('team secret');
    await popup.link();
    const [push] = session.pwpush.pushes();
    expect(push).toMatchObject({ account: 12, owner: 'alice@example.com', payload: 'team secret' });
    expect(session.pwpush.requests.find((request) => request.method === 'POST')!.body).toMatchObject({ account_id: '12' });

    // The settings page's token check reads the default account's first page before any account is known: counted from here.
    const before = session.pwpush.requests.length;
    const pushes = await PushesPage.open(session.extension);
    await pushes.page.getByText('In the account “\u2068Acme Security\u2069” (chosen in the settings)').waitFor();
    await pushes.tab('Active').click();
    await expect.poll(() => pushes.rows().count()).toBe(1);
    const listed = session.pwpush.requests.slice(before).filter((request) => request.path === '/api/v2/pushes/active');
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((request) => request.query.account_id === '12')).toBe(true);

    // The lockdown's confirmation names the account it expires.
    await pushes.page.getByRole('button', { name: 'Start a lockdown…' }).click();
    await pushes.page
      .getByRole('dialog')
      .getByText(/Only the pushes of the account “\u2068Acme Security\u2069” are expired/)
      .waitFor();
  });

  it('shows no choice for a token with one account', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, session.pwpush.users[1]!.token);
    await options.page.getByText('Token accepted').first().waitFor();
    await expect
      .poll(() => options.page.evaluate(() => chrome.storage.local.get('accountChoice').then((stored) => stored.accountChoice)))
      .toEqual({ [session.pwpush.url]: { id: '21', name: 'Bob Example' } });
    expect(await options.page.getByRole('combobox', { name: 'Account' }).count()).toBe(0);
  });

  it('requests a secret: the link to send, the answer on the Pushes page, and a receipt when it comes', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    const request = new RequestView(popup);
    const link = await request.ask('The VPN key for the Oslo office');
    const [made] = session.pwpush.secretRequests();
    expect(link).toBe(made!.html_url);
    expect(made).toMatchObject({ request: 'The VPN key for the Oslo office', account: 11, expire_after_days: 7 });

    // Whoever got the link answers it at the instance's page.
    const answered = await fetch(link, { method: 'POST', body: new URLSearchParams({ payload: 'oslo-vpn-42' }) });
    expect(answered.status).toBe(200);

    const shown = await pollRequests(worker);
    expect(shown).toEqual([
      {
        title: 'Your request was answered',
        message: expect.stringMatching(/^“\u2068The VPN key for the Oslo office\u2069” was answered on .+ and takes no more answers\./),
      },
    ]);

    const pushes = await PushesPage.open(session.extension);
    const section = pushes.page.getByRole('region', { name: 'Requests' });
    await section.getByText('The VPN key for the Oslo office').waitFor();
    await section.getByRole('button', { name: 'Show answer' }).click();
    const secret = section.getByRole('textbox', { name: /^The answer received / });
    await expect.poll(() => secret.inputValue()).toBe('oslo-vpn-42');
    // Read as its owner: no view counted.
    const answer = session.pwpush.pushes().find((push) => push.payload === 'oslo-vpn-42')!;
    expect(answer.views_remaining).toBe(answer.expire_after_views);
  });

  it('says a request link pasted into "Open a secret link" is a request, and opens it in a tab, asking the API nothing', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const link = await new RequestView(await PopupPage.open(session.extension)).ask('The router password');
    expect(new URL(link).pathname).toMatch(/^\/r\//);
    const receive = await ReceivePage.open(session.extension);
    const before = session.pwpush.requests.length;
    await receive.enterLink(link);
    await expect.poll(() => receive.alert().textContent()).toMatch(/This is a request link: it asks for a secret and holds none/);
    expect(await receive.confirmButton().count()).toBe(0);
    const opened = session.extension.context.waitForEvent('page');
    await receive.openRequest().click();
    expect((await opened).url()).toBe(link);
    expect(session.pwpush.requests.slice(before).filter((request) => request.path.startsWith('/api/v2/pushes'))).toEqual([]);
  });

  it('offers nothing of requests where the instance does not take them', async () => {
    session.pwpush.setOptions({ requestsEnabled: false });
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await popup.secret().waitFor();
    await expect
      .poll(() =>
        worker.evaluate(() => chrome.storage.local.get('capabilities').then((stored) => Object.keys(stored.capabilities ?? {}).length)),
      )
      .toBe(1);
    expect(await new RequestView(popup).entry().isVisible()).toBe(false);
    const pushes = await PushesPage.open(session.extension);
    await pushes.tab('Active').waitFor();
    expect(await pushes.page.getByRole('region', { name: 'Requests' }).count()).toBe(0);
  });
});
