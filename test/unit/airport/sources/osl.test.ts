import { describe, expect, it } from 'vitest';
import { parseOsl } from '@/lib/airport/sources/osl';
import { minutes, under, waits } from './helpers';

describe('Oslo: one figure for the airport (docs/airport-sources.md#osl)', () => {
  it('is one checkpoint, without a measurement time', () => {
    expect(parseOsl({ timeMinutesRounded: 7 })).toEqual([
      { id: 'security', name: 'Security', terminal: null, fastTrack: false, wait: minutes(7), measuredAt: null },
    ]);
  });

  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    ['the key as it is', { timeMinutesRounded: 12 }, [['security', minutes(12)]]],
    ['the key as it was (TimeMinutesRounded)', { TimeMinutesRounded: 12 }, [['security', minutes(12)]]],
    ['the key before that (QueueTime, a string)', { QueueTime: '12 min' }, [['security', minutes(12)]]],
    ['QueueTime as an interval', { QueueTime: '10-15 min' }, [['security', { kind: 'range', from: 10, to: 15 }]]],
    ['both: the figure', { timeMinutesRounded: 4, QueueTime: '10 min' }, [['security', minutes(4)]]],
    ['0 is 0', { timeMinutesRounded: 0 }, [['security', minutes(0)]]],
    ['a negative figure: no queue', { timeMinutesRounded: -3 }, [['security', under(1)]]],
    ['null: no value', { timeMinutesRounded: null }, [['security', null]]],
    ['words: no value', { timeMinutesRounded: 'soon' }, [['security', null]]],
    ['renamed to a key Pushgate does not know: the feed changed', { waitMinutes: 7 }, null],
    ['empty', {}, null],
    ['an array', [{ timeMinutesRounded: 7 }], null],
    ['a bare number', 7, null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseOsl(body))).toEqual(expected);
  });
});
