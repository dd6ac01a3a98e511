import { describe, expect, it } from 'vitest';
import { airportLabel, groupByTerminal, isStale, mapUrl, measured, waitLabel, waitLevel } from '@/lib/airport/board';
import { normalizeIata } from '@/lib/airport/iata';
import { parseWaitTimes } from '@/lib/airport/parse';
import type { Queue } from '@/lib/airport/types';
import { AIRPORTS, ARN_V2, BMA_V2, GOT_V2 } from './fixtures';

const queuesOf = (body: unknown): Queue[] => parseWaitTimes(body)!.queues;

describe('normalizeIata', () => {
  it.each([
    ['ARN', { ok: true, iata: 'ARN' }],
    ['arn', { ok: true, iata: 'ARN' }],
    ['  gOt \n', { ok: true, iata: 'GOT' }],
    ['', { ok: false, reason: 'empty' }],
    ['   ', { ok: false, reason: 'empty' }],
    ['AR', { ok: false, reason: 'format' }],
    ['ARNX', { ok: false, reason: 'format' }],
    ['A1N', { ok: false, reason: 'format' }],
    ['ÅRE', { ok: false, reason: 'format' }],
    ['A N', { ok: false, reason: 'format' }],
    ['../', { ok: false, reason: 'format' }],
  ])('%j → %j', (input, expected) => {
    expect(normalizeIata(input)).toEqual(expected);
  });
});

describe('groupByTerminal', () => {
  it('ARN: four terminal groups, sorted, regular lanes before FastTrack', () => {
    const groups = groupByTerminal(queuesOf(ARN_V2), 'Stockholm Arlanda Airport');
    expect(groups.map((group) => group.label)).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(groups.map((group) => group.queues.map((queue) => queue.name))).toEqual([
      ['Security Terminal 2', 'Security Terminal 2 FastTrack'],
      ['Security Terminal 3'],
      ['Security Terminal 4', 'Security Terminal 4 FastTrack'],
      ['Security Terminal 5F', 'Security Terminal 5F FastTrack'],
    ]);
  });

  it.each([
    ['BMA', BMA_V2, 'Bromma Stockholm Airport', ['Security Bromma']],
    ['GOT', GOT_V2, 'Göteborg Landvetter Airport', ['Security Landvetter', 'Security Landvetter FastTrack']],
  ])('%s: no terminal → one group under the airport name', (_, body, name, queueNames) => {
    const groups = groupByTerminal(queuesOf(body), name);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ terminal: null, label: name });
    expect(groups[0]!.queues.map((queue) => queue.name)).toEqual(queueNames);
  });

  it('sorts terminals naturally, puts the terminal-less group last and orders lanes by name', () => {
    const base = queuesOf(BMA_V2)[0]!;
    const queue = (id: number, name: string, terminal: string | null, isFastTrack = false): Queue => ({
      ...base,
      id,
      name,
      terminal,
      isFastTrack,
    });
    const groups = groupByTerminal(
      [queue(1, 'Main', null), queue(2, 'B', 'T10'), queue(3, 'Z fast', 'T2', true), queue(4, 'Y', 'T2'), queue(5, 'A', 'T2')],
      'Somewhere',
    );
    expect(groups.map((group) => group.label)).toEqual(['T2', 'T10', 'Somewhere']);
    expect(groups[0]!.queues.map((q) => q.id)).toEqual([5, 4, 3]);
  });

  it('returns no group for no queues', () => {
    expect(groupByTerminal([], 'X')).toEqual([]);
  });
});

