import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { wallClock } from '../../lib/airport/zone';
import { startFeedServer, type FeedServer } from '../servers/airport-sources/server.mjs';
import { LockdownPanel } from './pages/lockdown';
import { stopServiceWorker } from './support/exactly-once';
import { checkAt, copenhagenAt, MINUTE, stored, type TestHooks } from './support/watches';
import { SidePanelPage } from './pages/sidepanel';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

/**
 * Watches on airport queues (docs/watches.md) in Chromium, against the airports' reference feeds on
 * a clock the test moves: the queue changes on the feed's schedule, the background's check runs as
 * if its alarm had fired then (`pushgateWatches.check(at)`, a test-build handle), and what the
 * notifications said is read as they are made (Chrome lets nobody read them back).
 */

/** Stops the service worker, as Chrome does to an idle one, and wakes a new one with a message from a page. */
async function restartWorker(page: Page, current: () => Promise<Worker>): Promise<Worker> {
  await (await current()).evaluate(() => Object.assign(globalThis, { beforeTheStop: true }));
  await stopServiceWorker(page);
  await page.evaluate(() => chrome.runtime.sendMessage({ type: 'wake' }).catch(() => undefined));
  let worker = await current();
  await expect
    .poll(async () => {
      worker = await current();
      return worker.evaluate(() => !('beforeTheStop' in globalThis) && 'pushgateWatches' in globalThis).catch(() => false);
    })
    .toBe(true);
  return worker;
}

/** How many queue readings the extension keeps for `iata` (IndexedDB `readings`). */
function readingsOf(worker: Worker, iata: string): Promise<number> {
  return worker.evaluate(
    (code) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('pushgate');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('readings').objectStore('readings').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result.filter((reading: { iata: string }) => reading.iata === code).length);
          };
          all.onerror = () => reject(all.error);
        };
      }),
    iata,
  );
}

