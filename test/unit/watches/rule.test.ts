import { describe, expect, it } from 'vitest';
import type { Wait } from '@/lib/airport/airport-board';
import { certainlyOver, certainlyUnder, judge, LEAVE_EARLIER_MINUTES, MAX_READING_AGE_MS } from '@/lib/watches/rule';
import type { Watch } from '@/lib/watches/types';

const minutes = (value: number): Wait => ({ kind: 'minutes', minutes: value });
const range = (from: number, to: number): Wait => ({ kind: 'range', from, to });

describe('a threshold is crossed only when the whole reading lies past it', () => {
  it.each<[Wait, number, boolean]>([
    [minutes(9), 10, true],
    [minutes(10), 10, false],
    [range(5, 10), 10, false],
    [range(5, 10), 15, true],
    [range(0, 5), 10, true],
    [{ kind: 'under', minutes: 5 }, 5, true],
    [{ kind: 'under', minutes: 10 }, 5, false],
    [{ kind: 'at-most', minutes: 7 }, 8, true],
    [{ kind: 'at-most', minutes: 7 }, 7, false],
    [{ kind: 'at-least', minutes: 1 }, 60, false],
  ])('%j under %i: %s', (wait, threshold, expected) => {
    expect(certainlyUnder(wait, threshold)).toBe(expected);
  });

  it.each<[Wait, number, boolean]>([
    [minutes(21), 20, true],
    [minutes(20), 20, false],
    [range(15, 25), 20, false],
    [range(25, 30), 20, true],
    [{ kind: 'at-least', minutes: 45 }, 30, true],
    [{ kind: 'at-least', minutes: 45 }, 45, false],
    [{ kind: 'at-least', minutes: 16, overflow: true }, 15, true],
    [{ kind: 'under', minutes: 60 }, 5, false],
    [{ kind: 'at-most', minutes: 60 }, 5, false],
  ])('%j over %i: %s', (wait, threshold, expected) => {
    expect(certainlyOver(wait, threshold)).toBe(expected);
  });
});

describe('judge', () => {
  const now = Date.parse('2026-09-29T07:00:00Z');
  const under10: Pick<Watch, 'rule' | 'target'> = {
    rule: { kind: 'under', minutes: 10 },
    target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' },
  };
  const leave = (baselineMinutes: number | null): Pick<Watch, 'rule' | 'target'> => ({
    rule: { kind: 'leave-earlier' },
    target: { kind: 'flight', flight: { iata: 'CPH', flight: 'SK1415', date: '2026-09-29', departs: '10:00' }, baselineMinutes },
  });

  it('says nothing about a reading older than 15 minutes, however good it is', () => {
    expect(judge(under10, { wait: minutes(2), measuredAt: now - MAX_READING_AGE_MS - 1 }, now)).toEqual({ kind: 'too-old' });
    expect(judge(under10, { wait: minutes(2), measuredAt: now - MAX_READING_AGE_MS }, now)).toEqual({ kind: 'met' });
  });

  it('has nothing to judge without a value', () => {
    expect(judge(under10, { wait: null, measuredAt: now }, now)).toEqual({ kind: 'no-value' });
  });

  it('My flight: met when the counted wait grew by 10 minutes or more since the watch was set', () => {
    expect(LEAVE_EARLIER_MINUTES).toBe(10);
    expect(judge(leave(10), { wait: range(15, 19), measuredAt: now }, now)).toEqual({ kind: 'not-met' });
    expect(judge(leave(10), { wait: range(15, 20), measuredAt: now }, now)).toEqual({ kind: 'met' });
    expect(judge(leave(null), { wait: minutes(10), measuredAt: now }, now)).toEqual({ kind: 'met' });
    expect(judge(leave(20), { wait: minutes(5), measuredAt: now }, now)).toEqual({ kind: 'not-met' });
  });
});
