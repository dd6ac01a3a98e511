import { describe, expect, it } from 'vitest';
import { parseSwedaviaWeb, terminalOf } from '@/lib/airport/sources/swedavia-web';
import { atLeast, minutes, range, waits } from './helpers';

describe('Swedavia’s website, without a key (docs/airport-sources.md#swedavia-web)', () => {
  it('reads the current form: names and intervals', () => {
    expect(parseSwedaviaWeb({ queueTimesList: [{ locationName: 'Terminal 5', interval: '10-15 min' }] })).toEqual([
      { id: 'Terminal 5', name: 'Terminal 5', terminal: 'T5', fastTrack: false, wait: range(10, 15), measuredAt: null },
    ]);
  });

  it('reads the older form: capitalised keys, an id, and seconds beside the interval', () => {
    const body = {
      QueueTimesList: [
        { LongId: 42, LocationName: 'Terminal 5F', Interval: 'at least 45 min', CurrentProjectedQueueTime: 3000 },
        { LongId: 43, LocationName: 'Terminal 4', CurrentProjectedQueueTime: 600 },
      ],
    };
    expect(parseSwedaviaWeb(body)!.map(({ id, terminal, wait }) => [id, terminal, wait])).toEqual([
      ['42', 'T5', atLeast(45)],
      ['43', 'T4', minutes(10)],
    ]);
  });

  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    [
      'every interval form',
      {
        queueTimesList: [
          { locationName: 'A', interval: '0-5 min' },
          { locationName: 'B', interval: '< 5 min' },
          { locationName: 'C', interval: 'at least 45 min' },
          { locationName: 'D', interval: '7 min' },
        ],
      },
      [
        ['A', range(0, 5)],
        ['B', { kind: 'under', minutes: 5 }],
        ['C', atLeast(45)],
        ['D', minutes(7)],
      ],
    ],
    [
      'the interval renamed: no value for it',
      { queueTimesList: [{ locationName: 'Terminal 2', waitInterval: '5-10 min' }] },
      [['Terminal 2', null]],
    ],
    [
      'entries without a name are left out',
      { queueTimesList: [{ locationName: 'Terminal 2', interval: '0-5' }, { interval: '5-10' }] },
      [['Terminal 2', range(0, 5)]],
    ],
    ['an empty list: nothing published', { queueTimesList: [] }, []],
    ['no entry with a name: the feed changed', { queueTimesList: [{ name: 'Terminal 2', interval: '0-5' }] }, null],
    ['no list: the feed changed', { queues: [] }, null],
    ['not an object', [], null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseSwedaviaWeb(body))).toEqual(expected);
  });

  it.each<[string, string | null]>([
    ['Terminal 5', 'T5'],
    ['Terminal 5F', 'T5'],
    ['Terminal 2 FastTrack', 'T2'],
    ['terminal 10', 'T10'],
    ['Bromma', null],
  ])('%s is in %s', (name, terminal) => {
    expect(terminalOf(name)).toBe(terminal);
  });

  it('marks a FastTrack lane by its name', () => {
    const [lane] = parseSwedaviaWeb({ queueTimesList: [{ locationName: 'Terminal 2 FastTrack', interval: '0-5' }] })!;
    expect(lane!.fastTrack).toBe(true);
  });
});
