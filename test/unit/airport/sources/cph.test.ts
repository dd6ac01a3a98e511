import { describe, expect, it } from 'vitest';
import { parseCph } from '@/lib/airport/sources/cph';
import { atLeast, minutes, range, under, waits } from './helpers';

const demo = {
  t2WaitingTime: 12,
  t2WaitingTimeInterval: '10-15',
  t3WaitingTime: 3,
  t3WaitingTimeInterval: '0-5',
  deliveryId: '2026-09-29T15:27:04',
};

describe('Copenhagen: one value per terminal (docs/airport-sources.md#cph)', () => {
  it('keeps the terminals apart, as checkpoints of their own, measured on Copenhagen’s clock', () => {
    expect(parseCph(demo)).toEqual([
      { id: 'T2', name: 'Terminal 2', terminal: 'T2', fastTrack: false, wait: range(10, 15), measuredAt: '2026-09-29T13:27:04Z' },
      { id: 'T3', name: 'Terminal 3', terminal: 'T3', fastTrack: false, wait: range(0, 5), measuredAt: '2026-09-29T13:27:04Z' },
    ]);
  });

  it.each<[string, Record<string, unknown>, Array<[string, unknown]> | null]>([
    [
      'an interval above',
      { t2WaitingTimeInterval: '> 20 min', t3WaitingTimeInterval: '< 5' },
      [
        ['T2', atLeast(20)],
        ['T3', under(5)],
      ],
    ],
    [
      'a bare figure as the interval',
      { t2WaitingTimeInterval: '5', t3WaitingTimeInterval: '5-10 min' },
      [
        ['T2', minutes(5)],
        ['T3', range(5, 10)],
      ],
    ],
    [
      'the figure where the interval is missing',
      { t2WaitingTime: 7, t3WaitingTime: 0 },
      [
        ['T2', minutes(7)],
        ['T3', minutes(0)],
      ],
    ],
    [
      'the figure where the interval is unreadable',
      { t2WaitingTimeInterval: 'n/a', t2WaitingTime: 9, t3WaitingTimeInterval: '0-5' },
      [
        ['T2', minutes(9)],
        ['T3', range(0, 5)],
      ],
    ],
    [
      'a figure written as text',
      { t2WaitingTime: '12', t3WaitingTime: '3' },
      [
        ['T2', minutes(12)],
        ['T3', minutes(3)],
      ],
    ],
    [
      'a negative figure: no queue',
      { t2WaitingTime: -1, t3WaitingTime: 4 },
      [
        ['T2', under(1)],
        ['T3', minutes(4)],
      ],
    ],
    [
      'keys in another case',
      { T2WaitingTimeInterval: '10-15', T3WAITINGTIME: 2 },
      [
        ['T2', range(10, 15)],
        ['T3', minutes(2)],
      ],
    ],
    // A terminal's keys gone: that value is missing, never 0 and never the other terminal's.
    [
      'Terminal 3 missing',
      { t2WaitingTime: 12, t2WaitingTimeInterval: '10-15' },
      [
        ['T2', range(10, 15)],
        ['T3', null],
      ],
    ],
    [
      'Terminal 2 missing',
      { t3WaitingTimeInterval: '0-5' },
      [
        ['T2', null],
        ['T3', range(0, 5)],
      ],
    ],
    [
      'a value of null',
      { t2WaitingTimeInterval: null, t2WaitingTime: null, t3WaitingTimeInterval: '0-5' },
      [
        ['T2', null],
        ['T3', range(0, 5)],
      ],
    ],
    [
      'a new terminal',
      { t2WaitingTime: 1, t3WaitingTime: 2, t4WaitingTimeInterval: '5-10' },
      [
        ['T2', minutes(1)],
        ['T3', minutes(2)],
        ['T4', range(5, 10)],
      ],
    ],
    // No terminal at all: the feed changed.
    ['no terminal key', { waitingTime: 12, deliveryId: '2026-09-29T15:27:04' }, null],
    ['an empty object', {}, null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseCph(body))).toEqual(expected);
  });

  it.each([[[demo]], ['10-15'], [null], [12]])('%j is no board', (body) => {
    expect(parseCph(body)).toBeNull();
  });

  it.each<[unknown, string | null]>([
    ['2026-09-29T15:27:04', '2026-09-29T13:27:04Z'],
    ['2026-12-29T15:27:04', '2026-12-29T14:27:04Z'],
    ['2026-09-29T13:27:04Z', '2026-09-29T13:27:04Z'],
    ['2026-09-29 15:27:04.1234567', '2026-09-29T13:27:04.123Z'],
    [undefined, null],
    ['delivery-42', null],
  ])('deliveryId %j → measured %s', (deliveryId, measuredAt) => {
    const [first] = parseCph({ ...demo, deliveryId })!;
    expect(first!.measuredAt).toBe(measuredAt);
  });
});