describe('side panel: watches on a queue, against the airports’ reference feeds', () => {
  const session = useE2eSession();
  let clock = Date.now();
  let cph: FeedServer;
  let dub: FeedServer;
  beforeAll(async () => {
    [cph, dub] = await Promise.all([startFeedServer('cph', { now: () => clock }), startFeedServer('dub', { now: () => clock })]);
  });
  beforeEach(async () => {
    clock = Date.now();
    cph.reset();
    dub.reset();
    // The boards and readings of the test before, some fetched on its clock moved ahead, go too.
    await (await session.extension.worker()).evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('pushgate');
          // Not made yet (the first test): left for the extension to make at its own version.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => (open.error?.name === 'AbortError' ? resolve() : reject(open.error));
          open.onsuccess = () => {
            const tx = open.result.transaction(['waitBoards', 'readings'], 'readwrite');
            tx.objectStore('waitBoards').clear();
            tx.objectStore('readings').clear();
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
  });
  afterAll(async () => {
    await Promise.all([cph?.close(), dub?.close()]);
  });

  async function pointAt(worker: Worker, extra: Record<string, unknown> = {}) {
    await worker.evaluate((values) => chrome.storage.local.set(values), {
      airportFeedUrls: { cph: cph.feedUrl, dub: dub.feedUrl },
      ...extra,
    });
  }

  /** The first check, made as the watch is set: done once the background wrote when it ran. */
  const firstCheckDone = (worker: Worker) =>
    expect
      .poll(async () => ((await stored(worker, 'airportWatchesState')) as { lastCheckAt: number | null } | undefined)?.lastCheckAt ?? null)
      .not.toBeNull();

  it('tells when Terminal 2 drops under 10 min, with the airport, the value and its age; its click opens the panel there', async () => {
    const worker = await session.extension.worker();
    await pointAt(worker);
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('CPH');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Terminal 2', '10–15 min'],
        ['Terminal 3', '0–5 min'],
      ]);
    // Every board fetched keeps its readings, on this machine.
    await expect.poll(() => readingsOf(worker, 'CPH')).toBe(2);

    await panel.watchButton('Terminal 2').click();
    const form = panel.watchForm();
    // Before anything is set: what it costs (the board on screen answers the first check).
    expect(await form.locator('.watch-cost').innerText()).toMatch(
      /^Checked every 5 minutes until .+: at most 71 requests to Copenhagen Airport's website\.$/,
    );
    await form.getByRole('radio', { name: 'when it is under' }).check();
    await form.getByRole('spinbutton', { name: 'Minutes' }).fill('10');
    await form.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect.poll(() => panel.watchList().innerText()).toMatch(/Terminal 2\u2069?, Copenhagen Airport.*: under 10 min · until /);
    await firstCheckDone(worker);
    // The first check read the board the panel had just fetched: no request of its own.
    expect(cph.requests).toHaveLength(1);
    expect(await worker.evaluate(async () => (await chrome.alarms.get('pushgate-watches'))?.name)).toBe('pushgate-watches');

    // The queue drops three minutes on; the watch's next check is five minutes after its first.
    const setAt = clock;
    cph.setSchedule([
      { from: setAt, body: copenhagenAt('10-15') },
      { from: setAt + 3 * MINUTE, body: copenhagenAt('0-5') },
    ]);
    clock = setAt + 2 * MINUTE;
    // Before the five-minute floor nothing is asked.
    expect(await checkAt(worker, clock)).toEqual({ requests: 0, shown: [] });
    expect(cph.requests).toHaveLength(1);

    // The service worker stops between two checks, as Chrome stops an idle one: the watch is in storage.
    const woken = await restartWorker(panel.page, session.extension.worker);
    clock = setAt + 6 * MINUTE;
    const { requests, shown } = await checkAt(woken, clock);
    expect(requests).toBe(1);
    expect(cph.requests).toHaveLength(2);
    // Measured as the feed answered, on Copenhagen's clock (and its name when the computer's is another).
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' }).format(clock);
    expect(shown).toEqual([
      {
        id: expect.stringMatching(/^pushgate-watch:\d+:CPH:T2:/),
        title: 'Under 10 min at CPH',
        message: expect.stringMatching(
          new RegExp(
            `^\u2068Terminal 2\u2069, Copenhagen Airport \\(CPH\\): 0–5 min, measured at ${time}( \\(Copenhagen time\\))?, just now\\.$`,
          ),
        ),
      },
    ]);
    // Met: it ends, and says so in the panel; no alarm is left.
    await expect.poll(() => panel.watchList().innerText()).toMatch(/under 10 min\. Met: 0–5 min\./);
    expect(await stored(woken, 'airportWatches')).toEqual([]);
    expect(await woken.evaluate(async () => (await chrome.alarms.get('pushgate-watches')) ?? null)).toBeNull();
    // The person has gone on to Dublin; the notification's click brings the panel back to Terminal 2.
    await panel.choose('DUB');
    await expect.poll(() => panel.boardHeading().innerText()).toMatch(/Dublin/);
    expect(await woken.evaluate((id) => (globalThis as unknown as TestHooks).pushgateWatches.clickedNotification(id), shown[0]!.id)).toBe(
      true,
    );
    await expect.poll(() => panel.boardHeading().innerText()).toMatch(/Copenhagen Airport\u2069? \(CPH\)$/);
    // Its row, on Copenhagen's board (Dublin's had a Terminal 2 too), is scrolled to and marked.
    await expect
      .poll(() =>
        panel.page.locator('li.queue.is-focused').evaluateAll((rows) => rows.map((row) => row.querySelector('.queue-name')?.textContent)),
      )
      .toEqual([expect.stringContaining('Terminal 2')]);
    expect(await panel.page.locator('[data-board-iata="CPH"] li.queue.is-focused').count()).toBe(1);
  });

  it('never tells of a reading older than 15 minutes: a feed stuck on an old figure is checked, not notified', async () => {
    const worker = await session.extension.worker();
    await pointAt(worker);
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('CPH');
    await expect.poll(() => panel.waits()).toContainEqual(['Terminal 2', '10–15 min']);
    await panel.watch('Terminal 2', { kind: 'under', minutes: 10 });
    await firstCheckDone(worker);

    // The site goes on serving a figure measured just after the watch was set.
    const setAt = clock;
    const stuck = copenhagenAt('0-5')(setAt + MINUTE);
    cph.setSchedule([{ from: setAt + MINUTE, body: stuck }]);
    clock = setAt + 20 * MINUTE;
    expect(await checkAt(worker, clock)).toEqual({ requests: 1, shown: [] });
    await expect.poll(() => panel.watchList().innerText()).toMatch(/Last checked .+: 0–5 min/);
    expect(await stored(worker, 'airportWatches')).toHaveLength(1);
  });

  it('ends with My flight’s departure, without a request or a notification, and the list says so', async () => {
    const worker = await session.extension.worker();
    // Departing three hours from now on Copenhagen's clock.
    const departure = Math.floor((clock + 3 * 60 * MINUTE) / MINUTE) * MINUTE;
    const wall = new Date(wallClock(departure, 'Europe/Copenhagen')).toISOString();
    await pointAt(worker, {
      defaultAirport: 'CPH',
      myFlight: { iata: 'CPH', flight: 'SK1415', date: wall.slice(0, 10), departs: wall.slice(11, 16) },
    });
    const panel = await SidePanelPage.open(session.extension);
    await expect.poll(() => panel.waits()).toContainEqual(['Terminal 2', '10–15 min']);
    await panel.watchButton('The queue for SK1415').click();
    const form = panel.watchForm();
    expect(await form.getByRole('radio', { name: 'if I must leave earlier (by 10 min or more)' }).isChecked()).toBe(true);
    // Until the departure, not six hours: 35 or 36 checks.
    expect(await form.locator('.watch-cost').innerText()).toMatch(/^Checked every 5 minutes until .+: at most 3[56] requests to /);
    await form.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect.poll(() => panel.watchList().innerText()).toMatch(/The queue for SK1415.*: if you must leave earlier · until /);
    await firstCheckDone(worker);
    const asked = cph.requests.length;

    clock = departure + MINUTE;
    expect(await checkAt(worker, clock)).toEqual({ requests: 0, shown: [] });
    expect(cph.requests).toHaveLength(asked);
    await expect.poll(() => panel.watchList().innerText()).toMatch(/Ended: your flight has left\./);
    expect(await stored(worker, 'airportWatches')).toEqual([]);
    expect(await worker.evaluate(async () => (await chrome.alarms.get('pushgate-watches')) ?? null)).toBeNull();
  });

  it('the lockdown forgets the readings and the watches: the next alarm asks nothing', async () => {
    const worker = await session.extension.worker();
    await pointAt(worker);
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('CPH');
    await expect.poll(() => panel.waits()).toContainEqual(['Terminal 2', '10–15 min']);
    await panel.watch('Terminal 2', { kind: 'under', minutes: 10 });
    await firstCheckDone(worker);
    expect(await readingsOf(worker, 'CPH')).toBeGreaterThan(0);
    await panel.page.close();

    // Without a token the lockdown wipes only this browser: the shortest way to it.
    await configureInstance(worker, session.pwpush.url, '');
    const page = await session.extension.open('options.html');
    const lockdown = new LockdownPanel(page);
    await lockdown.startButton().click();
    await lockdown.confirm().click();
    await lockdown.report().waitFor({ timeout: 15_000 });
    expect(await lockdown.report().innerText()).toContain(
      'Airport data is forgotten: recent airports, My flight, the queue readings, the saved wait times and the watches.',
    );
    expect(await readingsOf(worker, 'CPH')).toBe(0);
    for (const key of ['airportWatches', 'airportWatchesEnded', 'airportWatchesState']) expect(await stored(worker, key)).toBeUndefined();

    // The alarm set for the watch finds none: no request, and it is cleared.
    const asked = cph.requests.length;
    clock += 6 * MINUTE;
    expect(await checkAt(worker, clock)).toEqual({ requests: 0, shown: [] });
    expect(cph.requests).toHaveLength(asked);
    expect(await worker.evaluate(async () => (await chrome.alarms.get('pushgate-watches')) ?? null)).toBeNull();
  });
});
