import { describe, expect, it } from 'vitest';
import type { Checkpoint, Wait } from '@/lib/airport/airport-board';
import { airportLabel, countedMinutes, groupByTerminal, isStale, mapUrl, measured, waitLevel, withoutValue } from '@/lib/airport/board';
import { normalizeIata } from '@/lib/airport/iata';
import { parseWaitTimes } from '@/lib/airport/parse';
import { checkpointOfQueue, waitOfQueue } from '@/lib/airport/sources/swedavia-board';
import { AIRPORTS, ARN_V2, BMA_V2, GOT_V2 } from './fixtures';

const checkpointsOf = (body: unknown): Checkpoint[] => parseWaitTimes(body)!.queues.map(checkpointOfQueue);

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
    const groups = groupByTerminal(checkpointsOf(ARN_V2), 'Stockholm Arlanda Airport');
    expect(groups.map((group) => group.label)).toEqual(['T2', 'T3', 'T4', 'T5']);
    expect(groups.map((group) => group.checkpoints.map((checkpoint) => checkpoint.name))).toEqual([
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
    const groups = groupByTerminal(checkpointsOf(body), name);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ terminal: null, label: name });
    expect(groups[0]!.checkpoints.map((checkpoint) => checkpoint.name)).toEqual(queueNames);
  });

  it('sorts terminals naturally, puts the terminal-less group last and orders lanes by name', () => {
    const base = checkpointsOf(BMA_V2)[0]!;
    const checkpoint = (id: string, name: string, terminal: string | null, fastTrack = false): Checkpoint => ({
      ...base,
      id,
      name,
      terminal,
      fastTrack,
    });
    const groups = groupByTerminal(
      [
        checkpoint('1', 'Main', null),
        checkpoint('2', 'B', 'T10'),
        checkpoint('3', 'Z fast', 'T2', true),
        checkpoint('4', 'Y', 'T2'),
        checkpoint('5', 'A', 'T2'),
      ],
      'Somewhere',
    );
    expect(groups.map((group) => group.label)).toEqual(['T2', 'T10', 'Somewhere']);
    expect(groups[0]!.checkpoints.map((c) => c.id)).toEqual(['5', '4', '3']);
  });

  it('returns no group for no queues', () => {
    expect(groupByTerminal([], 'X')).toEqual([]);
  });
});

describe('Swedavia’s minutes as a wait, its level and what it counts as', () => {
  it.each([
    [0, { kind: 'minutes', minutes: 0 }, 'short', 0],
    [9, { kind: 'minutes', minutes: 9 }, 'short', 9],
    [10, { kind: 'minutes', minutes: 10 }, 'medium', 10],
    [19, { kind: 'minutes', minutes: 19 }, 'medium', 19],
    [20, { kind: 'minutes', minutes: 20 }, 'long', 20],
    [44, { kind: 'minutes', minutes: 44 }, 'long', 44],
    // Swedavia shows no figure above 45 (docs/airport-api.md#wait-values): at least 45.
    [45, { kind: 'at-least', minutes: 45 }, 'long', 45],
    [120, { kind: 'at-least', minutes: 45 }, 'long', 45],
  ] as const)('%i min → %j, %s, counted %i', (minutes, wait, level, counted) => {
    const read = waitOfQueue({ minutes, overflow: false });
    expect(read).toEqual(wait);
    expect(waitLevel(read)).toBe(level);
    expect(countedMinutes(read)).toBe(counted);
  });

  it.each([
    [16, { kind: 'at-least', minutes: 16, overflow: true }, 20],
    [0, { kind: 'at-least', minutes: 0, overflow: true }, 20],
    [25, { kind: 'at-least', minutes: 25, overflow: true }, 25],
    [50, { kind: 'at-least', minutes: 45, overflow: true }, 45],
  ] as const)('an overflowing queue of %i min is a lower bound → %j, long, counted %i', (minutes, wait, counted) => {
    const read = waitOfQueue({ minutes, overflow: true });
    expect(read).toEqual(wait);
    expect(waitLevel(read)).toBe('long');
    expect(countedMinutes(read)).toBe(counted);
  });
});

