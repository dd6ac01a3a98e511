import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAirportServer, type AirportServer } from '../servers/airport/server.mjs';
import { startPwpushServer, type PwpushServer } from '../servers/pwpush/server.mjs';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { PushesPage } from './pages/pushes';
import { useE2eSession } from './support/session';
import { configureInstance } from './support/storage';

// In Chromium a redirect is never followed, the second server sees nothing, and the
// person reads what happened where they are looking.
describe('no redirect is followed', () => {
  const session = useE2eSession();
  let elsewhere: PwpushServer;
  let airport: AirportServer;

  beforeAll(async () => {
    [elsewhere, airport] = await Promise.all([startPwpushServer(), startAirportServer()]);
  });
  beforeEach(() => {
    elsewhere.reset();
    airport.reset();
  });
  afterAll(async () => {
    await Promise.all([elsewhere?.close(), airport?.close()]);
  });

  it.each([307, 308, 302] as const)('a %i on push: the secret is not re-sent, the popup says to check the Instance URL', async (status) => {
    const alice = session.pwpush.users[0]!;
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice.token);
    session.pwpush.setFault({ type: 'redirect', status, location: `${elsewhere.url}/api/v2/pushes`, paths: '/api/v2/pushes' });

    const popup = await PopupPage.open(session.extension);
    await popup.pushText('redirected secret');
    await expect.poll(() => popup.alert().innerText()).toMatch(/answered with a redirect.*check the Instance URL/s);
    expect(elsewhere.requests).toEqual([]);
    expect(session.pwpush.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await popup.page.locator('.link-text').count()).toBe(0);
    expect(await popup.secret().inputValue()).toBe('redirected secret');
  });

  it.each([307, 308] as const)('a %i on a file push: the files are not sent again elsewhere', async (status) => {
    const alice = session.pwpush.users[0]!;
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice.token);
    session.pwpush.setFault({ type: 'redirect', status, location: `${elsewhere.url}/api/v2/pushes`, paths: '/api/v2/pushes' });

    const popup = await PopupPage.open(session.extension);
    await popup.page.getByRole('radio', { name: 'File' }).click();
    await popup.page
      .getByLabel('Files')
      .setInputFiles({ name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from('a secret file') });
    await popup.pushButton().click();
    await expect.poll(() => popup.alert().innerText()).toMatch(/answered with a redirect.*check the Instance URL/s);
    expect(elsewhere.requests).toEqual([]);
  });

  it('the options check of a redirecting instance says so, and the token goes nowhere else', async () => {
    session.pwpush.setFault({ type: 'redirect', status: 308, location: `${elsewhere.url}/api/v2/version` });
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, session.pwpush.users[0]!.token);
    await expect.poll(() => options.announcements()).toMatch(/answered with a redirect.*check the Instance URL/s);
    expect(elsewhere.requests).toEqual([]);
  });

  it("a fresh instance's first-run redirect keeps its own message", async () => {
    session.pwpush.setOptions({ firstRun: true });
    const options = await OptionsPage.open(session.extension);
    await options.save(session.pwpush.url, '');
    await expect.poll(() => options.announcements()).toMatch(/finish the instance's first-run setup/);
  });

  it("with a token, a fresh instance's empty 401 is explained as its first-run setup too", async () => {
    const alice = session.pwpush.users[0]!;
    await configureInstance(await session.extension.worker(), session.pwpush.url, alice.token);
    session.pwpush.setOptions({ firstRun: true });
    const pushes = await PushesPage.open(session.extension);
    await pushes.show('Active');
    await expect.poll(() => pushes.alert().innerText()).toMatch(/finish the instance's first-run setup/);
    expect(await pushes.alert().innerText()).not.toMatch(/rejected/);
    // The probe that told the first run apart carried no token.
    const probes = session.pwpush.requests.filter((r) => r.path === '/first_run');
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((r) => r.authorization === null)).toBe(true);
  });

  it('the airport Test against a redirecting API does not hand the key on', async () => {
    airport.setFault({ type: 'redirect', status: 302, location: `${elsewhere.url}/waittimepublic/v1/airports/ARN` });
    const options = await OptionsPage.open(session.extension);
    await options.fillAirport({ url: airport.url, key: 'primary-key-0001' });
    await options.testButton().click();
    await expect.poll(() => options.announcements()).toMatch(/answered with a redirect.*check the Airport API URL/s);
    expect(elsewhere.requests).toEqual([]);
    expect(airport.requests).toHaveLength(1);
  });
});
