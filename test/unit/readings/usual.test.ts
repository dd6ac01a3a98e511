import { describe, expect, it } from 'vitest';
import type { Wait } from '@/lib/airport/airport-board';
import type { QueueReading } from '@/lib/db';
import { MIN_READINGS, usualByCheckpoint, usualOf } from '@/lib/readings/usual';

type Read = [low: number, high: number | null, date?: string];
const readings = (...values: Read[]) => values.map(([low, high, date = '2026-09-29']) => ({ low, high, date }));

describe('usualOf: the usual wait from the person’s own readings', () => {
  it.each<[name: string, values: Read[], usual: { wait: Wait; readings: number; days: number } | null]>([
    ['no readings: nothing', [], null],
    ['one reading: nothing, a single look is no habit', [[10, 15]], null],
    [
      'two readings: still nothing',
      [
        [10, 15],
        [10, 15],
      ],
      null,
    ],
    [
      'three intervals alike: that interval',
      [
        [10, 15],
        [10, 15],
        [10, 15],
      ],
      { wait: { kind: 'range', from: 10, to: 15 }, readings: 3, days: 1 },
    ],
    [
      'intervals that differ: the middle of the starts to the middle of the ends',
      [
        [5, 10],
        [10, 15],
        [10, 15],
        [15, 20],
        [20, 25, '2026-09-22'],
        [10, 15, '2026-09-22'],
      ],
      { wait: { kind: 'range', from: 10, to: 15 }, readings: 6, days: 2 },
    ],
    [
      'figures: their median',
      [
        [4, 4],
        [9, 9],
        [30, 30],
      ],
      { wait: { kind: 'minutes', minutes: 9 }, readings: 3, days: 1 },
    ],
    [
      'an even count of figures: between the two middles, rounded outwards',
      [
        [9, 9],
        [9, 9],
        [10, 10],
        [10, 10],
      ],
      { wait: { kind: 'range', from: 9, to: 10 }, readings: 4, days: 1 },
    ],
    [
      'bounds below ("under 5"): from 0',
      [
        [0, 5],
        [0, 5],
        [3, 3],
      ],
      { wait: { kind: 'range', from: 0, to: 5 }, readings: 3, days: 1 },
    ],
    [
      'mostly without a top ("at least 45"): no top either',
      [
        [45, null],
        [45, null],
        [30, 45],
      ],
      { wait: { kind: 'at-least', minutes: 45 }, readings: 3, days: 1 },
    ],
    [
      'half without a top: the upper middle has none, so none is claimed',
      [
        [20, 25],
        [20, 25],
        [45, null],
        [45, null],
      ],
      { wait: { kind: 'at-least', minutes: 32 }, readings: 4, days: 1 },
    ],
    [
      'a few without a top: the middle still has one',
      [
        [10, 15],
        [10, 15],
        [10, 15],
        [45, null],
      ],
      { wait: { kind: 'range', from: 10, to: 15 }, readings: 4, days: 1 },
    ],
    [
      'all zero: 0 min',
      [
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      { wait: { kind: 'minutes', minutes: 0 }, readings: 3, days: 1 },
    ],
  ])('%s', (_name, values, usual) => {
    expect(usualOf(readings(...values))).toEqual(usual);
  });

  it('needs at least three readings', () => {
    expect(MIN_READINGS).toBe(3);
  });
});

describe('usualByCheckpoint', () => {
  const reading = (checkpoint: string, step: number, low: number, high: number | null, date = '2026-09-29'): QueueReading => ({
    source: 'cph',
    iata: 'CPH',
    checkpoint,
    date,
    weekday: 2,
    step,
    at: 0,
    low,
    high,
  });

  it('counts the step and its neighbours together, and each checkpoint on its own', () => {
    const usual = usualByCheckpoint([
      // Terminal 2: one in the step, one either side, on two Tuesdays.
      reading('t2', 28, 10, 15, '2026-09-22'),
      reading('t2', 29, 10, 15),
      reading('t2', 30, 15, 20),
      // Terminal 3: two readings only.
      reading('t3', 29, 0, 5),
      reading('t3', 29, 0, 5, '2026-09-22'),
    ]);
    expect([...usual.keys()]).toEqual(['t2']);
    expect(usual.get('t2')).toEqual({ wait: { kind: 'range', from: 10, to: 15 }, readings: 3, days: 2 });
  });
});
