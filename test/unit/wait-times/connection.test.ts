import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { airportConfig, airportConfigFor, callsThisMonth, monthOf, recordAirportCall } from '@/lib/wait-times/connection';

/** One finished call of `n` requests, as the client reports it. */
const countCalls = async (n: number, now: Date) => {
  await recordAirportCall(ok({ apiVersion: 'v2', calls: n }), 'https://api.swedavia.se', now);
  return callsThisMonth(now);
};
import { fail, ok } from '@/lib/result';
import { airportApiUrl, airportApiVersions, airportCalls, airportKeys } from '@/lib/settings';

const MAY = new Date(2026, 4, 31, 23, 59);
const JUNE = new Date(2026, 5, 1, 0, 1);

describe('airportConfig', () => {
  it('is null while no primary key is saved', async () => {
    expect(await airportConfig()).toBeNull();
    await airportKeys.setValue({ primary: '  ', secondary: 'only-secondary' });
    expect(await airportConfig()).toBeNull();
  });

  it("uses Swedavia's gateway by default, starting with the v2 paths it serves", async () => {
    await airportKeys.setValue({ primary: 'p-key', secondary: '' });
    expect(await airportConfig()).toEqual({ baseUrl: 'https://api.swedavia.se', key: 'p-key', apiVersion: 'v2' });
  });

  it('leaves the version to the client for another server, until one answered', async () => {
    await airportApiUrl.setValue('https://airport.example');
    await airportKeys.setValue({ primary: 'p-key', secondary: '' });
    expect(await airportConfig()).toEqual({ baseUrl: 'https://airport.example', key: 'p-key' });
  });

  it('adds the secondary key and the API version remembered for that base URL', async () => {
    await airportApiUrl.setValue('http://127.0.0.1:5200');
    await airportKeys.setValue({ primary: 'p-key', secondary: 's-key' });
    await airportApiVersions.setValue({ 'http://127.0.0.1:5200': 'v2', 'https://api.swedavia.se': 'v1' });
    expect(await airportConfig()).toEqual({ baseUrl: 'http://127.0.0.1:5200', key: 'p-key', secondaryKey: 's-key', apiVersion: 'v2' });
  });

  it('hands out no key saved for another origin (a changed URL must not receive it)', async () => {
    await airportApiUrl.setValue('http://127.0.0.1:5300');
    await airportKeys.setValue({ primary: 'p-key', secondary: 's-key', origin: 'http://127.0.0.1:5200' });
    expect(await airportConfig()).toBeNull();
    await airportApiUrl.setValue('http://127.0.0.1:5200/');
    expect(await airportConfig()).toMatchObject({ baseUrl: 'http://127.0.0.1:5200/', key: 'p-key', secondaryKey: 's-key' });
  });

  it('builds a config for typed keys, trimmed, with the version of that URL', async () => {
    await airportApiVersions.setValue({ 'https://typed.example': 'v1' });
    expect(await airportConfigFor('https://typed.example/', { primary: ' a\n', secondary: ' ' })).toEqual({
      baseUrl: 'https://typed.example/',
      key: 'a',
      apiVersion: 'v1',
    });
  });
});

describe('the monthly call count', () => {
  it('names months as YYYY-MM in local time', () => {
    expect(monthOf(MAY)).toBe('2026-05');
    expect(monthOf(new Date(2026, 11, 1))).toBe('2026-12');
  });

  it('adds up within a month and starts again from 0 in a new one', async () => {
    expect(await countCalls(2, MAY)).toBe(2);
    expect(await countCalls(1, MAY)).toBe(3);
    expect(await callsThisMonth(MAY)).toBe(3);
    expect(await callsThisMonth(JUNE)).toBe(0);
    expect(await countCalls(1, JUNE)).toBe(1);
    expect(await airportCalls.getValue()).toEqual({ month: '2026-06', count: 1 });
  });

  it('loses no call when several finish at once', async () => {
    await Promise.all([countCalls(1, MAY), countCalls(2, MAY), countCalls(3, MAY)]);
    expect(await callsThisMonth(MAY)).toBe(6);
  });

  it('lives in local storage only', async () => {
    await countCalls(1, MAY);
    expect(await fakeBrowser.storage.local.get('airportCalls')).toEqual({ airportCalls: { month: '2026-05', count: 1 } });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });
});

describe('recordAirportCall', () => {
  it('counts the requests of a success and remembers its version for the saved URL', async () => {
    await recordAirportCall(ok({ apiVersion: 'v2', calls: 2 }), undefined, MAY);
    expect(await callsThisMonth(MAY)).toBe(2);
    expect(await airportApiVersions.getValue()).toEqual({ 'https://api.swedavia.se': 'v2' });
  });

  it('counts failed requests too, and keeps the version of an answer from behind the route', async () => {
    await recordAirportCall(fail({ calls: 2, apiVersion: 'v1' }), 'http://127.0.0.1:5200/', MAY);
    expect(await callsThisMonth(MAY)).toBe(2);
    expect(await airportApiVersions.getValue()).toEqual({ 'http://127.0.0.1:5200': 'v1' });
  });

  it('remembers nothing when no version answered, and counts nothing when nothing was sent', async () => {
    await recordAirportCall(fail({ calls: 2 }), undefined, MAY);
    await recordAirportCall(fail({ calls: 0 }), undefined, MAY);
    expect(await callsThisMonth(MAY)).toBe(2);
    expect(await airportApiVersions.getValue()).toEqual({});
  });

  it('keeps the versions of other URLs', async () => {
    await airportApiVersions.setValue({ 'https://other.example': 'v1' });
    await recordAirportCall(ok({ apiVersion: 'v2', calls: 1 }), 'https://api.swedavia.se', MAY);
    expect(await airportApiVersions.getValue()).toEqual({ 'https://other.example': 'v1', 'https://api.swedavia.se': 'v2' });
  });
});