describe('every wait form: its level and what a traveller plans for', () => {
  it.each<[Wait, string, number]>([
    [{ kind: 'range', from: 0, to: 5 }, 'short', 5],
    [{ kind: 'range', from: 5, to: 10 }, 'medium', 10],
    [{ kind: 'range', from: 10, to: 15 }, 'medium', 15],
    [{ kind: 'range', from: 15, to: 25 }, 'long', 25],
    [{ kind: 'under', minutes: 5 }, 'short', 5],
    [{ kind: 'under', minutes: 1 }, 'short', 1],
    [{ kind: 'at-most', minutes: 12 }, 'medium', 12],
    [{ kind: 'at-least', minutes: 20 }, 'long', 20],
    [{ kind: 'at-least', minutes: 5 }, 'short', 5],
  ])('%j → %s, counted %i', (wait, level, counted) => {
    expect(waitLevel(wait)).toBe(level);
    expect(countedMinutes(wait)).toBe(counted);
  });

  it('names the checkpoints without a value, but not those with the airport’s own words', () => {
    const base = checkpointsOf(BMA_V2)[0]!;
    const missing = { ...base, id: 'a', wait: null };
    const said = { ...base, id: 'b', wait: null, said: 'closed' };
    expect(withoutValue([base, missing, said]).map((c) => c.id)).toEqual(['a']);
  });
});

describe('measured and isStale (fixed clock)', () => {
  const at = '2026-09-29T13:27:04Z';
  const now = Date.parse('2026-09-29T13:30:10Z');

  it('counts whole minutes since the measurement', () => {
    expect(measured(at, now, 15)).toEqual({ minutesAgo: 3, olderThanStep: false });
    expect(measured(at, new Date('2026-09-30T13:27:04Z'), 15)?.minutesAgo).toBe(1440);
  });

  it('counts one of the source’s steps (Swedavia’s 15 min, a website’s 5) before "last update"', () => {
    expect(measured(at, Date.parse('2026-09-29T13:42:04Z'), 15)?.olderThanStep).toBe(false);
    expect(measured(at, Date.parse('2026-09-29T13:43:04Z'), 15)?.olderThanStep).toBe(true);
    expect(measured(at, Date.parse('2026-09-29T13:32:04Z'), 5)?.olderThanStep).toBe(false);
    expect(measured(at, Date.parse('2026-09-29T13:33:04Z'), 5)?.olderThanStep).toBe(true);
  });

  it('says 0 minutes for a clock behind the server, null without a time', () => {
    expect(measured(at, Date.parse('2026-09-29T13:20:00Z'), 15)?.minutesAgo).toBe(0);
    expect(measured(null, now, 15)).toBeNull();
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
    expect(isStale(measuredAt, Date.parse('2026-09-29T13:30:00Z'), 15)).toBe(stale);
  });

  // A website feed's step is 5 minutes: out of date after 15.
  it.each([
    ['2026-09-29T13:15:00Z', false],
    ['2026-09-29T13:14:59Z', true],
  ])('a website’s figure of %s at 13:30 → stale %s', (measuredAt, stale) => {
    expect(isStale(measuredAt, Date.parse('2026-09-29T13:30:00Z'), 5)).toBe(stale);
  });
});

describe('mapUrl', () => {
  it.each([
    [59.65176, 17.93376, 'https://www.openstreetmap.org/?mlat=59.65176&mlon=17.93376#map=18/59.65176/17.93376'],
    [-33.9, -151.1234567, 'https://www.openstreetmap.org/?mlat=-33.9&mlon=-151.123457#map=18/-33.9/-151.123457'],
    [91, 0, null],
    [Number.NaN, 17, null],
  ])('%s, %s → %s', (lat, lon, url) => {
    expect(mapUrl({ latitude: lat, longitude: lon })).toBe(url);
  });

  it('is null without a position (every website feed)', () => {
    expect(mapUrl(undefined)).toBeNull();
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
