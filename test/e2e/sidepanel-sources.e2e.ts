import { describe, expect, it } from 'vitest';
import { airportDate } from '../../lib/airport/flight';
import { SidePanelPage } from './pages/sidepanel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { useFeedServers } from './support/feeds';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';

const zoned = (zone: string) => new RegExp(`^(Measured|Fetched) \\d\\d:\\d\\d( [AP]M)?( \\(${zone}\\),| \\() (just now|\\d+ min ago)\\)?$`);

describe('side panel: the airports’ own websites, against their reference feeds', () => {
  const session = useE2eSession();
  const { feeds, point } = useFeedServers();

  /** Makes the saved boards look fetched `minutes` earlier, as if the panel had been closed since. */
  async function ageSavedBoards(minutes: number) {
    await (await session.extension.worker()).evaluate(
      (ms) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('pushgate');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('waitBoards', 'readwrite');
            const store = tx.objectStore('waitBoards');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const board of all.result) store.put({ ...board, fetchedAt: board.fetchedAt - ms });
            };
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      minutes * 60_000,
    );
  }

  it('Swedavia without a key: Arlanda from its website, at once, saying so', async () => {
    await point(await session.extension.worker());
    const panel = await SidePanelPage.open(session.extension);
    // Nothing asked for and nothing sent before an airport is shown.
    expect(await panel.openOptionsButton().count()).toBe(0);
    await panel.page.waitForTimeout(300);
    expect(feeds['swedavia-web'].requests).toEqual([]);

    await panel.choose('arn');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Terminal 2', '0–5 min'],
        ['Terminal 4', '5–10 min'],
        ['Terminal 5', '10–15 min'],
      ]);
    expect(await panel.terminals()).toEqual(['T2', 'T4', 'T5']);
    expect(await panel.sourceLine().innerText()).toBe("From Swedavia's website: published for its visitors, not an official API.");
    // The website gives no measurement time: dated by the fetch, on Stockholm's clock.
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(zoned('Stockholm time'))]);
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(/^Fetched /)]);
    expect(feeds['swedavia-web'].requests.map((r) => [r.path, r.status, r.gzip, r.cookie, r.accept])).toEqual([
      ['/services/queuetimes/v2/airport/en/ARN/true', 200, true, null, 'application/json'],
    ]);
    await expect.poll(() => panel.calls().innerText()).toBe("1 request to Swedavia's website this month.");
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with Arlanda from Swedavia’s website');
  });

  it('Copenhagen: Terminals 2 and 3 apart, as intervals, measured on Copenhagen’s clock; a lost key is a missing value', async () => {
    await point(await session.extension.worker());
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('CPH');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Terminal 2', '10–15 min'],
        ['Terminal 3', '0–5 min'],
      ]);
    expect(await panel.boardHeading().innerText()).toMatch(/Copenhagen Airport\u2069? \(CPH\)$/);
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(/^Measured /)]);
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(zoned('Copenhagen time'))]);
    expect(await panel.sourceLine().innerText()).toBe(
      "From Copenhagen Airport's website: published for its visitors, not an official API.",
    );
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with Copenhagen');
    await screenshot(panel.page, 'sidepanel-copenhagen');
    await panel.page.close();

    // The feed renames Terminal 3's keys: that value is missing, never a number; Terminal 2 stands.
    feeds.cph.setShape('renamed');
    // The board was fetched just now: older than the five-minute floor, the next opening asks.
    await ageSavedBoards(6);
    const again = await SidePanelPage.open(session.extension);
    await expect
      .poll(() => again.waits())
      .toEqual([
        ['Terminal 2', '10–15 min'],
        ['Terminal 3', 'no value'],
      ]);
    expect(await again.feedChanged().innerText()).toBe("This airport's feed changed: no value for \u2068Terminal 3\u2069.");
    expect(feeds.cph.requests).toHaveLength(2);
  });

  it('Amsterdam: each security filter in seconds, read as minutes; a web page instead of data keeps the board and says so', async () => {
    await point(await session.extension.worker());
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('AMS');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Security filter 1', '7 min'],
        ['Security filter 2', '3 min'],
        ['Security filter 3', '16 min'],
        ['Security filter 4', '0 min'],
      ]);
    expect(await panel.measuredLines()).toEqual([expect.stringMatching(zoned('Amsterdam time'))]);
    // The Refresh button waits out Schiphol's five minutes, and says until when.
    expect(await panel.refreshButton().isDisabled()).toBe(true);
    expect(await panel.page.locator('#refresh-floor').innerText()).toMatch(
      /^Schiphol's website updates every 5 minutes: Refresh asks again from /,
    );
    expect(feeds.ams.requests).toHaveLength(1);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with Schiphol');
    await panel.page.close();

    // The next opening, after the floor: the site answers its web page instead of the feed.
    feeds.ams.setFault({ type: 'html' });
    await ageSavedBoards(6);
    const again = await SidePanelPage.open(session.extension);
    await expect.poll(() => again.announcements()).toMatch(/Schiphol's website answered with a web page instead of its wait times\./);
    expect((await again.waits()).map(([, wait]) => wait)).toEqual(['7 min', '3 min', '16 min', '0 min']);
    expect(await again.staleBadge().count()).toBe(1);
  });

  it('Frankfurt: the gates behind each checkpoint, and My flight’s gate finds its own, counted for when to leave', async () => {
    const worker = await session.extension.worker();
    await point(worker, {
      defaultAirport: 'FRA',
      myFlight: { iata: 'FRA', flight: 'LH400', date: airportDate(Date.now(), 1, 'Europe/Berlin'), departs: '12:00', gate: 'B44' },
    });
    const panel = await SidePanelPage.open(session.extension);
    await expect.poll(() => panel.terminals()).toEqual([expect.stringMatching(/^Your flight LH400, /), 'T1', 'T2']);
    expect(await panel.flightSection().locator('li.queue').allInnerTexts()).toEqual([
      expect.stringMatching(/^Security checkpoint, Concourse B\s*for LH400\s*Gates B1–B63[\s\S]*10–15 min/),
    ]);
    expect(await panel.waits()).toEqual([
      ['Security checkpoint, Concourse B', '10–15 min'],
      ['Security checkpoint, Concourse A', '5 min'],
      ['Security checkpoint, Concourse C', 'under 5 min'],
      ['Security checkpoint, Concourse D', '20 min'],
      ['Security checkpoint, Concourse E', '8 min'],
    ]);
    // 12:00 in Frankfurt, less 20 min to the gate and the queue's 15 (an interval counts at its top), 45 to the airport.
    await expect
      .poll(() => panel.leaveByTimes().innerText())
      .toMatch(/^Be at security by 11:25( AM)? · leave by 10:40( AM)?( \(German time\))?$/);
    await panel.openMyFlight();
    expect(await panel.gateField().inputValue()).toBe('B44');
    expect(await panel.myFlightPanel().innerText()).toMatch(/the longest at the checkpoints for gate B44;/);
    await panel.myFlightToggle().click();
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with Frankfurt and My flight by gate');
    await screenshot(panel.page, 'sidepanel-frankfurt-flight');
  });

  it('a website that refuses (403): the last good board stays, out of date, with what happened', async () => {
    await point(await session.extension.worker(), { defaultAirport: 'DUB' });
    const panel = await SidePanelPage.open(session.extension);
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Terminal 1', '5 min'],
        ['Terminal 2', '12 min'],
      ]);
    expect(await panel.sourceLine().innerText()).toMatch(/Dublin gives each figure as the median of the previous 15 minutes\.$/);
    await panel.page.close();
    feeds.dub.setFault({ type: 'blocked' });
    await ageSavedBoards(6);
    const again = await SidePanelPage.open(session.extension);
    await expect
      .poll(() => again.announcements())
      .toMatch(/Dublin Airport's website refused Pushgate's request \(error 403\)\. Websites turn automated readers away now and then/);
    expect(await again.announcements()).toMatch(/The wait times below are the last ones received, at \d\d:\d\d/);
    expect(await again.waits()).toEqual([
      ['Terminal 1', '5 min'],
      ['Terminal 2', '12 min'],
    ]);
    expect(await again.staleBadge().count()).toBe(1);
    await expectNoSeriousA11yViolations(again.page, 'the side panel with a refusing website and its last board');
  });

  it('Düsseldorf (its required header), Munich (a unit it does not state), Oslo and Edinburgh, each from its feed', async () => {
    await point(await session.extension.worker());
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('DUS');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Sicherheitskontrolle A', '6 min'],
        ['Sicherheitskontrolle B', '11 min'],
        ['Sicherheitskontrolle C', '3 min'],
      ]);
    expect(feeds.dus.requests.map((r) => [r.requestedWith, r.status])).toEqual([['XMLHttpRequest', 200]]);
    await panel.choose('MUC');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Security North', '4 min'],
        ['Security South', '7 min'],
      ]);
    // Munich's figures below two minutes' worth of seconds would be ambiguous: "up to", and the panel says why.
    feeds.muc.setBody({ queueTimes: { current: [{ queueId: 'T2_Abflug_SIKO_ECO_NORD', projectedWaitTime: 12 }] } });
    await panel.choose('OSL');
    await expect.poll(() => panel.waits()).toEqual([['Security', '7 min']]);
    await panel.choose('EDI');
    await expect.poll(() => panel.waits()).toEqual([['Security', '4 min']]);
    expect(await panel.sourceLine().innerText()).toMatch(/Edinburgh measures its queue with Bluetooth sensors\.$/);
    await expectNoSeriousA11yViolations(panel.page, 'the side panel with Edinburgh');
  });

  it('Heathrow: says why it shows none, and sends nothing anywhere', async () => {
    await point(await session.extension.worker());
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('LHR');
    await expect
      .poll(() => panel.announcements())
      .toMatch(/London Heathrow Airport\u2069 \(LHR\) gives its wait times only to its own website/);
    expect(await panel.refreshButton().count()).toBe(0);
    expect(Object.values(feeds).flatMap((server) => server.requests)).toEqual([]);
  });

  it('opened again: a website’s saved board is drawn from the paint snapshot before the settings are read', async () => {
    await point(await session.extension.worker(), { defaultAirport: 'CPH' });
    const first = await SidePanelPage.open(session.extension);
    await expect.poll(() => first.waits()).toHaveLength(2);
    await expect.poll(() => first.paintCache()).toContain('Terminal 2');
    const cache = await first.paintCache();
    expect(cache).not.toContain(feeds.cph.url);
    await first.page.close();

    const panel = await SidePanelPage.openWatchingFirstPaint(session.extension, { holdStorageMs: 1500 });
    await expect.poll(() => panel.firstPaint(), { timeout: 5000 }).toEqual({ usable: true, kept: true, beforeStorage: true });
    await expect.poll(() => panel.page.locator('main[aria-busy="false"]').count(), { timeout: 5000 }).toBe(1);
    expect(await panel.firstPaint()).toEqual({ usable: true, kept: true, beforeStorage: true });
    // Younger than the five-minute floor: nothing asked again.
    expect(feeds.cph.requests).toHaveLength(1);
  });
});
