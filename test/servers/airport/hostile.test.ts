// @vitest-environment node
// The opt-in oversized answers of a hostile gateway (off by default): huge boards, lists and XML, and answers without end.
import { describe, expect, it } from 'vitest';
import { INFO_KEY, KEY, useAirportServer, type V2 } from './harness';

const { server, get, getJson } = useAirportServer();

describe('oversized answers', () => {
  it('are off by default: ARN is its seven queues', async () => {
    expect(((await getJson('/waittimepublic/v2/airports/ARN')).body as V2).waitTimes).toHaveLength(7);
    expect(server().oversizedSent).toEqual([]);
  });

  it('huge sends a board of N queues, streamed, and counts the request', async () => {
    server().setFault({ type: 'huge', count: 300 });
    const response = await get('/waittimepublic/v2/airports/ARN');
    expect(response.headers.get('content-length')).toBeNull();
    const text = await response.text();
    const board = JSON.parse(text) as V2;
    expect(board.activeMeasurementStations).toBe(300);
    expect(board.waitTimes).toHaveLength(300);
    expect(board.waitTimes[4]).toMatchObject({ id: 4, queueName: 'Security 4', currentProjectedWaitTime: 4 });
    expect(server().requests.at(-1)?.status).toBe(200);
    await expect.poll(() => server().oversizedSent).toEqual([Buffer.byteLength(text)]);
  });

  it('huge sends a list of N airports on the airport-list path, and the per-flight board on its path', async () => {
    server().setFault({ type: 'huge', count: 40 });
    const list = await getJson('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': INFO_KEY });
    expect(list.body).toHaveLength(40);
    expect((list.body as Array<Record<string, string>>)[12]).toEqual({
      iata: 'Q0C',
      name: 'Airport 12',
      localDisplayName: 'Flygplats 12',
      displayName: 'Airport 12',
    });
    const flight = await getJson('/waittimepublic/v2/airports/ARN/flights?flightid=TG961&date=2026-09-29');
    expect((flight.body as V2).waitTimes).toHaveLength(40);
  });

  it('huge sends XML when XML is asked for', async () => {
    server().setFault({ type: 'huge', count: 25 });
    const board = await (
      await get('/waittimepublic/v2/airports/ARN', { 'Ocp-Apim-Subscription-Key': KEY, Accept: 'application/xml' })
    ).text();
    expect(board).toMatch(
      /^<\?xml[^>]*\?>\n<PlaceWaitTime [^>]*><activeMeasurementStations>25<\/activeMeasurementStations><waitTimes><Place>/,
    );
    expect(board.match(/<Place>/g)).toHaveLength(25);
    expect(board).toMatch(/<\/Place><\/waitTimes><\/PlaceWaitTime>$/);
    server().setOptions({ forceXml: true });
    const list = await (await get('/airportinfo/v2/airports', { 'Ocp-Apim-Subscription-Key': INFO_KEY })).text();
    expect(list.match(/<Airport>/g)).toHaveLength(25);
    expect(list).toMatch(/<\/Airport><\/AirportArray>$/);
  });

  it('endless never ends, and stops when the client goes away', async () => {
    server().setFault({ type: 'endless' });
    const controller = new AbortController();
    const response = await fetch(`${server().url}/waittimepublic/v2/airports/ARN`, {
      headers: { 'Ocp-Apim-Subscription-Key': KEY },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let read = 0;
    while (read < 2 * 1024 * 1024) read += (await reader.read()).value!.byteLength;
    controller.abort();
    await expect.poll(() => server().oversizedSent.length).toBe(1);
    expect(server().oversizedSent[0]).toBeGreaterThanOrEqual(read);
  });

  it('still checks the key first, as the gateway does', async () => {
    server().setFault({ type: 'huge', count: 100_000 });
    expect((await getJson('/waittimepublic/v2/airports/ARN', { 'Ocp-Apim-Subscription-Key': 'nope' })).status).toBe(401);
    expect(server().oversizedSent).toEqual([]);
  });

  it.each([{ type: 'huge' }, { type: 'huge', count: -1 }, { type: 'endless', chunkDelayMs: 1.5 }])('refuses %o', (fault) => {
    expect(() => server().setFault(fault as never)).toThrow(RangeError);
  });
});
