import { describe, expect, it } from 'vitest';
import { LockdownPanel } from './pages/lockdown';
import { PopupPage } from './pages/popup';
import { expectNoSeriousA11yViolations } from './support/axe';
import { stopServiceWorker } from './support/exactly-once';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

describe('lockdown', () => {
  const session = useE2eSession();
  const alice = () => session.pwpush.users[0]!;

  it('expires 120 active pushes over three pages through a 429 and a 500, closed midway and reopened, then wipes this browser', async () => {
    // Put in the store as made over the last two minutes: 120 creates would meet the throttle first.
    const start = Date.now() - 120_000;
    const made = session.pwpush.seed(
      Array.from({ length: 120 }, (_, i) => ({
        owner: alice().email,
        payload: `secret ${i + 1}`,
        name: `Push ${i + 1}`,
        createdAt: start + i * 1000,
      })),
    );
    // The Active list is newest first: the lockdown expires them in that order.
    const order = [...made].reverse();
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, alice().token);
    await worker.evaluate(() =>
      chrome.storage.local.set({ recentAirports: ['ARN', 'GOT'], myFlight: { iata: 'ARN', flight: 'SK1415', date: '2099-01-01' } }),
    );
    session.pwpush.requests.length = 0;
    // Rack::Attack's answer (docs/password-pusher.md#throttling) to the 21st DELETE.
    session.pwpush.setFault({ type: 'rate-limit', retryAfter: 1, times: 1, paths: `/pushes/${order[20]}` });

    let page = await session.extension.open('pushes.html#lockdown');
    let lockdown = new LockdownPanel(page);
    await lockdown.dialog().waitFor();
    await expect.poll(() => lockdown.dialog().innerText()).toContain('expire all active pushes of your account on');
    // The count comes with the Active list's first page, which takes its turn in the instance's pace (lib/pace/).
    await expect.poll(() => lockdown.dialog().innerText()).toContain('(at least 50)');
    await expectNoSeriousA11yViolations(page, 'the lockdown confirmation');
    await screenshot(page, 'lockdown-confirm');
    await lockdown.confirm().click();

    await expect.poll(() => lockdown.expired(), { timeout: 90_000 }).toBeGreaterThan(30);
    expect(await lockdown.progressLine().textContent()).toMatch(/^Expired \d+ of 120$/);
    // The 71st DELETE answers 500 once: tried again, and confirmed.
    session.pwpush.setFault({ type: 'server-error', times: 1, paths: `/pushes/${order[70]}` });
    await screenshot(page, 'lockdown-progress');
    await expect.poll(() => lockdown.expired(), { timeout: 90_000 }).toBeGreaterThan(75);

    // Closed midway, the worker stopped too: reopened, the page shows where it is and the lockdown goes on.
    await page.close();
    const blank = await session.extension.context.newPage();
    await stopServiceWorker(blank);
    await blank.close();
    page = await session.extension.open('pushes.html');
    lockdown = new LockdownPanel(page);
    await expect.poll(async () => (await lockdown.expired()) > 75 || (await lockdown.report().count()) > 0, { timeout: 15_000 }).toBe(true);

    // A real throttle (120 a minute per IP) may make the test build's faster pace wait out a Retry-After.
    await lockdown.report().waitFor({ timeout: 120_000 });
    const report = await lockdown.report().innerText();
    expect(report).toMatch(/120 pushes on 127\.0\.0\.1:\d+ were expired\./);
    expect(report).not.toContain('could not be expired');
    for (const line of [
      'This browser’s history of pushes is forgotten.',
      'Airport data is forgotten: recent airports, My flight, the queue readings, the saved wait times and the watches.',
      'This browser forgot the API token.',
      'The clipboard was emptied, without being read.',
    ])
      expect(report).toContain(line);
    await expectNoSeriousA11yViolations(page, 'the lockdown report');
    await screenshot(page, 'lockdown-report');

    expect(session.pwpush.pushes().filter((push) => !push.expired)).toEqual([]);
    const deletes = session.pwpush.requests
      .filter((request) => request.method === 'DELETE')
      .map((request) => request.path.split('/').at(-1));
    expect(deletes.filter((token) => token === order[20])).toHaveLength(2);
    expect(deletes.filter((token) => token === order[70])).toHaveLength(2);
    expect(new Set(deletes).size).toBe(120);
    const lists = session.pwpush.requests
      .filter((request) => request.path === '/api/v2/pushes/active')
      .map((request) => request.query.page);
    // The dialog's count, the three pages, and the second reading after the expiring (a throttled page is asked again).
    expect(new Set(lists)).toEqual(new Set(['1', '2', '3']));
    expect(lists.filter((page) => page === '1').length).toBeGreaterThanOrEqual(3);

    const stored = await (await session.extension.worker()).evaluate(() => chrome.storage.local.get(null));
    expect(stored.apiToken).toBeUndefined();
    expect(stored.recentAirports).toBeUndefined();
    expect(stored.myFlight).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(order[0]);

    await lockdown.tokenLater().click();
    await lockdown.closeReport().click();
    await lockdown.startButton().waitFor();
    expect((await (await session.extension.worker()).evaluate(() => chrome.storage.local.get('lockdown'))).lockdown).toBeUndefined();
  }, 240_000);

  it('really locks down: the pushes made without the token by their links, one pushed meanwhile on another device, the clipboard; and it is not done while the token still works', async () => {
    const worker = await session.extension.worker();
    const host = new URL(session.pwpush.url).host;
    // Before a token was saved: two pushes from the popup, anonymous, so no list of the account holds them.
    // Clearing is off: the last link the popup copied stays on the clipboard (no passphrase: it opens the secret).
    await configureInstance(worker, session.pwpush.url, '');
    await worker.evaluate(() => chrome.storage.local.set({ clearClipboardAfterSeconds: 0 }));
    const popup = await PopupPage.open(session.extension);
    await popup.pushText('the wifi password');
    await popup.link();
    await worker.evaluate(() =>
      chrome.storage.local.set({
        pushDefaults: {
          expireAfterDays: 7,
          expireAfterViews: 5,
          deletableByViewer: false,
          retrievalStep: true,
          copyLinkAutomatically: true,
          recipientLocale: '',
        },
      }),
    );
    await popup.page.reload();
    await popup.pushText('the door code');
    const lastLink = await popup.link();
    // The copy is written after the link is drawn: a popup closed before it ends leaves the first link.
    await popup.copied().waitFor();
    await popup.page.close();
    const anonymous = session.pwpush.pushes().filter((push) => push.owner === null);
    const [deletable, kept] = [anonymous.find((push) => push.deletable_by_viewer), anonymous.find((push) => !push.deletable_by_viewer)];
    expect([deletable, kept].every(Boolean)).toBe(true);

    await configureInstance(worker, session.pwpush.url, alice().token);
    session.pwpush.seed(
      Array.from({ length: 30 }, (_, i) => ({ owner: alice().email, name: `Push ${i + 1}`, createdAt: Date.now() - 60_000 + i })),
    );
    // Another device pushes with the same token while the lockdown expires: at its 5th DELETE.
    let deletes = 0;
    session.pwpush.onRequest((request) => {
      if (request.method === 'DELETE' && ++deletes === 5) session.pwpush.seed([{ owner: alice().email, name: 'made on another device' }]);
    });

    const page = await session.extension.open('pushes.html#lockdown');
    await page.bringToFront();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lastLink);
    const lockdown = new LockdownPanel(page);
    await lockdown.dialog().waitFor();
    const dialog = await lockdown.dialog().innerText();
    expect(dialog).toContain(
      `expire the pushes this browser made on ${host} without the API token, by their links, where the instance allows it`,
    );
    expect(dialog).toContain('empty the clipboard, whatever it holds (without reading it)');
    expect(dialog).toContain(`The API token still works on ${host} until you make a new one there`);
    await lockdown.confirm().click();

    await lockdown.report().waitFor({ timeout: 90_000 });
    await page.getByRole('heading', { name: 'Lockdown: one step left' }).waitFor();
    const report = await lockdown.report().innerText();
    expect(report).toContain(
      `31 pushes on ${host} were expired. 1 of them was made after the lockdown began (on another device, or by someone with the token).`,
    );
    expect(report).toContain('1 push this browser made without the token was expired by its link.');
    expect(report).toContain('1 push could not be expired:');
    expect(report).toMatch(
      new RegExp(
        `A push without a name \\(made .+\\): the instance refused \\(401\\) That push is not deletable by viewers\\. It stays open until .+, or until its last view \\(5 left\\)\\. Only the administrator of ${host.replace('.', '\\.')} can expire it sooner\\.`,
      ),
    );
    expect(report).toContain('The clipboard was emptied, without being read.');
    expect(report).toContain(`The API token still works on ${host} until you make a new one there`);
    expect(await lockdown.closeReport().count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'the lockdown report with its token step');

    // What the instance holds now: the account's pushes and the deletable anonymous one expired, the other still open.
    const after = new Map(session.pwpush.pushes().map((push) => [push.url_token, push]));
    expect(after.get(deletable!.url_token)?.expired).toBe(true);
    expect(after.get(kept!.url_token)?.expired).toBe(false);
    expect([...after.values()].filter((push) => push.owner !== null && !push.expired)).toEqual([]);
    await page.bringToFront();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('');

    const opened = session.extension.context.waitForEvent('page');
    await lockdown.tokenPage(host).click();
    const tokenPage = await opened;
    await tokenPage.waitForLoadState();
    // The reference instance sends a browser without a session to sign in first, as Devise does.
    expect(tokenPage.url()).toBe(`${session.pwpush.url}/users/sign_in`);
    await tokenPage.close();
    await lockdown.tokenMade().click();
    await page.getByRole('heading', { name: /^Lockdown finished / }).waitFor();
    expect(await lockdown.report().innerText()).toContain(`You made a new API token on ${host}: the old one no longer works.`);
    await lockdown.closeReport().click();
    await lockdown.startButton().waitFor();
  }, 180_000);

  it("is reached from the popup's menu with the keyboard: the Pushes page opens at the confirmation", async () => {
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const popup = await session.extension.open('popup.html');
    const opened = session.extension.context.waitForEvent('page', (page) => page.url().endsWith('/pushes.html#lockdown'));
    await popup.getByRole('button', { name: 'Lockdown', exact: true }).focus();
    // The popup closes itself once the page is open, sometimes before the key is released.
    await popup.keyboard.press('Enter').catch(() => undefined);
    const page = await opened;
    const lockdown = new LockdownPanel(page);
    await lockdown.dialog().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await expect.poll(() => lockdown.dialog().count()).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
    expect(session.pwpush.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
  });

  it('without a token says so plainly and wipes only this browser, from the settings page', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, '');
    await worker.evaluate(() => chrome.storage.local.set({ recentAirports: ['BMA'] }));
    const page = await session.extension.open('options.html');
    const lockdown = new LockdownPanel(page);
    await lockdown.startButton().click();
    await expect.poll(() => lockdown.dialog().innerText()).toContain('Without an API token your account’s pushes on 127.0.0.1');
    expect(await lockdown.keepToken().count()).toBe(0);
    await lockdown.confirm().click();
    await lockdown.report().waitFor({ timeout: 15_000 });
    expect(await lockdown.report().innerText()).toContain('Only this browser’s data was wiped (no API token)');
    expect((await worker.evaluate(() => chrome.storage.local.get('recentAirports'))).recentAirports).toBeUndefined();
    expect(session.pwpush.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
  });
});
