import { describe, expect, it } from 'vitest';
import { filterName, parseAms } from '@/lib/airport/sources/ams';
import { minutes, under, waits } from './helpers';

const updated = '2026-09-29T15:26:04+02:00';

describe('Amsterdam: security filters in seconds (docs/airport-sources.md#ams)', () => {
  it('reads each filter in seconds, with its own measurement time', () => {
    expect(
      parseAms({
        VF2: { waitTimeInSeconds: 180, updated: '2026-09-29T15:20:00+02:00' },
        VF1: { waitTimeInSeconds: 420, updated },
      }),
    ).toEqual([
      { id: 'VF1', name: 'Security filter 1', terminal: null, fastTrack: false, wait: minutes(7), measuredAt: '2026-09-29T13:26:04Z' },
      { id: 'VF2', name: 'Security filter 2', terminal: null, fastTrack: false, wait: minutes(3), measuredAt: '2026-09-29T13:20:00Z' },
    ]);
  });

  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    [
      'seconds, rounded to minutes',
      { VF1: { waitTimeInSeconds: 150 }, VF2: { waitTimeInSeconds: 89 } },
      [
        ['VF1', minutes(3)],
        ['VF2', minutes(1)],
      ],
    ],
    ['a few seconds are under a minute, not 0', { VF1: { waitTimeInSeconds: 20 } }, [['VF1', under(1)]]],
    ['0 is 0', { VF1: { waitTimeInSeconds: 0 } }, [['VF1', minutes(0)]]],
    ['a negative figure: no queue', { VF1: { waitTimeInSeconds: -60 } }, [['VF1', under(1)]]],
    ['an hour and more', { VF1: { waitTimeInSeconds: 3900 } }, [['VF1', minutes(65)]]],
    [
      'in natural order',
      { VF10: { waitTimeInSeconds: 60 }, VF2: { waitTimeInSeconds: 120 } },
      [
        ['VF2', minutes(2)],
        ['VF10', minutes(1)],
      ],
    ],
    // One filter's key renamed: that filter has no value; the others stand.
    [
      'one filter without its figure',
      { VF1: { waitTimeInSeconds: 60, updated }, VF3: { waitSeconds: 600, updated } },
      [
        ['VF1', minutes(1)],
        ['VF3', null],
      ],
    ],
    [
      'a figure as words',
      { VF1: { waitTimeInSeconds: 'long' }, VF2: { waitTimeInSeconds: 60 } },
      [
        ['VF1', null],
        ['VF2', minutes(1)],
      ],
    ],
    ['entries that are no filter are not read', { VF1: { waitTimeInSeconds: 60 }, count: 4, note: 'x' }, [['VF1', minutes(1)]]],
    // No filter carries the figure: the feed changed.
    ['every figure renamed', { VF1: { waitSeconds: 60 }, VF2: { waitSeconds: 60 } }, null],
    ['empty', {}, null],
    ['a list', [{ waitTimeInSeconds: 60 }], null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseAms(body))).toEqual(expected);
  });

  it.each<[unknown, string | null]>([
    ['2026-09-29T15:26:04+02:00', '2026-09-29T13:26:04Z'],
    ['2026-09-29T13:26:04Z', '2026-09-29T13:26:04Z'],
    ['2026-09-29T15:26:04', '2026-09-29T13:26:04Z'],
    [1_790_000_000_000, new Date(1_790_000_000_000).toISOString().replace('.000Z', 'Z')],
    [undefined, null],
    ['just now', null],
  ])('updated %j → measured %s', (value, measuredAt) => {
    expect(parseAms({ VF1: { waitTimeInSeconds: 60, updated: value } })![0]!.measuredAt).toBe(measuredAt);
  });

  it.each([
    ['VF1', 'Security filter 1'],
    ['vf 3', 'Security filter 3'],
    ['Lounge', 'Lounge'],
  ])('%s is named %s', (key, name) => {
    expect(filterName(key)).toBe(name);
  });
});
