import { describe, expect, it } from 'vitest';
import { parseDub } from '@/lib/airport/sources/dub';
import { minutes, under, waits } from './helpers';

describe('Dublin: "= 5" per terminal (docs/airport-sources.md#dub)', () => {
  it('reads each terminal as a checkpoint', () => {
    expect(parseDub({ T1: '= 5', T2: '= 12' })).toEqual([
      { id: 'T1', name: 'Terminal 1', terminal: 'T1', fastTrack: false, wait: minutes(5), measuredAt: null },
      { id: 'T2', name: 'Terminal 2', terminal: 'T2', fastTrack: false, wait: minutes(12), measuredAt: null },
    ]);
  });

  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    [
      '"= 0" is 0',
      { T1: '= 0', T2: '=3' },
      [
        ['T1', minutes(0)],
        ['T2', minutes(3)],
      ],
    ],
    [
      'a negative figure: no queue',
      { T1: '= -1', T2: '= 4' },
      [
        ['T1', under(1)],
        ['T2', minutes(4)],
      ],
    ],
    [
      'a figure without "="',
      { T1: '7', T2: 7 },
      [
        ['T1', minutes(7)],
        ['T2', minutes(7)],
      ],
    ],
    [
      'words or nothing: no value',
      { T1: 'closed', T2: '' },
      [
        ['T1', null],
        ['T2', null],
      ],
    ],
    [
      'Terminal 2 missing: no value for it',
      { T1: '= 5' },
      [
        ['T1', minutes(5)],
        ['T2', null],
      ],
    ],
    [
      'Terminal 2 renamed: no value for it',
      { T1: '= 5', Terminal2: '= 12' },
      [
        ['T1', minutes(5)],
        ['T2', null],
      ],
    ],
    [
      'keys in lower case',
      { t1: '= 5', t2: '= 6' },
      [
        ['T1', minutes(5)],
        ['T2', minutes(6)],
      ],
    ],
    ['no terminal key: the feed changed', { times: { T1: '= 5' } }, null],
    ['empty', {}, null],
    ['a list', ['= 5'], null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseDub(body))).toEqual(expected);
  });
});
