import { describe, expect, it } from 'vitest';
import { mucName, parseMuc } from '@/lib/airport/sources/muc';
import { atMost, minutes, under, waits } from './helpers';

const answer = (...queues: Array<[string, unknown]>) => ({
  queueTimes: { current: queues.map(([queueId, projectedWaitTime]) => ({ queueId, projectedWaitTime })) },
});
const NORTH = 'T2_Abflug_SIKO_ECO_NORD';
const SOUTH = 'T2_Abflug_SIKO_ECO_SUED';

describe('Munich: a unit the feed does not state, shown as what holds either way (docs/airport-sources.md#muc)', () => {
  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    // A figure above two hours can only be seconds: the whole answer is read in seconds.
    [
      'seconds, told by a figure above 120',
      answer([NORTH, 240], [SOUTH, 420]),
      [
        [NORTH, minutes(4)],
        [SOUTH, minutes(7)],
      ],
    ],
    [
      'seconds for every queue once one tells',
      answer([NORTH, 121], [SOUTH, 60]),
      [
        [NORTH, minutes(2)],
        [SOUTH, minutes(1)],
      ],
    ],
    [
      'seconds: a few are under a minute',
      answer([NORTH, 600], [SOUTH, 20]),
      [
        [NORTH, minutes(10)],
        [SOUTH, under(1)],
      ],
    ],
    // Not told: at most that many minutes, true whether minutes or seconds.
    [
      'not told: at most that many minutes',
      answer([NORTH, 5], [SOUTH, 12]),
      [
        [NORTH, atMost(5)],
        [SOUTH, atMost(12)],
      ],
    ],
    ['not told, up to 120', answer([NORTH, 120]), [[NORTH, atMost(120)]]],
    [
      '0 is 0 in either unit',
      answer([NORTH, 0], [SOUTH, 12]),
      [
        [NORTH, minutes(0)],
        [SOUTH, atMost(12)],
      ],
    ],
    [
      'a negative figure: no queue',
      answer([NORTH, -1], [SOUTH, 300]),
      [
        [NORTH, under(1)],
        [SOUTH, minutes(5)],
      ],
    ],
    [
      'a figure that is no number: no value',
      answer([NORTH, '5'], [SOUTH, null]),
      [
        [NORTH, null],
        [SOUTH, null],
      ],
    ],
    ['an empty list', answer(), []],
    ['no queue with an id: the feed changed', { queueTimes: { current: [{ id: NORTH, projectedWaitTime: 5 }] } }, null],
    ['`current` renamed: the feed changed', { queueTimes: { now: [] } }, null],
    ['no queueTimes', { current: [] }, null],
    ['not an object', [], null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseMuc(body))).toEqual(expected);
  });

  it.each<[string, unknown]>([
    [NORTH, { name: 'Security North', terminal: 'T2', fastTrack: false }],
    [SOUTH, { name: 'Security South', terminal: 'T2', fastTrack: false }],
    ['T1_Abflug_SIKO_FT', { name: 'Security Fast Lane', terminal: 'T1', fastTrack: true }],
    ['Satellit_Zentral', { name: 'Satellit_Zentral', terminal: null, fastTrack: false }],
  ])('%s is named %j', (queueId, named) => {
    expect(mucName(queueId)).toEqual(named);
  });

  it('orders by terminal, regular lanes before fast ones', () => {
    const ids = parseMuc(answer(['T2_Abflug_SIKO_FT', 5], [SOUTH, 5], ['T1_Abflug_SIKO_ECO', 5], [NORTH, 5]))!.map((c) => c.id);
    expect(ids).toEqual(['T1_Abflug_SIKO_ECO', NORTH, SOUTH, 'T2_Abflug_SIKO_FT']);
  });
});
