// @vitest-environment node
// The data and shapes of both operations in both versions, the request log and reset().
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INFO_KEY, KEY, SECONDARY, useAirportServer, type V2 } from './harness';
import { ARN_PEAK_ENTRIES, UNSUPPORTED_AIRPORTS } from './server.mjs';

const { server, get, getJson } = useAirportServer({ versions: ['v1', 'v2'] });

describe('wait times', () => {
  it('serves ARN v2 with seven queues over T2–T5, FastTrack lanes and the clock as currentTime', async () => {
    const { status, headers, body } = await getJson('/waittimepublic/v2/airports/ARN');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { activeMeasurementStations, waitTimes } = body as V2;
    expect(activeMeasurementStations).toBe(7);
    expect(waitTimes.map((e) => e.id)).toEqual([5, 6, 7, 8, 9, 23, 24]);
    expect(waitTimes.map((e) => e.terminal)).toEqual(['T2', 'T2', 'T3', 'T4', 'T4', 'T5', 'T5']);
    expect(waitTimes.filter((e) => e.isFastTrack).map((e) => e.queueName)).toEqual([
      'Security Terminal 2 FastTrack',
      'Security Terminal 4 FastTrack',
      'Security Terminal 5F FastTrack',
    ]);
    expect(waitTimes[0]).toEqual({
      id: 5,
      queueName: 'Security Terminal 2',
      currentTime: '2026-09-29T13:27:04Z',
      currentProjectedWaitTime: 4,
      isFastTrack: false,
      terminal: 'T2',
      latitude: 59.64442,
      longitude: 17.92809,
      overflow: false,
    });
    expect(new Set(waitTimes.map((e) => e.currentTime))).toEqual(new Set(['2026-09-29T13:27:04Z']));
  });

  it('serves BMA and GOT with a null terminal', async () => {
    const bma = (await getJson('/waittimepublic/v2/airports/BMA')).body as V2;
    expect(bma.activeMeasurementStations).toBe(1);
    expect(bma.waitTimes).toMatchObject([{ id: 1, queueName: 'Security Bromma', terminal: null, currentProjectedWaitTime: 0 }]);
    const got = (await getJson('/waittimepublic/v2/airports/GOT')).body as V2;
    expect(got.waitTimes.map((e) => [e.id, e.currentProjectedWaitTime, e.isFastTrack, e.terminal])).toEqual([
      [2, 2, true, null],
      [3, 7, false, null],
    ]);
  });

  it('serves v1 as { places } without overflow', async () => {
    const { status, body } = await getJson('/waittimepublic/v1/airports/GOT');
    expect(status).toBe(200);
    expect(Object.keys(body as object)).toEqual(['places']);
    const { places } = body as { places: Array<Record<string, unknown>> };
    expect(places).toHaveLength(2);
    expect(places[1]).toEqual({
      id: 3,
      queueName: 'Security Landvetter',
      currentTime: '2026-09-29T13:27:04Z',
      currentProjectedWaitTime: 7,
      isFastTrack: false,
      terminal: null,
      latitude: 57.66869,
      longitude: 12.29521,
    });
  });

  it('matches the airport code case-insensitively', async () => {
    for (const code of ['arn', 'Arn']) {
      const { status, body } = await getJson(`/waittimepublic/v2/airports/${code}`);
      expect(status).toBe(200);
      expect((body as V2).waitTimes).toHaveLength(7);
    }
  });

  it('follows the clock given later through setOptions', async () => {
    server().setOptions({ now: () => Date.UTC(2027, 0, 2, 3, 4, 5) });
    const { body } = await getJson('/waittimepublic/v2/airports/BMA');
    expect((body as V2).waitTimes[0]?.currentTime).toBe('2027-01-02T03:04:05Z');
  });

  it.each([...UNSUPPORTED_AIRPORTS, 'XXX'])('answers 400 "Airport %s not supported" as a JSON string', async (code) => {
    const { status, headers, body } = await getJson(`/waittimepublic/v2/airports/${code}`);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toBe(`Airport ${code} not supported`);
  });

  it('answers 400 for lower-case unsupported codes and for segments that are not three letters', async () => {
    expect((await getJson('/waittimepublic/v1/airports/mmx')).body).toBe('Airport MMX not supported');
    for (const segment of ['AR1', 'ARNX', 'A%20N']) {
      const { status, body } = await getJson(`/waittimepublic/v2/airports/${segment}`);
      expect(status).toBe(400);
      expect(body).toBe(`Invalid airport code: ${decodeURIComponent(segment)}`);
    }
  });

  it('serves entries set by a test: pinned times kept, missing ones from the clock, null = not supported', async () => {
    server().setWaitTimes('arn', ARN_PEAK_ENTRIES);
    const arn = (await getJson('/waittimepublic/v2/airports/ARN')).body as V2;
    expect(arn.waitTimes.map((e) => e.currentProjectedWaitTime)).toEqual([12, 3, 6, 18, 4, 9, 47]);
    expect(arn.waitTimes[0]?.currentTime).toBe('2026-06-19T04:55:04Z');

    server().setWaitTimes('MMX', [{ id: 40, queueName: 'Security Malmö', currentProjectedWaitTime: 3, overflow: true }]);
    const mmx = (await getJson('/waittimepublic/v2/airports/MMX')).body as V2;
    expect(mmx).toEqual({
      activeMeasurementStations: 1,
      waitTimes: [
        { id: 40, queueName: 'Security Malmö', currentProjectedWaitTime: 3, overflow: true, currentTime: '2026-09-29T13:27:04Z' },
      ],
    });
    const v1 = (await getJson('/waittimepublic/v1/airports/MMX')).body as { places: object[] };
    expect(v1.places[0]).not.toHaveProperty('overflow');

    server().setWaitTimes('GOT', []);
    expect((await getJson('/waittimepublic/v2/airports/GOT')).body).toEqual({ activeMeasurementStations: 0, waitTimes: [] });
    server().setWaitTimes('BMA', null);
    expect(await getJson('/waittimepublic/v2/airports/BMA')).toMatchObject({ status: 400, body: 'Airport BMA not supported' });
  });
});

