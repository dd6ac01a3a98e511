import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { airportDate } from '../../lib/airport/flight';
import { FLIGHT_FIXTURES, startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { launchFirefox, type FirefoxWithExtension } from './browser';
import { buttonNamed, type InPage } from './controls';

// `npm run build:test:firefox`: the Firefox build with the loopback hosts granted at install.
const EXTENSION_DIR = resolve(__dirname, '../../.output/firefox-mv3');

/** What the page announces (status and alerts), as one string. */
const announcements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role=status], [role=alert]')]
      .map((node) => node.textContent)
      .filter(Boolean)
      .join(' '),
  );

describe('the Firefox build in Firefox', () => {
  let firefox: FirefoxWithExtension;
  let pwpush: PwpushServer;
  let airport: AirportServer;

  beforeAll(async () => {
    [pwpush, airport] = await Promise.all([startPwpushServer(), startAirportServer()]);
    // Puppeteer's profile turns off Firefox's speculative connections (0 in place of its default 6): the
    // popup's connection opened ahead of a push is one (components/popup/preconnect.ts). Firefox's network
    // predictor stays off: it learns that popup.html leads to the instance and connects as the popup loads
    // again, Firefox's own guess and not Pushgate's, which the preconnect test would count.
    firefox = await launchFirefox(EXTENSION_DIR, {
      'network.http.speculative-parallel-limit': 6,
      'network.predictor.enabled': false,
    });
  });
  afterAll(async () => {
    await firefox?.close();
    await Promise.all([pwpush?.close(), airport?.close()]);
  });
  beforeEach(async () => {
    pwpush.reset();
    airport.reset();
    for (const page of await firefox.browser.pages()) if (page.url() !== 'about:blank') await page.close();
    const page = await firefox.open('options.html');
    await page.evaluate(() => (globalThis as unknown as InPage).browser.storage.local.clear());
    await page.close();
  });

  async function configure(): Promise<void> {
    const page = await firefox.open('options.html');
    await page.evaluate((settings) => (globalThis as unknown as InPage).browser.storage.local.set(settings), {
      instanceUrl: pwpush.url,
      apiToken: pwpush.users[0]!.token,
      rememberToken: true,
      airportApiUrl: airport.url,
      airportKeys: { primary: airport.keys[0]!, secondary: '' },
    });
    await page.close();
  }

  it('saves both sections from the options page: the permission prompt needs a real click there', async () => {
    const options = await firefox.open('options.html');
    await options.locator('#instance-url').fill(pwpush.url);
    await options.locator('#api-token').fill(pwpush.users[0]!.token);
    await options.locator('#airport-api-url').fill(airport.url);
    await options.locator('#airport-key').fill(airport.keys[0]!);
    await (await buttonNamed(options, 'Save')).click();

    await expect.poll(() => announcements(options), { timeout: 10_000 }).toMatch(/Token accepted.*subscription key works/s);
    expect(await announcements(options)).toMatch(/^Saved\./);
    const stored = await options.evaluate(() =>
      (globalThis as unknown as InPage).browser.storage.local.get(['instanceUrl', 'airportApiUrl']),
    );
    expect(stored).toEqual({ instanceUrl: pwpush.url, airportApiUrl: airport.url });
  });

  it('pushes from the popup, and the background keeps the push of a popup closed at once', async () => {
    await configure();
    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    // The texts the build wrote into the HTML show: Firefox put "en" in place of the stylesheet's
    // __MSG_pageLanguage__, which hides them only while another language's are written.
    await expect
      .poll(() => popup.$eval('#push', (push) => [push.textContent, getComputedStyle(push).visibility]))
      .toEqual(['Push', 'visible']);
    await popup.locator('#secret').fill('pushed in Firefox');
    await popup.locator('button[type="submit"]').click();
    const link = await popup
      .locator('.link-text')
      .map((node) => node.textContent?.trim() ?? '')
      .wait();
    await popup.close();

    const [stored] = pwpush.pushes();
    expect(link).toBe(stored!.html_url);
    expect(stored!.payload).toBe('pushed in Firefox');
    const pushes = await firefox.open('pushes.html');
    await expect.poll(() => pushes.$$eval('tbody tr', (rows) => rows.length), { timeout: 10_000 }).toBe(1);
    expect(await pushes.$eval('tbody tr', (row) => row.textContent)).toContain(stored!.url_token);
  });

  it('opens a connection to the instance as the secret is typed, and the event page pushes over it', async () => {
    await configure();
    const first = await firefox.open('popup.html', { width: 380, height: 640 });
    await expect.poll(() => pwpush.requests.some((request) => request.path === '/api/v2/version')).toBe(true);
    await first.close();
    await expect.poll(() => pwpush.requests.every((request) => request.status !== undefined)).toBe(true);
    pwpush.closeIdleConnections();
    const before = pwpush.connections.length;
    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    await popup.locator('#secret').wait();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pwpush.connections.length).toBe(before);
    await popup.type('#secret', 'typed in Firefox');
    await expect.poll(() => pwpush.connections.length).toBe(before + 1);
    const opened = pwpush.connections.at(-1)!;
    await popup.locator('button[type="submit"]').click();
    await popup.locator('.link-text').wait();
    const [create] = pwpush.requests.filter((request) => request.method === 'POST' && request.path === '/api/v2/pushes');
    expect(create!.connection).toBe(opened.id);
  });

  it('pushes a file from the popup through the event page, whose port carries the file itself', async () => {
    await configure();
    const popup = await firefox.open('popup.html', { width: 380, height: 640 });
    await popup.locator('#secret').wait();
    await expect.poll(() => popup.$eval('input[name="kind"][value="file"]', (radio) => !(radio as HTMLInputElement).disabled)).toBe(true);
    await popup.$eval('input[name="kind"][value="file"]', (radio) => (radio as HTMLInputElement).click());
    // As the file picker would: a file of 1.5 MB.
    await popup.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('#files')!;
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from({ length: 1_500_000 }, (_, i) => (i * 31) % 251);
      transfer.items.add(new File([bytes], 'firefox.bin', { type: 'application/octet-stream' }));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await popup.locator('button[type="submit"]').click();
    const link = await popup
      .locator('.link-text')
      .map((node) => node.textContent?.trim() ?? '')
      .wait();

    const [stored] = pwpush.pushes();
    expect(link).toBe(stored!.html_url);
    expect(stored!.files.map((file) => [file.filename, file.size])).toEqual([['firefox.bin', 1_500_000]]);
  });

  it('shows wait times in the sidebar', async () => {
    await configure();
    const panel = await firefox.open('sidepanel.html', { width: 360, height: 760 });
    await panel.locator('#airport-code').fill('ARN');
    await (await buttonNamed(panel, 'Show')).click();
    await panel.locator('li.queue').wait();
    expect(await panel.$$eval('.board h3', (headings) => headings.map((heading) => heading.textContent))).toEqual(['T2', 'T3', 'T4', 'T5']);
  });

  it('says when to leave for my flight in the sidebar, on Stockholm time', async () => {
    await configure();
    airport.setFlight(
      'ARN',
      'SK1415',
      FLIGHT_FIXTURES.ARN!.TG961!.map(({ currentTime: _measured, ...entry }) => entry),
    );
    const page = await firefox.open('options.html');
    // Remembered from before: tomorrow at 08:00, with the default times (45 and 20 min).
    await page.evaluate(
      (flight) => (globalThis as unknown as InPage).browser.storage.local.set({ defaultAirport: 'ARN', myFlight: flight }),
      {
        iata: 'ARN',
        flight: 'SK1415',
        date: airportDate(Date.now(), 1),
        departs: '08:00',
      },
    );
    await page.close();
    const panel = await firefox.open('sidepanel.html', { width: 360, height: 760 });
    await panel.locator('section.leave-by').wait();
    // The flight's longest queue is 4 min: 08:00 − 20 − 4 and 45 min before that.
    expect(await panel.$eval('.leave-by-times', (times) => times.textContent)).toMatch(
      /^Be at security by 07:36( AM)? · leave by 06:51( AM)? \(Stockholm time\)$/,
    );
    // My flight is one line until opened (components/sidepanel/MyFlight.tsx): the departure time is in its form.
    await panel.locator('.my-flight-toggle').click();
    await panel.locator('#flight-departs').wait();
    expect(await panel.$eval('#flight-departs', (field) => (field as HTMLInputElement).value)).toBe('08:00');
  });

  it('runs a lockdown from the Pushes page in the event page: 60 pushes over two pages expired, this browser wiped', async () => {
    await configure();
    // Put in the store: 60 creates in a second would meet the throttle (60 a second) first.
    const start = Date.now() - 60_000;
    pwpush.seed(
      Array.from({ length: 60 }, (_, i) => ({
        owner: pwpush.users[0]!.email,
        payload: `secret ${i + 1}`,
        name: `Push ${i + 1}`,
        createdAt: start + i * 1000,
      })),
    );
    const page = await firefox.open('pushes.html#lockdown');
    await page.locator('dialog[open] button.primary').wait();
    await (await buttonNamed(page, 'Start lockdown')).click();
    await page.waitForFunction(() => document.querySelector('.lockdown-report') !== null, { timeout: 60_000 });
    const report = await page.$eval('.lockdown-report', (element) => (element as HTMLElement).innerText);
    expect(report).toMatch(/60 pushes on 127\.0\.0\.1:\d+ were expired\./);
    // The event page empties the clipboard itself, unread, and rewrites storage.local without a word of failure.
    expect(report).toContain('The clipboard was emptied, without being read.');
    expect(report).not.toContain('could not be rewritten');
    expect(report).toMatch(/The API token still works on 127\.0\.0\.1:\d+ until you make a new one there/);
    expect(pwpush.pushes().filter((push) => !push.expired)).toEqual([]);
    const stored = await page.evaluate(() => (globalThis as unknown as InPage).browser.storage.local.get(['apiToken', 'lockdown']));
    expect(stored.apiToken).toBeUndefined();
    expect(JSON.stringify(stored.lockdown)).not.toContain('urlToken');
  });
});
