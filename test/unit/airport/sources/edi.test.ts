import { describe, expect, it } from 'vitest';
import { parseEdi } from '@/lib/airport/sources/edi';
import { minutes, under, waits } from './helpers';

describe('Edinburgh: one Bluetooth-measured figure (docs/airport-sources.md#edi)', () => {
  it.each<[string, unknown, Array<[string, unknown]> | null]>([
    ['minutes', { queue: 217, minutes: 4 }, [['security', minutes(4)]]],
    ['0 is 0', { queue: 0, minutes: 0 }, [['security', minutes(0)]]],
    ['a negative figure: no queue', { queue: 3, minutes: -1 }, [['security', under(1)]]],
    ['null: no value', { queue: 3, minutes: null }, [['security', null]]],
    ['the queue length alone is no wait: the feed changed', { queue: 217 }, null],
    ['renamed: the feed changed', { queue: 217, waitMinutes: 4 }, null],
    ['not an object', 4, null],
  ])('%s', (_name, body, expected) => {
    expect(waits(parseEdi(body))).toEqual(expected);
  });
});
