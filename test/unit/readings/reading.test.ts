import { describe, expect, it } from 'vitest';
import type { AirportBoard, Checkpoint, Wait } from '@/lib/airport/airport-board';
import { boundsOf, readingsOf } from '@/lib/readings/reading';
import { shiftSlot, slotAt, slotWindow } from '@/lib/readings/slot';

const utc = (iso: string) => Date.parse(iso);

const checkpoint = (id: string, wait: Wait | null, measuredAt: string | null = null): Checkpoint => ({
  id,
  name: `Terminal ${id}`,
  terminal: null,
  fastTrack: false,
  wait,
  measuredAt,
});

const board = (checkpoints: Checkpoint[], over: Partial<AirportBoard> = {}): AirportBoard => ({
  source: 'cph',
  iata: 'cph',
  timeZone: 'Europe/Copenhagen',
  checkpoints,
  measuredAt: null,
  activeStations: null,
  ...over,
});

describe('slotAt: a moment on the airport’s own week', () => {
  it.each<[zone: string, at: string, date: string, weekday: number, step: number]>([
    // Tuesday 29 September 2026, 07:15–07:29 in Copenhagen (summer, UTC+2) is step 29.
    ['Europe/Copenhagen', '2026-09-29T05:15:00Z', '2026-09-29', 2, 29],
    ['Europe/Copenhagen', '2026-09-29T05:29:59Z', '2026-09-29', 2, 29],
    ['Europe/Copenhagen', '2026-09-29T05:30:00Z', '2026-09-29', 2, 30],
    // The same instant is an hour earlier in Dublin and Edinburgh.
    ['Europe/Dublin', '2026-09-29T05:15:00Z', '2026-09-29', 2, 25],
    ['Europe/London', '2026-09-29T05:15:00Z', '2026-09-29', 2, 25],
    // Winter: Copenhagen is UTC+1.
    ['Europe/Copenhagen', '2026-12-01T06:15:00Z', '2026-12-01', 2, 29],
    // Late Monday at the airport is already Tuesday in UTC+0 terms, and the other way round.
    ['Europe/Copenhagen', '2026-09-28T21:50:00Z', '2026-09-28', 1, 95],
    ['Europe/Copenhagen', '2026-09-28T22:00:00Z', '2026-09-29', 2, 0],
    // Spring's change (29 March 2026, 01:00 UTC): 01:59 is followed by 03:00.
    ['Europe/Berlin', '2026-03-29T00:59:00Z', '2026-03-29', 0, 7],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', '2026-03-29', 0, 12],
    // Autumn's (25 October 2026): 02:30 comes twice, both in step 10.
    ['Europe/Amsterdam', '2026-10-25T00:30:00Z', '2026-10-25', 0, 10],
    ['Europe/Amsterdam', '2026-10-25T01:30:00Z', '2026-10-25', 0, 10],
  ])('%s at %s: %s, weekday %i, step %i', (zone, at, date, weekday, step) => {
    expect(slotAt(utc(at), zone)).toEqual({ date, weekday, step });
  });

  it('takes a slot’s neighbours across midnight and across the week', () => {
    expect(slotWindow({ weekday: 2, step: 29 })).toEqual([
      { weekday: 2, step: 28 },
      { weekday: 2, step: 29 },
      { weekday: 2, step: 30 },
    ]);
    expect(slotWindow({ weekday: 2, step: 0 })).toEqual([
      { weekday: 1, step: 95 },
      { weekday: 2, step: 0 },
      { weekday: 2, step: 1 },
    ]);
    expect(shiftSlot({ weekday: 6, step: 95 }, 1)).toEqual({ weekday: 0, step: 0 });
    expect(shiftSlot({ weekday: 0, step: 0 }, -1)).toEqual({ weekday: 6, step: 95 });
  });
});

describe('boundsOf: a wait as the minutes it lies between', () => {
  it.each<[Wait, { low: number; high: number | null }]>([
    [
      { kind: 'minutes', minutes: 12 },
      { low: 12, high: 12 },
    ],
    [
      { kind: 'minutes', minutes: 0 },
      { low: 0, high: 0 },
    ],
    [
      { kind: 'range', from: 10, to: 15 },
      { low: 10, high: 15 },
    ],
    [
      { kind: 'range', from: 15, to: 10 },
      { low: 10, high: 15 },
    ],
    [
      { kind: 'under', minutes: 5 },
      { low: 0, high: 5 },
    ],
    [
      { kind: 'at-most', minutes: 7 },
      { low: 0, high: 7 },
    ],
    [
      { kind: 'at-least', minutes: 45 },
      { low: 45, high: null },
    ],
    [
      { kind: 'at-least', minutes: 16, overflow: true },
      { low: 16, high: null },
    ],
  ])('%j → %j', (wait, bounds) => {
    expect(boundsOf(wait)).toEqual(bounds);
  });
});

describe('readingsOf: what a board leaves', () => {
  const fetchedAt = utc('2026-09-29T05:20:00Z');

  it('one reading per checkpoint with a value, dated by its measurement on the airport’s clock', () => {
    const readings = readingsOf(
      board([
        checkpoint('t2', { kind: 'range', from: 10, to: 15 }, '2026-09-29T05:14:00Z'),
        checkpoint('t3', { kind: 'minutes', minutes: 3 }, null),
        checkpoint('t4', null, '2026-09-29T05:14:00Z'),
      ]),
      fetchedAt,
    );
    expect(readings).toEqual([
      {
        source: 'cph',
        iata: 'CPH',
        checkpoint: 't2',
        date: '2026-09-29',
        weekday: 2,
        step: 28,
        at: utc('2026-09-29T05:14:00Z'),
        low: 10,
        high: 15,
      },
      // No time of its own or the board's: the fetch dates it.
      { source: 'cph', iata: 'CPH', checkpoint: 't3', date: '2026-09-29', weekday: 2, step: 29, at: fetchedAt, low: 3, high: 3 },
    ]);
  });

  it('takes the board’s time for a checkpoint without one, and never a time far ahead of the fetch', () => {
    const [fromBoard] = readingsOf(
      board([checkpoint('t2', { kind: 'minutes', minutes: 3 })], { measuredAt: '2026-09-29T04:59:00Z' }),
      fetchedAt,
    );
    expect(fromBoard).toMatchObject({ at: utc('2026-09-29T04:59:00Z'), step: 27 });
    const [ahead] = readingsOf(board([checkpoint('t2', { kind: 'minutes', minutes: 3 }, '2026-09-29T07:00:00Z')]), fetchedAt);
    expect(ahead).toMatchObject({ at: fetchedAt, step: 29 });
  });

  it('reads the airport’s clock, not the browser’s: the same instant is a different step in Dublin', () => {
    const at = '2026-09-29T05:14:00Z';
    const [dublin] = readingsOf(
      board([checkpoint('T1', { kind: 'minutes', minutes: 5 }, at)], { source: 'dub', iata: 'DUB', timeZone: 'Europe/Dublin' }),
      fetchedAt,
    );
    expect(dublin).toMatchObject({ source: 'dub', iata: 'DUB', weekday: 2, step: 24 });
  });
});
