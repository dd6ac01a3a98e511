import { describe, expect, it } from 'vitest';
import { parseDus } from '@/lib/airport/sources/dus';
import { minutes, under, waits } from './helpers';

describe('Düsseldorf: checkpoints by name, minutes (docs/airport-sources.md#dus)', () => {
  it('keeps the names as the site writes them', () => {
    expect(parseDus({ data: [{ name: 'Sicherheitskontrolle A', waitingTime: 6 }] })).toEqual([
      {
        id: 'Sicherheitskontrolle A',
        name: 'Sicherheitskontrolle A',
        terminal: null,
        fastTrack: false,
        wait: minutes(6),
        measuredAt: null,
      },
    ]);
  });

  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    [
      'figures',
      {
        data: [
          { name: 'A', waitingTime: 6 },
          { name: 'B', waitingTime: 0 },
        ],
      },
      [
        ['A', minutes(6)],
        ['B', minutes(0)],
      ],
    ],
    [
      'a figure as text',
      {
        data: [
          { name: 'A', waitingTime: '6 min' },
          { name: 'B', waitingTime: '10-15' },
        ],
      },
      [
        ['A', minutes(6)],
        ['B', { kind: 'range', from: 10, to: 15 }],
      ],
    ],
    ['a negative figure: no queue', { data: [{ name: 'A', waitingTime: -2 }] }, [['A', under(1)]]],
    [
      'no figure: no value',
      { data: [{ name: 'A', waitingTime: null }, { name: 'B' }] },
      [
        ['A', null],
        ['B', null],
      ],
    ],
    ['entries without a name are left out', { data: [{ name: 'A', waitingTime: 1 }, { waitingTime: 9 }, 'B'] }, [['A', minutes(1)]]],
    ['an empty list', { data: [] }, []],
    ['no entry with a name: the feed changed', { data: [{ title: 'A', waitingTime: 1 }] }, null],
    ['no data: the feed changed', { items: [] }, null],
    ['not an object', 'A', null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseDus(body))).toEqual(expected);
  });
});
