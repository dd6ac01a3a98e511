// The XML cases run on happy-dom's DOMParser, which differs from Chromium's where these tests
// would notice: it cannot parse CDATA at all (a parsererror), leaves the prefix in an attribute's
// `localName` (`i:nil`; the code matches attributes by `name` instead), answers a parsererror
// for a DOCTYPE's internal subset (Chromium expands its entities), keeps an undeclared `&boom;`
// as text (Chromium: parsererror), throws a RangeError on nesting a few thousand deep (Chromium:
// parsererror), and its getElementsByTagNameNS('*', …) finds nothing (lib/airport/xml.ts looks
// for the parsererror by tag name). The parser cases run in Chromium in test/e2e/airport-xml.e2e.ts.
import { describe, expect, it } from 'vitest';
import { parseAirports, parseAirportsXml, parseWaitTimes, parseWaitTimesXml, utcMillis } from '@/lib/airport/parse';
import { AIRPORTS, AIRPORTS_XML, ARN_V1_PEAK, ARN_V2, BMA_V2, WAIT_XML_V1, WAIT_XML_V2 } from './fixtures';

const entry = ARN_V2.waitTimes[0]!;

describe('parseWaitTimes reads every list shape', () => {
  it.each([
    ['v2 {waitTimes}', ARN_V2, 7],
    ['v1 {places}', ARN_V1_PEAK, 7],
    ['a bare array', ARN_V2.waitTimes, 7],
    ['an empty list', { activeMeasurementStations: 0, waitTimes: [] }, 0],
    ['PascalCase list name', { Places: [entry] }, 1],
  ])('%s', (_, body, count) => {
    expect(parseWaitTimes(body)?.queues).toHaveLength(count);
  });

  it('maps a v2 entry to a Queue', () => {
    expect(parseWaitTimes(ARN_V2)?.queues[0]).toEqual({
      id: 5,
      name: 'Security Terminal 2',
      minutes: 4,
      isFastTrack: false,
      terminal: 'T2',
      latitude: 59.64442,
      longitude: 17.92809,
      overflow: false,
      measuredAt: '2026-09-29T13:27:04Z',
    });
  });

  it('gives null terminals and the measurement time', () => {
    const parsed = parseWaitTimes(BMA_V2);
    expect(parsed?.queues[0]?.terminal).toBeNull();
    expect(parsed?.measuredAt).toBe('2026-09-29T13:42:04Z');
  });

  it('takes the latest time as measuredAt, and null without queues', () => {
    const later = { ...entry, id: 99, currentTime: '2026-09-29T13:42:04Z' };
    expect(parseWaitTimes([entry, later])?.measuredAt).toBe('2026-09-29T13:42:04Z');
    expect(parseWaitTimes({ waitTimes: [] })?.measuredAt).toBeNull();
  });

  it.each([
    ['an object without a list', { activeMeasurementStations: 7 }],
    ['a string', 'Airport MMX not supported'],
    ['null', null],
    ['a list of nothing readable', { waitTimes: [1, 'two', { id: 'x' }] }],
  ])('%s → null (malformed)', (_, body) => {
    expect(parseWaitTimes(body)).toBeNull();
  });
});

describe('parseWaitTimes skips entries of the wrong shape', () => {
  it.each([
    ['id missing', { id: undefined }],
    ['id not whole', { id: 1.5 }],
    ['queueName empty', { queueName: '' }],
    ['minutes negative', { currentProjectedWaitTime: -1 }],
    ['minutes text', { currentProjectedWaitTime: 'soon' }],
    ['time unreadable', { currentTime: 'yesterday' }],
    ['time impossible', { currentTime: '2026-02-30T10:00:00Z' }],
    ['isFastTrack not a boolean', { isFastTrack: 'maybe' }],
    ['terminal an object', { terminal: { name: 'T2' } }],
    ['latitude missing', { latitude: undefined }],
    ['longitude out of range', { longitude: 190 }],
  ])('%s', (_, change) => {
    const parsed = parseWaitTimes({ waitTimes: [{ ...entry, ...change }, ARN_V2.waitTimes[1]] });
    expect(parsed?.queues.map((queue) => queue.id)).toEqual([6]);
  });

  it.each([
    ['"" terminal → null', { terminal: '' }, { terminal: null }],
    ['no isFastTrack → false', { isFastTrack: undefined }, { isFastTrack: false }],
    ['no overflow (v1) → false', { overflow: undefined }, { overflow: false }],
    ['numbers as text', { id: '5', currentProjectedWaitTime: '12', latitude: '59.1' }, { id: 5, minutes: 12, latitude: 59.1 }],
    ['minutes rounded', { currentProjectedWaitTime: 4.6 }, { minutes: 5 }],
    ['time without Z', { currentTime: '2026-09-29T13:27:04' }, { measuredAt: '2026-09-29T13:27:04Z' }],
    ['time with offset', { currentTime: '2026-09-29T15:27:04+02:00' }, { measuredAt: '2026-09-29T13:27:04Z' }],
    ['an unknown extra field', { gate: 'F' }, { id: 5 }],
  ])('lenient: %s', (_, change, expected) => {
    expect(parseWaitTimes([{ ...entry, ...change }])?.queues[0]).toMatchObject(expected);
  });
});

