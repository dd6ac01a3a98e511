import { describe, expect, it } from 'vitest';
import { isolated } from '../support/isolated';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { ReceivePage } from './pages/receive';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

describe('pushes page', () => {
  const session = useE2eSession();
  const alice = () => session.pwpush.users[0]!;
  const bob = () => session.pwpush.users[1]!;

  /** The history is IndexedDB, which the session does not clear between tests. */
  async function forgetHistory() {
    const page = await session.extension.open('pushes.html');
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase('pushgate');
          request.onsuccess = request.onerror = () => resolve();
        }),
    );
    await page.close();
  }

  /** Pushes one named secret through the popup, as a person would. */
  async function pushNamed(secret: string, name: string): Promise<PopupPage> {
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill(secret);
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill(name);
    await popup.pushButton().click();
    await popup.link();
    return popup;
  }

  it('lists three pushes here and on the server, expires one, and reads its audit log', async () => {
    await forgetHistory();
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    for (const name of ['Alpha', 'Bravo']) await (await pushNamed(`secret of ${name}`, name)).page.close();
    const popup = await pushNamed('secret of Charlie', 'Charlie');

    const pushes = await PushesPage.fromPopup(popup, session.extension.context);
    await pushes.waitForRows(3);
    expect(await pushes.names()).toEqual(['Charlie', 'Bravo', 'Alpha']);
    await pushes.statesChecked();
    await expect.poll(() => pushes.row('Alpha').innerText()).toMatch(/Text\s.*\s7\s+5\s+Yes\s+Yes\s+Not opened yet/s);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page, tab "This browser"');

    await pushes.show('Active');
    await pushes.waitForRows(3);
    expect(await pushes.names()).toEqual(['Charlie', 'Bravo', 'Alpha']);
    await pushes.filter().fill('brav');
    await expect.poll(() => pushes.names()).toEqual(['Bravo']);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page, tab "Active", filtered');
    await pushes.filter().fill('');
    await pushes.filter().blur();
    await screenshot(pushes.page, 'pushes');

    await pushes.row('Bravo').getByRole('button', { name: 'Expire' }).click();
    await pushes.dialog().waitFor();
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page with the expire dialog open');
    await pushes.dialog().getByRole('button', { name: 'Expire' }).click();
    await expect.poll(() => pushes.names()).toEqual(['Charlie', 'Alpha']);
    const bravo = session.pwpush.pushes().find((push) => push.name === 'Bravo')!;
    expect(bravo.expired).toBe(true);
    expect(await pushes.page.getByRole('status').filter({ hasText: 'has expired' }).count()).toBe(1);

    await pushes.show('Expired');
    await pushes.waitForRows(1);
    expect(await pushes.names()).toEqual(['Bravo']);
    expect(await pushes.row('Bravo').innerText()).toMatch(/Expired/);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page, tab "Expired"');

    await pushes.show('This browser');
    await expect.poll(() => pushes.row('Bravo').innerText()).toMatch(/Expired/);
    expect(await pushes.row('Bravo').getByRole('button', { name: 'Expire' }).count()).toBe(0);

    const heading = await pushes.openAudit('Bravo');
    expect(await heading.innerText()).toBe(`Audit log of “${isolated('Bravo')}”`);
    await expect.poll(() => pushes.auditEvents().allInnerTexts()).toEqual(['Created', 'Expired']);
    expect(await pushes.page.locator('.audit-table tbody tr').first().innerText()).toMatch(/127\.0\.0\.1/);
    await expectNoSeriousA11yViolations(pushes.page, 'the audit log');
    await screenshot(pushes.page, 'pushes-audit');
    await pushes.page.getByRole('button', { name: 'Back to the pushes' }).click();
    await expect.poll(() => pushes.page.evaluate(() => document.activeElement?.textContent)).toBe('Audit log');
  });

  it('shows each state with when and how it was learned: from the lists with a token, never "active" without', async () => {
    await forgetHistory();
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const links: Record<string, string> = {};
    for (const name of ['Read', 'Unread', 'Used up']) {
      const popup = await pushNamed(`secret of ${name}`, name);
      links[name] = await popup.link();
      await popup.page.close();
    }
    // A recipient opens "Read" once, and "Used up" until no view is left.
    const view = (link: string) => fetch(`${session.pwpush.url}/api/v2/pushes/${/\/p\/([^/]+)/.exec(link)![1]}`);
    await view(links.Read!);
    for (let i = 0; i < 5; i += 1) await view(links['Used up']!);
    const before = session.pwpush.requests.length;

    const pushes = await PushesPage.open(session.extension);
    await pushes.statesChecked();
    await expect.poll(() => pushes.stateOf('Read')).toMatch(/^Opened\s+Checked with the server, /);
    expect(await pushes.row('Read').innerText()).toMatch(/\s7\s+4\s/);
    expect(await pushes.stateOf('Unread')).toMatch(/^Not opened yet\s+Checked with the server, /);
    // The last view expired it at once (this server does not wait for its job,
    // docs/password-pusher.md#lists).
    expect(await pushes.stateOf('Used up')).toMatch(/^Expired .*\s+Checked with the server, /);
    // The first page of each list held them all: one read of each, no second page. The view of
    // "Read" that no receipt has put into words yet also asks the receipts for a poll at once
    // (lib/receipts/watch-list.ts), which reads the Active list once more, if it has run by now.
    const lists = session.pwpush.requests
      .slice(before)
      .filter((request) => /\/pushes\/(active|expired)$/.test(request.path))
      .map((request) => `${request.path} ${request.query.page ?? ''}`);
    expect(lists.filter((list) => list === '/api/v2/pushes/expired 1')).toHaveLength(1);
    expect(lists.filter((list) => list === '/api/v2/pushes/active 1').length).toBeOneOf([1, 2]);
    expect(lists.filter((list) => !list.endsWith(' 1'))).toEqual([]);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page with checked states');

    await configureInstance(await session.extension.worker(), session.pwpush.url, '');
    const receive = await ReceivePage.open(session.extension);
    await receive.openLink(links.Unread!);
    await receive.payload().waitFor();
    await pushes.page.reload();
    await pushes.waitForRows(3);
    await expect.poll(() => pushes.stateOf('Unread')).toMatch(/^Opened here\s+Opened in this browser /);
    expect(await pushes.stateOf('Read')).toBe('Not checked (needs an API token)');
    expect(await pushes.panel().innerText()).not.toMatch(/Active\b|Not opened yet/);
  });

  it('shows a push whose last view this browser used as expired, learned by opening it here', async () => {
    await forgetHistory();
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const popup = await pushNamed('secret of Last', 'Last');
    const link = await popup.link();
    await popup.page.close();
    // Four of its five views used elsewhere; then no token, so no list can tell the expiry.
    for (let i = 0; i < 4; i += 1) await fetch(`${session.pwpush.url}/api/v2/pushes/${/\/p\/([^/]+)/.exec(link)![1]}`);
    await configureInstance(await session.extension.worker(), session.pwpush.url, '');
    const receive = await ReceivePage.open(session.extension);
    await receive.openLink(link);
    await receive.payload().waitFor();

    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    await expect.poll(() => pushes.stateOf('Last')).toMatch(/^Expired .*\s+Opened in this browser /);
    expect(await pushes.row('Last').getByRole('button', { name: 'Copy link' }).count()).toBe(0);
  });

  it('reads well at 600 and 360 px: State and Actions in view, no sideways scrolling', async () => {
    await forgetHistory();
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const popup = await PopupPage.open(session.extension);
    await popup.secret().fill('narrow secret');
    await popup.options().click();
    await popup.page.getByRole('textbox', { name: 'Name' }).fill('Staging database for the quarterly migration rehearsal');
    await popup.page.getByRole('textbox', { name: 'Note' }).fill('For Kim and the on-call team; rotate it afterwards, please');
    await popup.pushButton().click();
    await popup.link();
    await popup.page.close();
    await (await pushNamed('second', 'Wi-Fi')).page.close();

    const pushes = await PushesPage.open(session.extension);
    await pushes.statesChecked();
    for (const width of [600, 360]) {
      await pushes.page.setViewportSize({ width, height: 800 });
      await pushes.waitForRows(2);
      const layout = await pushes.layout();
      expect(layout.scrollWidth, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(layout.clientWidth);
      for (const box of layout.boxes) {
        expect(box.left, `${box.what} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${box.what} at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(layout.boxes.filter((box) => box.what.startsWith('State')).length).toBe(2);
      await expectNoSeriousA11yViolations(pushes.page, `the pushes page at ${width} px`);
    }
    await screenshot(pushes.page, 'pushes-narrow');
  });

  it("refuses the audit log of someone else's push with its own message", async () => {
    await forgetHistory();
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, bob().token);
    await (await pushNamed('bob only', 'Bob secret')).page.close();
    expect(session.pwpush.pushes()[0]!.owner).toBe(bob().email);

    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    await pushes.openAudit('Bob secret');
    await expect
      .poll(() => pushes.alert().innerText())
      .toBe('This push belongs to another account; only its owner can read its audit log.');
    await expectNoSeriousA11yViolations(pushes.page, "the audit log of someone else's push");
    const audits = session.pwpush.requests.filter((request) => request.path.endsWith('/audit'));
    expect(audits.map((request) => request.authorization)).toEqual([`Bearer ${alice().token}`]);
  });

  it('keeps two Pushes tabs in step: an expiry, a new push and a forgotten history in one show in the other without a reload', async () => {
    await forgetHistory();
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    for (const name of ['Shared', 'Other']) await (await pushNamed(`secret of ${name}`, name)).page.close();
    const first = await PushesPage.open(session.extension);
    const second = await PushesPage.open(session.extension);
    for (const tab of [first, second]) {
      await tab.statesChecked();
      await expect.poll(() => tab.names()).toEqual(['Other', 'Shared']);
    }

    await first.row('Shared').getByRole('button', { name: 'Expire' }).click();
    await first.dialog().getByRole('button', { name: 'Expire' }).click();
    await expect.poll(() => first.stateOf('Shared')).toMatch(/^Expired/);

    // The second tab follows: no Expire button is left there for a second DELETE of the same push.
    await expect.poll(() => second.stateOf('Shared'), { timeout: 10_000 }).toMatch(/^Expired/);
    expect(await second.row('Shared').getByRole('button', { name: 'Expire' }).count()).toBe(0);
    await second.show('Active');
    await expect.poll(() => second.names(), { timeout: 10_000 }).toEqual(['Other']);
    const deletes = session.pwpush.requests.filter((request) => request.method === 'DELETE');
    expect(deletes).toHaveLength(1);
    await second.show('This browser');

    // A push made in the popup (written by the background) shows up in both.
    await (await pushNamed('secret of Third', 'Third')).page.close();
    for (const tab of [first, second]) await expect.poll(() => tab.names(), { timeout: 10_000 }).toEqual(['Third', 'Other', 'Shared']);

    // "Keep a history" turned off in the settings forgets every entry: both lists empty.
    const options = await OptionsPage.open(session.extension);
    await options.page.getByRole('checkbox', { name: 'Keep a history of pushes in this browser' }).uncheck();
    await options.saveButton().click();
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/saved/i);
    for (const tab of [first, second]) {
      await tab.page.getByText('No pushes have been made in this browser yet.').waitFor({ timeout: 10_000 });
    }
    await options.page.getByRole('checkbox', { name: 'Keep a history of pushes in this browser' }).check();
    await options.saveButton().click();
    await expect.poll(() => options.announcements(), { timeout: 15_000 }).toMatch(/saved/i);
    for (const page of [first.page, second.page, options.page]) await page.close();
  });

  it('keeps showing the history when the instance cannot be reached, and needs a token for the server lists', async () => {
    await forgetHistory();
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    await (await pushNamed('kept', 'Kept')).page.close();
    session.pwpush.setFault({ type: 'drop', paths: '/pushes/active' });
    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    await pushes.show('Active');
    await expect.poll(() => pushes.panel().getByRole('alert').innerText(), { timeout: 15_000 }).toMatch(/could not be reached/i);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page with an unreachable instance');
    await pushes.show('This browser');
    expect(await pushes.names()).toEqual(['Kept']);
    // The check of the states failed too: the row never passes its push-time state off as checked.
    expect(await pushes.page.getByRole('alert').first().innerText()).toMatch(/could not be reached/i);
    expect(await pushes.stateOf('Kept')).toMatch(/^Not checked this time\s+A later opening of this page checks it/);

    session.pwpush.setFault(null);
    await configureInstance(await session.extension.worker(), session.pwpush.url, '');
    await pushes.page.reload();
    await pushes.show('Expired');
    await expect.poll(() => pushes.panel().innerText()).toMatch(/need an API token/);
    expect(await pushes.panel().getByRole('button', { name: 'Open settings' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page without a token');
  });

  it('searches every page of the Active list for a filter, through a 429, and expires a push found on page 3', async () => {
    await forgetHistory();
    // 120 pushes (2.11.4 sends no pagination headers): pages of 50, 50 and 20, newest first. The
    // matches are the newest (page 1), the 60th (page 2) and the 3rd (page 3).
    // Put into the store: 120 creations over HTTP would meet the server's throttle (120 a minute).
    const start = Date.now() - 3_600_000;
    session.pwpush.seed(
      Array.from({ length: 120 }, (_, index) => ({
        owner: alice().email,
        name: [2, 60, 119].includes(index) ? `Wifi ${index}` : `Push ${index}`,
        payload: `secret ${index}`,
        createdAt: start + index * 1_000,
      })),
    );
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice().token);
    const pushes = await PushesPage.open(session.extension);
    await pushes.show('Active');
    await pushes.waitForRows(50);
    await pushes.filter().fill('wifi');
    await expect.poll(() => pushes.status()).toBe('1 of 50 pushes on page 1 match “wifi”.');

    // The server's throttle answers the next list request with a 429 and Retry-After: 1.
    session.pwpush.setFault({ type: 'rate-limit', retryAfter: 1, times: 1, paths: '/pushes/active' });
    const before = session.pwpush.requests.length;
    await pushes.searchAllButton().click();
    await expect.poll(() => pushes.status(), { timeout: 15_000 }).toBe('3 of 120 pushes on pages 1 to 3 match “wifi”.');
    expect(await pushes.names()).toEqual(['Wifi 119', 'Wifi 60', 'Wifi 2']);
    expect(
      await pushes
        .rows()
        .getByText(/^Page \d$/)
        .allInnerTexts(),
    ).toEqual(['Page 1', 'Page 2', 'Page 3']);
    const asked = session.pwpush.requests.slice(before).filter((request) => request.path === '/api/v2/pushes/active');
    expect(asked.map((request) => request.query.page)).toEqual(['2', '2', '3']);
    await expectNoSeriousA11yViolations(pushes.page, 'the pushes page, every page of "Active" searched');

    await pushes.expire('Wifi 2');
    await expect.poll(() => pushes.names()).toEqual(['Wifi 119', 'Wifi 60']);
    expect(session.pwpush.pushes().find((push) => push.name === 'Wifi 2')!.expired).toBe(true);

    await pushes.filter().fill('');
    await pushes.waitForRows(50);
    expect(await pushes.panel().getByRole('navigation').innerText()).toMatch('Page 1');
  });
});
