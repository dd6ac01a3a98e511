// @vitest-environment node
// What the APIM gateway does before the backend: paths, versions, CORS, subscription keys.
import { describe, expect, it } from 'vitest';
import { INFO_KEY, INVALID, KEY, MISSING, SECONDARY, useAirportServer } from './harness';
import { startAirportServer } from './server.mjs';

const { server, get, getJson } = useAirportServer();

describe('paths and versions', () => {
  const notFound = { statusCode: 404, message: 'Resource not found' };

  it('answers 404 with the APIM body for unknown paths, a v1 per-flight path and other methods', async () => {
    for (const path of [
      '/',
      '/waittimepublic/v3/airports/ARN',
      '/waittimepublic/v1/airports/ARN/flights?flightid=SK1',
      '/airportinfo/v2/airport',
    ]) {
      expect(await getJson(path)).toMatchObject({ status: 404, body: notFound });
    }
    const post = await fetch(`${server().url}/waittimepublic/v2/airports/ARN`, {
      method: 'POST',
      headers: { 'Ocp-Apim-Subscription-Key': KEY },
    });
    expect(post.status).toBe(404);
  });

  it('answers 404 on v1 paths when only v2 is served, like the real gateway', async () => {
    server().setOptions({ versions: ['v2'] });
    expect(await getJson('/waittimepublic/v1/airports/ARN')).toMatchObject({ status: 404, body: notFound });
    expect(await getJson('/airportinfo/v1/airport')).toMatchObject({ status: 404, body: notFound });
    expect((await getJson('/waittimepublic/v2/airports/ARN')).status).toBe(200);
    expect((await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': INFO_KEY })).status).toBe(200);
  });

  it('serves only v2 unless told otherwise: the real v1 wait-time path answers 404 (docs/airport-api.md#paths)', async () => {
    const plain = await startAirportServer();
    try {
      const headers = { 'Ocp-Apim-Subscription-Key': KEY };
      expect((await fetch(`${plain.url}/waittimepublic/v1/airports/ARN`, { headers })).status).toBe(404);
      expect((await fetch(`${plain.url}/waittimepublic/v2/airports/ARN`, { headers })).status).toBe(200);
      plain.setOptions({ versions: ['v1', 'v2'] });
      const v1 = await fetch(`${plain.url}/waittimepublic/v1/airports/ARN`, { headers });
      expect(Object.keys((await v1.json()) as object)).toEqual(['places']);
    } finally {
      await plain.close();
    }
  });

  it('takes the versions from the start options', async () => {
    const v2only = await startAirportServer({ versions: ['v2'] });
    try {
      const headers = { 'Ocp-Apim-Subscription-Key': KEY };
      expect((await fetch(`${v2only.url}/waittimepublic/v1/airports/ARN`, { headers })).status).toBe(404);
      expect((await fetch(`${v2only.url}/waittimepublic/v2/airports/ARN`, { headers })).status).toBe(200);
    } finally {
      await v2only.close();
    }
  });

  it('sends no CORS headers, not even to a preflight', async () => {
    const response = await get('/waittimepublic/v2/airports/ARN', { 'Ocp-Apim-Subscription-Key': KEY, Origin: 'https://example.org' });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server().url}/waittimepublic/v2/airports/ARN`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(404);
    expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control'))).toEqual([]);
  });
});

describe('subscription keys', () => {
  it('answers 401 for a missing key and for an unknown key', async () => {
    expect(await getJson('/waittimepublic/v2/airports/ARN', {})).toEqual(
      expect.objectContaining({ status: 401, body: { statusCode: 401, message: MISSING } }),
    );
    expect(await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': 'nope' })).toMatchObject({
      status: 401,
      body: { statusCode: 401, message: INVALID },
    });
  });

  it('accepts the key as the subscription-key query parameter too', async () => {
    expect((await getJson(`/waittimepublic/v2/airports/ARN?subscription-key=${SECONDARY}`, {})).status).toBe(200);
    expect(server().requests[0]).toMatchObject({ key: SECONDARY, keySource: 'query' });
  });

  it('rejects a revoked key while the other one still works', async () => {
    server().revokeKey(KEY);
    expect(server().keys).toEqual([SECONDARY]);
    expect(await getJson('/waittimepublic/v2/airports/ARN')).toMatchObject({ status: 401, body: { message: INVALID } });
    expect((await getJson('/waittimepublic/v2/airports/ARN', { 'Ocp-Apim-Subscription-Key': SECONDARY })).status).toBe(200);
  });

  it('takes its keys from the options', async () => {
    server().setOptions({ keys: ['fresh-key'], infoKeys: ['fresh-info-key'] });
    expect((await getJson('/waittimepublic/v2/airports/ARN')).status).toBe(401);
    expect((await getJson('/waittimepublic/v2/airports/ARN', { 'Ocp-Apim-Subscription-Key': 'fresh-key' })).status).toBe(200);
    expect((await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': 'fresh-info-key' })).status).toBe(200);
  });

  it("checks each product's own keys: a wait-time key is refused on the airport list and the other way round (docs/airport-api.md#products-and-keys)", async () => {
    const info = { 'Ocp-Apim-Subscription-Key': INFO_KEY };
    expect(server().infoKeys).toEqual([INFO_KEY, 'info-secondary-key-0004']);
    for (const key of [KEY, SECONDARY]) {
      expect(await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': key })).toMatchObject({
        status: 401,
        body: { message: INVALID },
      });
    }
    expect(await getJson('/waittimepublic/v2/airports/ARN', info)).toMatchObject({ status: 401, body: { message: INVALID } });
    expect((await getJson('/airportinfo/v2/airports', info)).status).toBe(200);
    expect((await getJson('/waittimepublic/v2/airports/ARN')).status).toBe(200);
  });
});