describe('utcMillis', () => {
  it.each([
    ['2026-09-29T13:27:04Z', Date.UTC(2026, 8, 29, 13, 27, 4)],
    ['2026-09-29T13:27:04', Date.UTC(2026, 8, 29, 13, 27, 4)],
    ['2026-09-29T13:27:04.1234567Z', Date.UTC(2026, 8, 29, 13, 27, 4, 123)],
    ['2026-09-29 13:27', Date.UTC(2026, 8, 29, 13, 27)],
    ['2026-09-29T13:27:04-0130', Date.UTC(2026, 8, 29, 14, 57, 4)],
    ['2026-13-01T00:00:00Z', undefined],
    ['2026-09-29T24:00:00Z', undefined],
    ['29/09/2026', undefined],
    [1790000000000, undefined],
  ])('%s', (value, millis) => {
    expect(utcMillis(value)).toBe(millis);
  });
});

describe('XML', () => {
  it('reads a v1 PlaceWaitTime with namespaces, comments, entities and xsi:nil', () => {
    const parsed = parseWaitTimesXml(WAIT_XML_V1);
    expect(parsed?.queues).toEqual([
      expect.objectContaining({ id: 24, name: 'Security Terminal 5F', minutes: 2, terminal: 'T5', isFastTrack: false, latitude: 59.65176 }),
      expect.objectContaining({ id: 1, name: 'Security Bromma & Co', terminal: null, measuredAt: '2026-09-29T13:42:04Z' }),
    ]);
    expect(parsed?.measuredAt).toBe('2026-09-29T13:42:04Z');
  });

  it('reads a v2 PlaceWaitTime with prefixed names and entities', () => {
    expect(parseWaitTimesXml(WAIT_XML_V2)?.queues).toEqual([
      expect.objectContaining({ id: 6, name: 'Security Terminal 2 FastTrack & more', isFastTrack: true, overflow: true, minutes: 3 }),
    ]);
  });

  it('reads an empty PlaceWaitTime as no queues', () => {
    expect(parseWaitTimesXml('<PlaceWaitTime><places /></PlaceWaitTime>')).toEqual({ queues: [], measuredAt: null, activeStations: null });
  });

  it('reads an AirportArray', () => {
    expect(parseAirportsXml(AIRPORTS_XML)).toEqual([
      AIRPORTS[0],
      { iata: 'GOT', name: 'Göteborg Landvetter', localDisplayName: '', displayName: '' },
    ]);
  });

  it.each([
    ['not XML', '{"waitTimes": [}'],
    ['truncated', '<PlaceWaitTime><places><Place><id>1</id>'],
    ['crossed tags', '<PlaceWaitTime><places></PlaceWaitTime></places>'],
    ['two roots', '<PlaceWaitTime/><PlaceWaitTime/>'],
    ['an unknown document', '<html><body>Sign in to the Wi-Fi</body></html>'],
  ])('%s → null', (_, text) => {
    expect(parseWaitTimesXml(text)).toBeNull();
    expect(parseAirportsXml(text)).toBeNull();
  });

  it.each([
    ['with an internal subset', '<!DOCTYPE x [<!ENTITY boom "BOOM">]>'],
    ['without one', '<!DOCTYPE AirportArray>'],
  ])('refuses a DOCTYPE %s: a browser expands the entities one declares', (_, doctype) => {
    const text = `${doctype}<AirportArray><Airport><iata>ARN</iata><name>&boom;</name></Airport></AirportArray>`;
    expect(parseAirportsXml(text)).toBeNull();
    expect(parseWaitTimesXml(`${doctype}<PlaceWaitTime><places /></PlaceWaitTime>`)).toBeNull();
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    expect(parseWaitTimesXml(`<PlaceWaitTime>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</PlaceWaitTime>`)).toBeNull();
  });

  it('decodes numeric and named entities and reads xsi:nil by local name, whatever the prefix', () => {
    const place = WAIT_XML_V2.replace('<a:terminal>T2</a:terminal>', `<a:terminal i:nil='true' xmlns:i="urn:i">T2</a:terminal>`).replace(
      'FastTrack &amp; more',
      'x &#x41;&#66;&lt;&gt;&quot;&apos;',
    );
    expect(parseWaitTimesXml(place)?.queues).toEqual([expect.objectContaining({ name: `Security Terminal 2 x AB<>"'`, terminal: null })]);
  });
});

describe('parseAirports', () => {
  it.each([
    ['a bare array (both versions)', AIRPORTS, 4],
    ['{airports}', { airports: AIRPORTS }, 4],
    ['empty', [], 0],
  ])('%s', (_, body, count) => {
    expect(parseAirports(body)).toHaveLength(count);
  });

  it('upper-cases codes, fills missing names with "" and skips entries without a code', () => {
    expect(parseAirports([{ iata: ' arn ', name: 'Arlanda' }, { name: 'no code' }, 'KRN'])).toEqual([
      { iata: 'ARN', name: 'Arlanda', displayName: '', localDisplayName: '' },
    ]);
  });

  it.each([
    ['an object', { count: 10 }],
    ['nothing readable', [{ name: 'x' }]],
  ])('%s → null', (_, body) => {
    expect(parseAirports(body)).toBeNull();
  });
});
