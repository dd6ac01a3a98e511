import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { OptionsPage } from './pages/options';
import { SidePanelPage } from './pages/sidepanel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { useFeedServers } from './support/feeds';
import { screenshot } from './support/screenshots';
import { useE2eSession } from './support/session';

const PRIMARY = 'primary-key-0001';
const SECONDARY = 'secondary-key-0002';
/** AirportInfo is a product of its own, with its own key (docs/airport-api.md#products-and-keys). */
const INFO = 'info-key-0003';

describe('options page: airport wait times', () => {
  const session = useE2eSession();
  const { feeds } = useFeedServers();
  let airport: AirportServer;

  beforeAll(async () => {
    airport = await startAirportServer();
  });
  beforeEach(() => airport.reset());
  afterAll(async () => {
    await airport?.close();
  });

  const stored = async () =>
    (await session.extension.worker()).evaluate(async () => ({
      local: await chrome.storage.local.get(null),
      session: await chrome.storage.session.get(null),
      sync: await chrome.storage.sync.get(null),
    }));

  it('saves both sections with the one Save and checks the key with one request', async () => {
    const options = await OptionsPage.open(session.extension);
    const alice = session.pwpush.users[0]!;
    await options.fillAirport({ url: `${airport.url}/some/path`, key: PRIMARY, secondary: SECONDARY, airport: 'got', refresh: '10' });
    await options.save(session.pwpush.url, alice.token);

    await expect.poll(() => options.announcements()).toMatch(/subscription key works/i);
    await expect.poll(() => options.announcements()).toMatch(/token (was )?accepted/i);
    expect(await options.announcements()).toMatch(/^Saved\./);
    await expectNoSeriousA11yViolations(options.page, 'the options page after saving both sections');
    expect(await options.airportUrl().inputValue()).toBe(airport.url);
    expect(await options.defaultAirport().inputValue()).toBe('GOT');

    const { local, session: sessionArea, sync } = await stored();
    expect(local.instanceUrl).toBe(session.pwpush.url);
    expect(local.airportApiUrl).toBe(airport.url);
    expect(local.airportKeys).toEqual({ primary: PRIMARY, secondary: SECONDARY, info: '', origin: airport.url });
    expect(local.defaultAirport).toBe('GOT');
    expect(local.airportRefreshMinutes).toBe(10);
    expect(local.airportCalls).toMatchObject({ count: 1 });
    for (const area of [sessionArea, sync]) expect(JSON.stringify(area)).not.toContain(PRIMARY);

    expect(airport.requests.map((r) => [r.method, r.path, r.key, r.keySource, r.status])).toEqual([
      ['GET', '/waittimepublic/v2/airports/GOT', PRIMARY, 'header', 200],
    ]);
    expect(airport.requests[0]!.accept).toBe('application/json');
  });

  it('sets up wait times alone, with no Password Pusher, and the side panel shows them', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY });
    await options.save('', '');

    await expect.poll(() => options.announcements()).toMatch(/^Saved\..*subscription key works/is);
    expect(await options.announcements()).not.toMatch(/Password Pusher/);
    expect(session.pwpush.requests).toEqual([]);
    const { local } = await stored();
    expect(local.instanceUrl).toBe('');
    expect(local.airportKeys).toEqual({ primary: PRIMARY, secondary: '', info: '', origin: airport.url });

    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('arn');
    await expect.poll(() => panel.terminals()).not.toEqual([]);
  });

  it('keeps one key per product: the airport info key only for the list, a wrong one reported by Test', async () => {
    const options = await OptionsPage.open(session.extension);
    await expect.poll(() => options.page.getByText(/Each product has its own key: WaitTime Public for the wait times/).count()).toBe(1);
    expect(await options.page.getByText(/This one is for the AirportInfo product/).count()).toBe(1);
    // The usual slip: the WaitTime Public key pasted into both fields.
    await options.fillAirport({ url: airport.url, key: PRIMARY, info: PRIMARY });
    await options.testButton().click();
    await expect
      .poll(() => options.announcements())
      .toMatch(/rejected the airport info key\. It must be the key of your AirportInfo subscription/);
    expect(await options.announcements()).toMatch(/The subscription key works/);
    await expectNoSeriousA11yViolations(options.page, 'the options page after a Test with a refused airport info key');
    expect(airport.requests.map((r) => [r.path, r.key, r.status])).toEqual([
      ['/waittimepublic/v2/airports/ARN', PRIMARY, 200],
      ['/airportinfo/v2/airports', PRIMARY, 401],
    ]);

    await options.fillAirport({ info: INFO });
    await options.save('', '');
    await expect.poll(() => options.announcements()).toMatch(/The airport info key works: the list names 10 airports/);
    const { local } = await stored();
    expect(local.airportKeys).toEqual({ primary: PRIMARY, secondary: '', info: INFO, origin: airport.url });
    expect(airport.requests.slice(2).map((r) => [r.path, r.key, r.status])).toEqual([
      ['/waittimepublic/v2/airports/ARN', PRIMARY, 200],
      ['/airportinfo/v2/airports', INFO, 200],
    ]);
    await screenshot(options.page, 'options-airport-keys');

    // The side panel asks for the list with the info key only.
    const before = airport.requests.length;
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('arn');
    await expect.poll(() => panel.terminals()).not.toEqual([]);
    await expect
      .poll(() =>
        airport.requests
          .slice(before)
          .filter((r) => r.path.startsWith('/airportinfo/'))
          .map((r) => [r.path, r.key, r.status]),
      )
      .toEqual([['/airportinfo/v2/airports', INFO, 200]]);
    expect(
      airport.requests
        .slice(before)
        .filter((r) => r.path.startsWith('/waittimepublic/'))
        .every((r) => r.key === PRIMARY),
    ).toBe(true);
  });

  it('without an airport info key the side panel sends no airport-list request', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY });
    await options.save('', '');
    await expect.poll(() => options.announcements()).toMatch(/subscription key works/i);
    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('mmx');
    await expect.poll(() => panel.announcements()).toMatch(/\u2068Malmö Airport\u2069 \(MMX\)/);
    expect(airport.requests.filter((r) => r.path.startsWith('/airportinfo/'))).toEqual([]);
  });

  it('Test: a good key works, and nothing is saved', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY });
    await options.testButton().click();

    await expect.poll(() => options.announcements()).toMatch(/The subscription key works/);
    await expectNoSeriousA11yViolations(options.page, 'the options page after a good Test');
    expect(airport.requests.map((r) => [r.path, r.key, r.status])).toEqual([['/waittimepublic/v2/airports/ARN', PRIMARY, 200]]);
    const { local } = await stored();
    expect(local.airportKeys).toBeUndefined();
    expect(local.airportApiUrl).toBeUndefined();
  });

  it('Test: reads both answers when the gateway sends XML', async () => {
    airport.setOptions({ forceXml: true });
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY, info: INFO });
    await options.testButton().click();

    await expect.poll(() => options.announcements()).toMatch(/The airport info key works: the list names 10 airports/);
    expect(await options.announcements()).toMatch(/The subscription key works/);
    expect(airport.requests.map((r) => [r.path, r.status])).toEqual([
      ['/waittimepublic/v2/airports/ARN', 200],
      ['/airportinfo/v2/airports', 200],
    ]);
  });

  it('Test: a revoked primary key with a working secondary says to replace the primary', async () => {
    airport.revokeKey(PRIMARY);
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY, secondary: SECONDARY });
    await options.testButton().click();

    await expect.poll(() => options.announcements()).toMatch(/primary key was rejected; the secondary key works — replace the primary key/);
    await expectNoSeriousA11yViolations(options.page, 'the options page after a Test that fell back to the secondary key');
    expect(airport.requests.map((r) => [r.key, r.status])).toEqual([
      [PRIMARY, 401],
      [SECONDARY, 200],
    ]);
  });

  it('Test: a bad key is reported as missing or no longer valid, with where to get a new one', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: 'not-a-real-key' });
    await options.testButton().click();

    await expect.poll(() => options.announcements()).toMatch(/rejected the subscription key: it is missing or no longer valid/);
    expect(await options.announcements()).toContain('apideveloper.swedavia.se/profile');
    await expectNoSeriousA11yViolations(options.page, 'the options page after a Test with a bad key');
    expect(await options.subscriptionKey().inputValue()).toBe('not-a-real-key');
    expect(airport.requests.map((r) => r.status)).toEqual([401]);
  });

  it('Test: a used-up quota says when to try again', async () => {
    airport.setFault({ type: 'quota', retryAfter: 120 });
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY });
    await options.testButton().click();
    await expect.poll(() => options.announcements()).toMatch(/call limit is used up\. Try again in 2 min/);
    await expectNoSeriousA11yViolations(options.page, 'the options page after a Test with the quota used up');
  });

  it('a changed Airport API URL empties both keys: neither Test nor Save sends them to the new origin', async () => {
    const other = await startAirportServer();
    try {
      const options = await OptionsPage.open(session.extension);
      await options.fillAirport({ url: airport.url, key: PRIMARY, secondary: SECONDARY });
      await options.save('', '');
      await expect.poll(() => options.announcements()).toMatch(/subscription key works/i);

      await options.fillAirport({ url: other.url });
      expect(await options.subscriptionKey().inputValue()).toBe('');
      await expect.poll(() => options.announcements()).toContain(`they were entered for ${airport.url}`);
      await options.testButton().click();
      await expect.poll(() => options.announcements()).toMatch(/Nothing was tested/);
      await options.save('', '');
      await expect.poll(() => options.announcements()).toMatch(/^Saved\./);
      await expectNoSeriousA11yViolations(options.page, 'the options page after the keys were emptied for a new URL');

      expect(other.requests.filter((r) => r.key !== null)).toEqual([]);
      const { local } = await stored();
      expect(local.airportApiUrl).toBe(other.url);
      expect(local.airportKeys).toEqual({ primary: '', secondary: '', info: '', origin: other.url });
      // The side panel has no key to send: it offers the airports' websites, and asks the API nothing.
      const panel = await SidePanelPage.open(session.extension);
      await expect.poll(() => panel.airportField().count()).toBe(1);
      await panel.page.waitForTimeout(300);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('refuses an invalid airport code and saves nothing', async () => {
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: PRIMARY, airport: 'A1' });
    await options.save(session.pwpush.url, '');
    await expect.poll(async () => (await options.defaultAirport().getAttribute('aria-invalid')) ?? '').toBe('true');
    expect(await options.announcements()).toMatch(/nothing was saved/i);
    await expectNoSeriousA11yViolations(options.page, 'the options page with an invalid airport code');
    const { local } = await stored();
    expect(local.airportKeys).toBeUndefined();
    expect(airport.requests).toHaveLength(0);
  });

  it('an address per airport, its default shown, saved with Save and Reset to the website’s own; the side panel reads the one saved', async () => {
    const options = await OptionsPage.open(session.extension);
    const cph = options.page.getByRole('textbox', { name: 'Copenhagen Airport (CPH)' });
    await expect.poll(() => cph.inputValue()).toBe('https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json');
    const reset = options.page.getByRole('button', { name: 'Reset the address for Copenhagen Airport (CPH)' });
    expect(await reset.isDisabled()).toBe(true);

    // A company's mirror of the feed: here, the reference server.
    await cph.fill(feeds.cph.feedUrl);
    await options.save('', '');
    await expect.poll(() => options.announcements()).toMatch(/^Saved\./);
    const local = await (await session.extension.worker()).evaluate(() => chrome.storage.local.get('airportFeedUrls'));
    expect(local.airportFeedUrls).toEqual({ cph: feeds.cph.feedUrl });
    await expectNoSeriousA11yViolations(options.page, 'the options page with an airport website’s address changed');
    await screenshot(options.page, 'options-airport-websites');

    const panel = await SidePanelPage.open(session.extension);
    await panel.choose('CPH');
    await expect
      .poll(() => panel.waits())
      .toEqual([
        ['Terminal 2', '10–15 min'],
        ['Terminal 3', '0–5 min'],
      ]);
    expect(feeds.cph.requests.map((r) => r.path)).toEqual(['/waitingtime.json']);
    await panel.page.close();

    // The counter beside the address, and Reset.
    const again = await OptionsPage.open(session.extension);
    const field = again.page.getByRole('textbox', { name: 'Copenhagen Airport (CPH)' });
    await expect.poll(() => field.inputValue()).toBe(feeds.cph.feedUrl);
    expect(await again.page.locator('#feed-url-cph-hint').innerText()).toMatch(/ 1 request this month\.$/);
    await again.page.getByRole('button', { name: 'Reset the address for Copenhagen Airport (CPH)' }).click();
    expect(await field.inputValue()).toBe('https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json');
    await again.save('', '');
    await expect.poll(() => again.announcements()).toMatch(/^Saved\./);
    const after = await (await session.extension.worker()).evaluate(() => chrome.storage.local.get('airportFeedUrls'));
    expect(after.airportFeedUrls).toEqual({});
  });
});
