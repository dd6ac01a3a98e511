import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ARN_PEAK_ENTRIES,
  FLIGHT_FIXTURES,
  startAirportServer,
  WAIT_TIME_FIXTURES,
  type AirportServer,
} from '../servers/airport/server.mjs';
import { isolated } from '../support/isolated';
import { SidePanelPage } from './pages/sidepanel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';

const PRIMARY = 'primary-key-0001';
const SECONDARY = 'secondary-key-0002';

describe('side panel: airport security wait times', () => {
  const session = useE2eSession();
  let airport: AirportServer;

  beforeAll(async () => {
    airport = await startAirportServer();
  });
  beforeEach(async () => {
    airport.reset();
    // Storage is cleared by the session; the saved boards live in IndexedDB and go too.
    const worker = await session.extension.worker();
    await worker.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('pushgate');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
  });
  afterAll(async () => {
    await airport?.close();
  });

  /** Stores the airport settings as the options page would. */
  async function configure(settings: { primary?: string; secondary?: string; defaultAirport?: string } = {}) {
    const worker = await session.extension.worker();
    await worker.evaluate(
      async ({ url, primary, secondary, defaultAirport }) => {
        await chrome.storage.local.set({ airportApiUrl: url, airportKeys: { primary, secondary }, defaultAirport });
      },
      {
        url: airport.url,
        primary: settings.primary ?? PRIMARY,
        secondary: settings.secondary ?? '',
        defaultAirport: settings.defaultAirport ?? '',
      },
    );
  }

  const waitRequests = () => airport.requests.filter((r) => r.path.startsWith('/waittimepublic/'));

  /** Makes the saved boards look fetched `minutes` earlier, as if the panel had been closed since. */
  async function ageSavedBoards(minutes: number) {
    const worker = await session.extension.worker();
    await worker.evaluate(
      (ms) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('pushgate');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('waitBoards', 'readwrite');
            const store = tx.objectStore('waitBoards');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const board of all.result) store.put({ ...board, fetchedAt: board.fetchedAt - ms });
            };
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      minutes * 60_000,
    );
  }

  it('shows ARN grouped by terminal, regular lanes before FastTrack, with waits, colours and map links', async () => {
    await configure();
    // The invented peak-hour values, measured now: short, medium and long waits, and one of 45+.
    airport.setWaitTimes(
      'ARN',
      ARN_PEAK_ENTRIES.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('arn');

    await expect.poll(() => panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(await panel.boardHeading().innerText()).toBe(`${isolated('Stockholm Arlanda Airport')} (ARN)`);
    expect(await panel.airportField().inputValue()).toBe('ARN');
    const queues = await panel.queues();
    expect(queues.map((q) => [q.name, q.fastTrack, q.wait, q.level, q.colour])).toEqual([
      ['Security Terminal 2', false, '12 min', 'medium wait', 'wait-medium'],
      ['Security Terminal 2 FastTrack', true, '3 min', 'short wait', 'wait-short'],
      ['Security Terminal 3', false, '6 min', 'short wait', 'wait-short'],
      ['Security Terminal 4', false, '18 min', 'medium wait', 'wait-medium'],
      ['Security Terminal 4 FastTrack', true, '4 min', 'short wait', 'wait-short'],
      ['Security Terminal 5F', false, '45+ min', 'long wait', 'wait-long'],
      ['Security Terminal 5F FastTrack', true, '9 min', 'short wait', 'wait-short'],
    ]);
    expect(queues[0]!.map).toBe('https://www.openstreetmap.org/?mlat=59.64442&mlon=17.92809#map=18/59.64442/17.92809');
    const map = panel.terminal('T3').getByRole('link', { name: /^Map of \u2068Security Terminal 3\u2069/ });
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await map.getAttribute('rel')).toBe('noreferrer');
    // Stockholm's clock; "(Stockholm time)" only when the browser's zone reads another one.
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(/^Measured .+ (\(just now\)|\(Stockholm time\), just now)$/)]);
    expect(await panel.staleBadge().count()).toBe(0);
    await expect.poll(() => panel.calls().innerText()).toMatch(/^1 API call this month/);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with the ARN board');

    await panel.favouriteButton().click();
    await expect.poll(() => panel.favouriteButton().getAttribute('aria-pressed')).toBe('true');
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with a favourite airport');
    await screenshot(panel.page, 'sidepanel');
  });

  it('reads a board the gateway answers in XML', async () => {
    await configure();
    airport.setOptions({ forceXml: true });
    airport.setWaitTimes(
      'ARN',
      ARN_PEAK_ENTRIES.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('arn');

    await expect.poll(() => panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect((await panel.queues()).map((q) => [q.name, q.fastTrack, q.wait])).toEqual([
      ['Security Terminal 2', false, '12 min'],
      ['Security Terminal 2 FastTrack', true, '3 min'],
      ['Security Terminal 3', false, '6 min'],
      ['Security Terminal 4', false, '18 min'],
      ['Security Terminal 4 FastTrack', true, '4 min'],
      ['Security Terminal 5F', false, '45+ min'],
      ['Security Terminal 5F FastTrack', true, '9 min'],
    ]);
    expect(waitRequests().map((r) => [r.path, r.status])).toEqual([['/waittimepublic/v2/airports/ARN', 200]]);
  });

  it('my flight: its checkpoints first, marked for it, an overflowing queue, when to leave, one counted call per refresh', async () => {
    await configure();
    // ARN as captured, but Terminal 4 overflowing: 16 minutes measured, and the queue longer than that.
    airport.setWaitTimes(
      'ARN',
      WAIT_TIME_FIXTURES.ARN.map(({ currentTime: _measured, ...entry }) =>
        entry.id === 8 ? { ...entry, currentProjectedWaitTime: 16, overflow: true } : entry,
      ),
    );
    // The per-flight sample (two Terminal 5F queues) for the README screenshots' example flight.
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('ARN');
    await expect.poll(() => panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    const t4 = (await panel.queues()).find((q) => q.name === 'Security Terminal 4')!;
    expect([t4.wait, t4.level, t4.colour]).toEqual(['16+ min', 'queue longer than measured', 'wait-long']);

    await panel.chooseFlight('SK 14155');
    await expect.poll(() => panel.alert().allInnerTexts()).toEqual([expect.stringMatching(/A flight number is the airline's code/)]);
    expect(airport.requests.filter((r) => r.path.includes('/flights'))).toEqual([]);

    // Tomorrow at 08:00 (Stockholm time), so the times are ahead whenever the test runs.
    await panel.openMyFlight();
    await panel.tomorrowButton().click();
    const date = await panel.dateField().inputValue();
    await panel.departsField().fill('08:00');
    await panel.chooseFlight('sk 1415');
    await expect.poll(() => panel.terminals()).toEqual([expect.stringMatching(/^Your flight SK1415, /), 'T2', 'T3', 'T4']);
    expect(await panel.flightSection().locator('li.queue').allInnerTexts()).toEqual([
      expect.stringMatching(/^Security Terminal 5F\s*for SK1415[\s\S]*4 min/),
      expect.stringMatching(/^Security Terminal 5F FastTrack\s*FastTrack\s*for SK1415[\s\S]*0 min/),
    ]);
    const flightRequests = () => airport.requests.filter((r) => r.path.includes('/flights'));
    expect(flightRequests().map((r) => [r.path, r.key, r.status])).toEqual([
      [`/waittimepublic/v2/airports/ARN/flights?flightid=SK1415&date=${date}`, PRIMARY, 200],
    ]);
    await expect.poll(() => panel.calls().innerText()).toMatch(/^2 API calls this month/);
    // The longest of the flight's queues is 4 min: 08:00 − 20 − 4 = 07:36 at security, 45 min earlier from home.
    await expect
      .poll(() => panel.leaveByTimes().innerText())
      .toMatch(/^Be at security by 07:36( AM)? · leave by 06:51( AM)? \(Stockholm time\)$/);
    // Chosen: My flight is one line again, and says which; what was counted is with the form.
    expect(await panel.myFlightToggle().innerText()).toMatch(/^My flight: SK1415, .+ · 08:00( AM)?( \(Stockholm time\))?$/);
    await panel.openMyFlight();
    expect(await panel.myFlightPanel().innerText()).toMatch(
      /Counted: a wait of 4 min, the longest at your flight's checkpoints; 45 min to the airport; 20 min from security to the gate\./,
    );
    await panel.myFlightToggle().click();
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with my flight and an overflowing queue');
    await screenshot(panel.page, 'sidepanel-flight');

    // Refresh: the board and the flight, one call each (a refresh within 3 s of choosing the flight would not ask for it again).
    // The flight's regular queue has grown to 25 min: the times move with this refresh, at no call of their own.
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) =>
        entry.isFastTrack ? entry : { ...entry, currentProjectedWaitTime: 25 },
      ),
    );
    await panel.page.waitForTimeout(3000);
    await panel.refreshButton().click();
    await expect.poll(() => flightRequests().length).toBe(2);
    await expect
      .poll(() => panel.leaveByTimes().innerText())
      .toMatch(/^Be at security by 07:15( AM)? · leave by 06:30( AM)? \(Stockholm time\)$/);
    await expect.poll(() => panel.calls().innerText()).toMatch(/^4 API calls this month/);
    // The flight and the board from one refresh: one "Measured" line for both, none in the flight's box.
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(/^Measured /)]);
    expect(await panel.flightSection().locator('.measured').count()).toBe(0);
    expect(waitRequests()).toHaveLength(4);

    // Remembered: a new panel shows it again.
    await panel.page.close();
    const again = await SidePanelPage.open(session.extension);
    await expect.poll(() => again.terminals()).toEqual([expect.stringMatching(/^Your flight SK1415, /), 'T2', 'T3', 'T4']);
    await again.openMyFlight();
    expect(await again.flightField().inputValue()).toBe('SK1415');
    expect(await again.departsField().inputValue()).toBe('08:00');
    await expect.poll(() => again.leaveByTimes().innerText()).toMatch(/^Be at security by 07:15( AM)? · leave by 06:30( AM)? /);
  });

  it("in the real side panel (360 × 565) with a flight and its departure time set, the board comes first: its first terminal's first queue row without scrolling", async () => {
    await configure();
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const setUp = await SidePanelPage.open(session.extension);
    await setUp.choose('ARN');
    await setUp.openMyFlight();
    await setUp.tomorrowButton().click();
    await setUp.departsField().fill('08:00');
    await setUp.chooseFlight('SK1415');
    await setUp.leaveByTimes().waitFor();
    await setUp.page.close();

    const panel = await SidePanelPage.open(session.extension);
    await panel.page.setViewportSize({ width: 360, height: 565 });
    await expect.poll(() => panel.terminals()).toEqual([expect.stringMatching(/^Your flight SK1415, /), 'T2', 'T3', 'T4']);
    await panel.leaveByTimes().waitFor();
    expect(await panel.myFlightToggle().getAttribute('aria-expanded')).toBe('false');
    expect(await panel.flightField().count()).toBe(0);
    // The first terminal shown is the flight's own (its checkpoints come first): its first queue row, whole.
    const firstRow = panel.page.locator('.airport-board li.queue').first();
    expect(await firstRow.innerText()).toMatch(/^Security Terminal 5F\s*for SK1415/);
    const seen = await firstRow.evaluate((row) => ({
      top: row.getBoundingClientRect().top,
      bottom: row.getBoundingClientRect().bottom,
      height: window.innerHeight,
      scrolled: window.scrollY,
    }));
    expect(seen.scrolled).toBe(0);
    expect(seen.top).toBeGreaterThanOrEqual(0);
    expect(seen.bottom).toBeLessThanOrEqual(seen.height);
    // A disclosure a keyboard opens: Enter on its line shows the form.
    await panel.myFlightToggle().focus();
    await panel.page.keyboard.press('Enter');
    expect(await panel.myFlightToggle().getAttribute('aria-expanded')).toBe('true');
    expect(await panel.flightField().inputValue()).toBe('SK1415');
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with My flight opened');
  });

  it('my flight: a departure Swedavia does not know is said with the airport and the date', async () => {
    await configure();
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('ARN');
    await expect.poll(() => panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    await panel.openMyFlight();
    await panel.tomorrowButton().click();
    const tomorrow = await panel.dateField().inputValue();
    await panel.chooseFlight('XX0000');
    await expect
      .poll(() => panel.announcements())
      .toMatch(/Swedavia has no departure XX0000 from \u2068Stockholm Arlanda Airport\u2069 \(ARN\) on (\w+ \d+, \d{4}|\d+ \w+ \d{4})\./);
    expect(airport.requests.filter((r) => r.path.includes('/flights')).map((r) => [r.path, r.status])).toEqual([
      [`/waittimepublic/v2/airports/ARN/flights?flightid=XX0000&date=${tomorrow}`, 400],
    ]);
    expect(await panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with an unknown flight');
  });

  it('says calmly that MMX publishes no wait times', async () => {
    await configure();
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('mmx');
    await expect.poll(() => panel.announcements()).toMatch(/No wait-time data is published for \u2068Malmö Airport\u2069 \(MMX\)\./);
    expect(await panel.alert().count()).toBe(0);
    expect(await panel.board().count()).toBe(0);
    expect(waitRequests().map((r) => [r.path, r.status])).toEqual([['/waittimepublic/v2/airports/MMX', 400]]);
    // Nothing to refresh, keep or ask about a flight for.
    expect(await panel.favouriteButton().count()).toBe(0);
    expect(await panel.refreshButton().count()).toBe(0);
    expect(await panel.flightField().count()).toBe(0);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel for an airport without data');
  });

  it('refuses an invalid code without a request', async () => {
    await configure();
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('A1');
    await expect.poll(() => panel.alert().innerText()).toBe('An airport code is three letters, such as ARN, CPH or FRA.');
    expect(await panel.airportField().getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with an invalid code');
    await panel.page.waitForTimeout(300);
    expect(waitRequests()).toEqual([]);
  });

  it('a key that no longer works: says so and offers the options', async () => {
    await configure({ primary: 'expired-key-0000' });
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('ARN');
    await expect.poll(() => panel.alert().innerText()).toMatch(/subscription key is missing or no longer valid/);
    expect(await panel.alert().getByRole('button', { name: 'Open settings' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with a key that no longer works');
    expect(waitRequests().map((r) => [r.key, r.status])).toEqual([['expired-key-0000', 401]]);
  });

  it('a rotated primary key with a working secondary key: shows the board and asks to update the key', async () => {
    airport.revokeKey(PRIMARY);
    await configure({ secondary: SECONDARY });
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('BMA');
    await expect.poll(() => panel.terminals()).toEqual(['Bromma Stockholm Airport']);
    expect(await panel.announcements()).toMatch(/primary subscription key was refused, so the secondary key was used/);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel on the secondary key');
    expect(waitRequests().map((r) => [r.key, r.status])).toEqual([
      [PRIMARY, 401],
      [SECONDARY, 200],
    ]);
  });

  it('a server error keeps the last good board, marked out of date, with the error', async () => {
    await configure();
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('GOT');
    await expect.poll(() => panel.terminals()).toEqual(['Göteborg Landvetter Airport']);
    await expect.poll(() => panel.refreshButton().innerText()).toBe('Refresh');

    airport.setFault({ type: 'server-error', paths: '/waittimepublic/' });
    await panel.refreshButton().click();
    await expect.poll(() => panel.announcements()).toMatch(/The airport service has a problem right now \(error 500\)/);
    // When the last good answer came, on Stockholm's clock; beside "Out of date" no age that reads as fresh.
    expect(await panel.announcements()).toMatch(
      /The wait times below are the last ones received, at \d\d:\d\d( AM| PM)?( \(Stockholm time\))?\./,
    );
    expect(await panel.staleBadge().count()).toBe(1);
    expect(await panel.measuredLines()).toEqual([
      expect.stringMatching(/^Last update \d\d:\d\d( AM| PM)?( \(Stockholm time\))?\s*Out of date$/),
    ]);
    expect((await panel.queues()).map((q) => q.name)).toEqual(['Security Landvetter', 'Security Landvetter FastTrack']);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with an out-of-date board and an error');
    await screenshot(panel.page, 'sidepanel-error');
  });

  it('shows the saved board at once, before a slow network answers', async () => {
    await configure({ defaultAirport: 'ARN' });
    const first = await SidePanelPage.open(session.extension);
    await expect.poll(() => first.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    await first.page.close();
    // Older than the refresh interval (5 minutes): opening the panel asks again.
    await ageSavedBoards(6);

    airport.setFault({ type: 'slow', ms: 8000, paths: '/waittimepublic/' });
    const before = waitRequests().length;
    const panel = await SidePanelPage.open(session.extension);
    await expect.poll(() => panel.terminals(), { timeout: 3000 }).toEqual(['T2', 'T3', 'T4', 'T5']);
    // The board is there while the refresh is still waiting for its answer.
    await expect.poll(() => waitRequests().length).toBe(before + 1);
    expect(waitRequests().at(-1)!.status).toBeNull();
    expect(await panel.refreshButton().innerText()).toBe('Refreshing…');
    await expectNoSeriousA11yViolations(panel.page, 'the side panel while refreshing');
  });

  it('opened again within the refresh interval: the saved board, and no request until Refresh', async () => {
    await configure({ defaultAirport: 'ARN' });
    const first = await SidePanelPage.open(session.extension);
    await expect.poll(() => first.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    await expect.poll(() => first.refreshButton().innerText()).toBe('Refresh');
    // The paint cache is written by an effect after the board renders (components/sidepanel/usePaintSnapshot.ts).
    await expect.poll(() => first.paintCache()).toContain('Security Terminal 2');
    await first.page.close();

    const before = airport.requests.length;
    const panel = await SidePanelPage.openWatchingFirstPaint(session.extension);
    await expect.poll(() => panel.terminals(), { timeout: 3000 }).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(await panel.boardHeading().innerText()).toBe(`${isolated('Stockholm Arlanda Airport')} (ARN)`);
    // Drawn from the paint snapshot, usable at once, and kept by the read: the same rows.
    expect(await panel.firstPaint()).toMatchObject({ usable: true, kept: true });
    await panel.page.waitForTimeout(500);
    expect(airport.requests.slice(before)).toEqual([]);
    await panel.refreshButton().click();
    await expect.poll(() => waitRequests().length).toBe(2);
    expect(waitRequests().at(-1)!.path).toBe('/waittimepublic/v2/airports/ARN');
  });

  it('opened again: the board is drawn from the paint cache before the settings are read, and the cache holds no key', async () => {
    await configure({ defaultAirport: 'ARN', secondary: SECONDARY });
    const first = await SidePanelPage.open(session.extension);
    await expect.poll(() => first.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
    await expect.poll(() => first.refreshButton().innerText()).toBe('Refresh');
    // Written by an effect after the board renders (components/sidepanel/usePaintSnapshot.ts).
    await expect.poll(() => first.paintCache()).toContain('Security Terminal 2');
    const cache = await first.paintCache();
    for (const secret of [PRIMARY, SECONDARY, airport.url]) expect(cache).not.toContain(secret);
    await first.page.close();

    // The extension storage answers 1.5 s late: the board is on screen and usable before that, and
    // the read, when it comes, keeps the same rows.
    const panel = await SidePanelPage.openWatchingFirstPaint(session.extension, { holdStorageMs: 1500 });
    await expect.poll(() => panel.firstPaint(), { timeout: 5000 }).toEqual({ usable: true, kept: true, beforeStorage: true });
    await expect.poll(() => panel.page.locator('main[aria-busy="false"]').count(), { timeout: 5000 }).toBe(1);
    expect(await panel.firstPaint()).toEqual({ usable: true, kept: true, beforeStorage: true });
    expect(await panel.terminals()).toEqual(['T2', 'T3', 'T4', 'T5']);
  });

  it('without a key, on its first run: the airport field, and nothing sent or asked for', async () => {
    const panel = await SidePanelPage.open(session.extension);
    await panel.airportField().waitFor();
    expect(await panel.openOptionsButton().count()).toBe(0);
    await panel.page.waitForTimeout(300);
    expect(airport.requests).toEqual([]);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel without a key');
  });
});