describe('waitLabel and waitLevel', () => {
  it.each([
    [0, { minutes: 0, capped: false }, 'short'],
    [9, { minutes: 9, capped: false }, 'short'],
    [10, { minutes: 10, capped: false }, 'medium'],
    [19, { minutes: 19, capped: false }, 'medium'],
    [20, { minutes: 20, capped: false }, 'long'],
    [44, { minutes: 44, capped: false }, 'long'],
    [45, { minutes: 45, capped: true }, 'long'],
    [120, { minutes: 45, capped: true }, 'long'],
  ] as const)('%i min → %j, %s', (minutes, label, level) => {
    expect(waitLabel(minutes)).toEqual(label);
    expect(waitLevel(minutes)).toBe(level);
  });

  it.each([
    [16, { minutes: 16, capped: true }],
    [0, { minutes: 0, capped: true }],
    [50, { minutes: 45, capped: true }],
  ] as const)('an overflowing queue of %i min is a lower bound → %j, long', (minutes, label) => {
    expect(waitLabel(minutes, true)).toEqual(label);
    expect(waitLevel(minutes, true)).toBe('long');
  });
});

describe('measured and isStale (fixed clock)', () => {
  const at = '2026-09-29T13:27:04Z';
  const now = Date.parse('2026-09-29T13:30:10Z');

  it('counts whole minutes since the measurement', () => {
    expect(measured(at, now)).toEqual({ minutesAgo: 3, olderThanStep: false });
    expect(measured(at, new Date('2026-09-30T13:27:04Z'))?.minutesAgo).toBe(1440);
  });

  it('counts one snapshot step (15 min) before "last update"', () => {
    expect(measured(at, Date.parse('2026-09-29T13:42:04Z'))?.olderThanStep).toBe(false);
    expect(measured(at, Date.parse('2026-09-29T13:43:04Z'))?.olderThanStep).toBe(true);
  });

  it('says 0 minutes for a clock behind the server, null without a time', () => {
    expect(measured(at, Date.parse('2026-09-29T13:20:00Z'))?.minutesAgo).toBe(0);
    expect(measured(null, now)).toBeNull();
  });

  // Out of date only when a newer snapshot was due and did not come: two 15-minute steps and 5 minutes.
  it.each([
    ['2026-09-29T13:30:00Z', false],
    ['2026-09-29T13:15:00Z', false],
    ['2026-09-29T12:55:00Z', false],
    ['2026-09-29T12:54:59Z', true],
    ['2026-09-29T14:00:00Z', false],
    [null, true],
    ['garbage', true],
  ])('measured %s at 13:30 → stale %s', (measuredAt, stale) => {
    expect(isStale(measuredAt, Date.parse('2026-09-29T13:30:00Z'))).toBe(stale);
  });
});

describe('mapUrl', () => {
  it.each([
    [59.65176, 17.93376, 'https://www.openstreetmap.org/?mlat=59.65176&mlon=17.93376#map=18/59.65176/17.93376'],
    [-33.9, -151.1234567, 'https://www.openstreetmap.org/?mlat=-33.9&mlon=-151.123457#map=18/-33.9/-151.123457'],
    [91, 0, null],
    [Number.NaN, 17, null],
  ])('%s, %s → %s', (lat, lon, url) => {
    expect(mapUrl(lat, lon)).toBe(url);
  });
});

describe('airportLabel', () => {
  const arn = AIRPORTS[0]!;
  it.each([
    ['en', arn, 'Stockholm Arlanda Airport'],
    ['en', { ...arn, displayName: '' }, 'Stockholm Arlanda'],
    ['en', { ...arn, displayName: ' ', name: '' }, 'Stockholm Arlanda Airport'],
    ['en', { iata: 'XYZ', name: '', displayName: '', localDisplayName: '' }, 'XYZ'],
    ['sv', { ...arn, localDisplayName: 'Arlanda flygplats' }, 'Arlanda flygplats'],
    ['sv-SE', { ...arn, localDisplayName: '' }, 'Stockholm Arlanda Airport'],
    ['svx', { ...arn, localDisplayName: 'Arlanda flygplats' }, 'Stockholm Arlanda Airport'],
  ])('%s %j → %s', (lang, airport, label) => {
    expect(airportLabel(airport, lang)).toBe(label);
  });
});
