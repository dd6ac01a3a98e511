import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { airportDate } from '../../lib/airport/flight';
import { startFeedServers, type FeedId, type FeedServer } from '../servers/airport-sources/server.mjs';
import { launchFirefox, type FirefoxWithExtension } from './browser';
import { buttonNamed, type InPage } from './controls';

// `npm run build:test:firefox`: the Firefox build with the loopback hosts granted at install.
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');

/** Each checkpoint's name and wait as the sidebar shows them. */
const waits = (page: Page) =>
  page.$$eval('li.queue', (rows) =>
    rows.map((row) => [row.querySelector('.queue-name bdi')?.textContent ?? '', row.querySelector('.wait-minutes')?.textContent ?? '']),
  );

describe('the airports’ own websites in Firefox’s sidebar', () => {
  let firefox: FirefoxWithExtension;
  let feeds: Record<FeedId, FeedServer>;

  beforeAll(async () => {
    feeds = await startFeedServers();
    firefox = await launchFirefox(EXTENSION_DIR);
  });
  afterAll(async () => {
    await firefox?.close();
    await Promise.all(Object.values(feeds ?? {}).map((server) => server.close()));
  });
  beforeEach(async () => {
    for (const server of Object.values(feeds)) server.reset();
    for (const page of await firefox.browser.pages()) if (page.url() !== 'about:blank') await page.close();
    const page = await firefox.open('options.html');
    const airportFeedUrls = Object.fromEntries(Object.values(feeds).map((server) => [server.id, server.feedUrl]));
    await page.evaluate(async (urls) => {
      const { storage } = (globalThis as unknown as InPage).browser;
      await storage.local.clear();
      await storage.local.set({ airportFeedUrls: urls });
    }, airportFeedUrls);
    await page.close();
  });

  async function show(code: string): Promise<Page> {
    const panel = await firefox.open('sidepanel.html', { width: 360, height: 760 });
    await panel.locator('#airport-code').fill(code);
    await (await buttonNamed(panel, 'Show')).click();
    await panel.locator('li.queue').wait();
    return panel;
  }

  it('Swedavia without a key: Arlanda from its website', async () => {
    const panel = await show('ARN');
    expect(await waits(panel)).toEqual([
      ['Terminal 2', '0–5 min'],
      ['Terminal 4', '5–10 min'],
      ['Terminal 5', '10–15 min'],
    ]);
    expect(await panel.$eval('.board-source', (line) => line.textContent)).toBe(
      "From Swedavia's website: published for its visitors, not an official API.",
    );
    expect(feeds['swedavia-web'].requests.map((r) => [r.path, r.status, r.gzip])).toEqual([
      ['/services/queuetimes/v2/airport/en/ARN/true', 200, true],
    ]);
  });

  it('Copenhagen: the two terminals apart, on Copenhagen’s clock', async () => {
    const panel = await show('CPH');
    expect(await waits(panel)).toEqual([
      ['Terminal 2', '10–15 min'],
      ['Terminal 3', '0–5 min'],
    ]);
    expect(await panel.$eval('.measured', (line) => line.textContent)).toMatch(
      /^Measured \d\d:\d\d( [AP]M)? (\(just now\)|\(Copenhagen time\), just now)$/,
    );
    expect(feeds.cph.requests).toHaveLength(1);
  });

  it('Amsterdam: security filters in seconds, shown as minutes', async () => {
    const panel = await show('AMS');
    expect(await waits(panel)).toEqual([
      ['Security filter 1', '7 min'],
      ['Security filter 2', '3 min'],
      ['Security filter 3', '16 min'],
      ['Security filter 4', '0 min'],
    ]);
  });

  it('Frankfurt: My flight’s gate finds the checkpoint that serves it, and when to leave on Frankfurt’s clock', async () => {
    const page = await firefox.open('options.html');
    await page.evaluate(
      (flight) => (globalThis as unknown as InPage).browser.storage.local.set({ defaultAirport: 'FRA', myFlight: flight }),
      { iata: 'FRA', flight: 'LH400', date: airportDate(Date.now(), 1, 'Europe/Berlin'), departs: '12:00', gate: 'B44' },
    );
    await page.close();
    const panel = await firefox.open('sidepanel.html', { width: 360, height: 760 });
    await panel.locator('section.leave-by').wait();
    expect(await panel.$$eval('section.flight-board li.queue .queue-name bdi', (names) => names.map((name) => name.textContent))).toEqual([
      'Security checkpoint, Concourse B',
    ]);
    expect(await panel.$eval('.leave-by-times', (times) => times.textContent)).toMatch(
      /^Be at security by 11:25( AM)? · leave by 10:40( AM)?( \(German time\))?$/,
    );
  });
});