describe('airport list', () => {
  it.each(['/airportinfo/v1/airport', '/airportinfo/v2/airports'])('%s lists the ten Swedavia airports', async (path) => {
    const { status, body } = await getJson(path, { 'Ocp-Apim-Subscription-Key': INFO_KEY });
    expect(status).toBe(200);
    const airports = body as Array<Record<string, string>>;
    expect(airports.map((a) => a.iata)).toEqual(['ARN', 'BMA', 'GOT', 'MMX', 'LLA', 'UME', 'OSD', 'VBY', 'RNB', 'KRN']);
    expect(airports[6]).toEqual({
      iata: 'OSD',
      name: 'Åre Östersund',
      localDisplayName: 'Åre Östersund Airport',
      displayName: 'Åre Östersund Airport',
    });
  });
});

describe('request log and reset', () => {
  it('records method, path, key and Accept with the status answered', async () => {
    await getJson('/waittimepublic/v2/airports/ARN');
    await getJson('/airportinfo/v2/airports', {});
    expect(server().requests).toEqual([
      { method: 'GET', path: '/waittimepublic/v2/airports/ARN', key: KEY, keySource: 'header', accept: 'application/json', status: 200 },
      { method: 'GET', path: '/airportinfo/v2/airports', key: null, keySource: null, accept: 'application/json', status: 401 },
    ]);
  });

  it('reset restores the start state', async () => {
    const log = server().requests;
    server().setFault({ type: 'server-error' });
    server().setOptions({ versions: ['v2'], forceXml: true, now: () => 0 });
    server().setWaitTimes('ARN', null);
    server().revokeKey(KEY);
    await getJson('/waittimepublic/v2/airports/ARN');

    server().reset();
    // The start options of this file (v1 and v2), not the server's default (v2 only).
    expect(server().requests).toBe(log);
    expect(log).toEqual([]);
    expect(server().keys).toEqual([KEY, SECONDARY]);
    const { status, headers, body } = await getJson('/waittimepublic/v1/airports/ARN');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect((body as { places: Array<{ currentTime: string }> }).places[0]?.currentTime).toBe('2026-09-29T13:27:04Z');
  });
});

describe('per-flight path (v2 only, docs/airport-api.md#per-flight-path)', () => {
  const sample = (name: string) => readFileSync(resolve(__dirname, '../../unit/airport/samples', name), 'utf8');

  it('serves the captured Terminal 5F answer for TG961, with the clock as currentTime', async () => {
    const { status, body } = await getJson('/waittimepublic/v2/airports/ARN/flights?flightid=TG961&date=2026-09-29');
    expect(status).toBe(200);
    const captured = JSON.parse(sample('waittime-v2-ARN-flight.json')) as V2;
    expect(body).toEqual({
      activeMeasurementStations: 2,
      waitTimes: captured.waitTimes.map((entry) => ({ ...entry, currentTime: '2026-09-29T13:27:04Z' })),
    });
  });

  it('answers an unknown departure with the observed 400 JSON string', async () => {
    const response = await get('/waittimepublic/v2/airports/ARN/flights?flightid=XX0000&date=2026-09-29');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(sample('error-400-unknown-flight.body'));
  });

  it('serves flights set by a test, checks the wait-time key, and says "not supported" for airports without data', async () => {
    server().setFlight('ARN', 'SK1415', [
      {
        id: 8,
        queueName: 'Security Terminal 4',
        currentProjectedWaitTime: 16,
        overflow: true,
        isFastTrack: false,
        terminal: 'T4',
        latitude: 59.6,
        longitude: 17.9,
      },
    ]);
    const set = await getJson('/waittimepublic/v2/airports/ARN/flights?flightid=SK1415&date=2026-09-30');
    expect((set.body as V2).waitTimes).toEqual([expect.objectContaining({ id: 8, overflow: true, currentTime: '2026-09-29T13:27:04Z' })]);
    expect(
      (
        await getJson('/waittimepublic/v2/airports/ARN/flights?flightid=TG961&date=2026-09-29', {
          'Ocp-Apim-Subscription-Key': 'info-key-0003',
        })
      ).status,
    ).toBe(401);
    expect((await getJson('/waittimepublic/v2/airports/MMX/flights?flightid=SK1415&date=2026-09-29')).body).toBe(
      'Airport MMX not supported',
    );
  });
});
