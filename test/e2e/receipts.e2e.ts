import { describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { stopServiceWorker } from './support/exactly-once';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/** A person's Chrome, and Slack's link preview as Slack documents its agent (lib/receipts/link-previewers.ts). */
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

interface Shown {
  id: string;
  title: string;
  message: string;
}
interface TestHooks {
  pushgate: { pollReceipts(): Promise<void> };
}

const tokenOf = (link: string) => /\/p\/([a-z0-9_-]+)/.exec(link)![1]!;

/**
 * One poll through the test hook (an alarm fires at most every 30 s), with what its notifications
 * said: Chrome lets nobody read a notification's text back.
 */
function pollAndRead(worker: Worker): Promise<Shown[]> {
  return worker.evaluate(async () => {
    const shown: Shown[] = [];
    const notifications = chrome.notifications;
    const create = notifications.create.bind(notifications);
    notifications.create = ((id: string, options: Shown) => {
      shown.push({ id, title: options.title, message: options.message });
      return create(id, options as never);
    }) as never;
    try {
      await (globalThis as unknown as TestHooks).pushgate.pollReceipts();
    } finally {
      notifications.create = create as never;
    }
    return shown;
  });
}

/** Stops the service worker, as Chrome does to an idle one, and wakes a new one with a message from a page. */
async function restartWorker(page: Page, current: () => Promise<Worker>): Promise<Worker> {
  await current().then((worker) => worker.evaluate(() => Object.assign(globalThis, { beforeTheStop: true })));
  await stopServiceWorker(page);
  await page.evaluate(() => chrome.runtime.sendMessage({ type: 'wake' }).catch(() => undefined));
  let worker = await current();
  await expect
    .poll(async () => {
      worker = await current();
      return worker.evaluate(() => !('beforeTheStop' in globalThis) && 'pushgate' in globalThis).catch(() => false);
    })
    .toBe(true);
  return worker;
}

const badge = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));

describe('read receipts', () => {
  const session = useE2eSession();

  async function openAs(urlToken: string, userAgent: string): Promise<void> {
    const answer = await fetch(`${session.pwpush.url}/api/v2/pushes/${urlToken}`, { headers: { 'user-agent': userAgent } });
    expect(answer.status).toBe(200);
  }

  it('a browser opens a push, then a link preview: a notification each, the row and the link view agree, the badge counts until the Pushes page opens; the worker stopped between polls', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await popup.pushText('watched secret');
    const link = await popup.link();
    await popup.page.getByText('You get a read receipt when it is opened.').waitFor();
    // The new push set the one alarm (the history's announcement reaches the worker that recorded it).
    await expect.poll(() => worker.evaluate(() => chrome.alarms.get('pushgate-receipts').then(Boolean))).toBe(true);

    await openAs(tokenOf(link), CHROME);
    let current = await restartWorker(popup.page, () => session.extension.worker());
    session.pwpush.requests.length = 0;
    const first = await pollAndRead(current);
    expect(first).toHaveLength(1);
    expect(first[0]!.title).toBe('Read receipt');
    expect(first[0]!.message).toMatch(/^Your text push of .+ was opened on .+\. Opened by a browser\. 4 views left\.$/);
    expect(JSON.stringify(first)).not.toContain(tokenOf(link));
    // The cheapest reading: the Active list, then the audit log of the one push whose views changed.
    expect(session.pwpush.requests.map((request) => request.path)).toEqual([
      '/api/v2/pushes/active',
      `/api/v2/pushes/${tokenOf(link)}/audit`,
    ]);
    expect(await badge(current)).toBe('1');
    // The popup's link view, still open, says the same.
    await popup.page.getByText(/^Opened on .+\. Opened by a browser\. 4 views left\.$/).waitFor();

    await openAs(tokenOf(link), SLACK);
    current = await restartWorker(popup.page, () => session.extension.worker());
    const second = await pollAndRead(current);
    expect(second.map((shown) => shown.message)).toEqual([
      expect.stringMatching(
        /was opened on .+\. Opened by Slack's link preview, not a person: your recipient may find it expired\. 3 views left\.$/,
      ),
    ]);
    expect(await badge(current)).toBe('2');

    // The notification's click opens the Pushes page at the row: `#push=<history entry id>`.
    const entryId = /^pushgate-receipt:(\d+):/.exec(second[0]!.id)![1];
    const page = await session.extension.open(`pushes.html#push=${entryId}`);
    const pushes = new PushesPage(page);
    await pushes.waitForRows(1);
    const row = pushes.rows().first();
    await expect.poll(() => row.getAttribute('class')).toMatch(/receipt-target/);
    await row
      .getByText(/^Opened on .+\. Opened by Slack's link preview, not a person: your recipient may find it expired\. 3 views left\.$/)
      .waitFor();
    await expect.poll(() => badge(current)).toBe('');

    // Stop watching, in the row: the next poll asks nothing, and no alarm is left.
    await row.getByRole('button', { name: 'Stop watching' }).click();
    await row.getByRole('button', { name: 'Watch again' }).waitFor();
    session.pwpush.requests.length = 0;
    expect(await pollAndRead(current)).toEqual([]);
    expect(session.pwpush.requests).toEqual([]);
    expect(await current.evaluate(() => chrome.alarms.get('pushgate-receipts'))).toBeFalsy();
  });

  it("Slack's link preview opens a push while its link view is open: the link view names it once the Pushes page's lists show the view, no alarm needed", async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, session.pwpush.users[0]!.token);
    const popup = await PopupPage.open(session.extension);
    await popup.pushText('unfurled secret');
    const link = await popup.link();
    await popup.page.getByText('You get a read receipt when it is opened.').waitFor();
    // No alarm's poll: only a poll asked for at once can say who opened it within this test.
    await expect.poll(() => worker.evaluate(() => chrome.alarms.get('pushgate-receipts').then(Boolean))).toBe(true);
    await worker.evaluate(() => chrome.alarms.clear('pushgate-receipts'));

    await openAs(tokenOf(link), SLACK);
    session.pwpush.requests.length = 0;
    const pushes = await PushesPage.open(session.extension);
    await pushes.waitForRows(1);
    const said = /^Opened on .+\. Opened by Slack's link preview, not a person: your recipient may find it expired\. 4 views left\.$/;
    await popup.page.getByText(said).waitFor();
    await pushes.rows().first().getByText(said).waitFor();
    // The page and the link view both asked: one poll, one audit read.
    const audits = session.pwpush.requests.filter((request) => request.path === `/api/v2/pushes/${tokenOf(link)}/audit`);
    expect(audits).toHaveLength(1);
  });

  it('without a token nothing is asked, and the Pushes page says what a token would add', async () => {
    const worker = await session.extension.worker();
    await configureInstance(worker, session.pwpush.url, '');
    const popup = await PopupPage.open(session.extension);
    await popup.pushText('unwatched secret');
    await popup.link();
    session.pwpush.requests.length = 0;
    expect(await pollAndRead(await session.extension.worker())).toEqual([]);
    expect(session.pwpush.requests).toEqual([]);
    const pushes = await PushesPage.open(session.extension);
    await pushes.page.getByText(/^With an API token, Pushgate tells you when a push made in this browser is opened/).waitFor();
  });
});
