import type { Wait } from '../airport/airport-board';
import type { QueueReading } from '../db';

/**
 * "Usual at this hour" from the person's own readings: the middle of what was read, as a wait,
 * with how many readings and days it rests on. Pure. Below `MIN_READINGS` there is no usual at
 * all: a figure from one or two looks is a guess, and the panel shows nothing rather than a guess
 * dressed as data.
 */

export const MIN_READINGS = 3;

export interface Usual {
  /** The median of the lower bounds to the median of the upper bounds. */
  wait: Wait;
  readings: number;
  /** On how many of the airport's days they were read. */
  days: number;
}

/** The middle of sorted numbers; between two middles, their mean. Infinity stands for "no upper bound". */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  if (sorted.length % 2 === 1) return sorted[Math.floor(middle)]!;
  const [a, b] = [sorted[middle - 1]!, sorted[middle]!];
  return b === Number.POSITIVE_INFINITY ? b : (a + b) / 2;
}

/**
 * The usual wait of one checkpoint from its readings, or null with fewer than `MIN_READINGS`. A
 * half minute rounds outwards (the low down, the high up): the line never claims more precision
 * than the readings have. When at least half the readings had no upper bound, neither has the usual.
 */
export function usualOf(readings: readonly Pick<QueueReading, 'low' | 'high' | 'date'>[]): Usual | null {
  if (readings.length < MIN_READINGS) return null;
  const low = Math.floor(median(readings.map((reading) => reading.low)));
  const highMedian = median(readings.map((reading) => reading.high ?? Number.POSITIVE_INFINITY));
  const high = highMedian === Number.POSITIVE_INFINITY ? null : Math.max(low, Math.ceil(highMedian));
  const wait: Wait =
    high === null
      ? { kind: 'at-least', minutes: low }
      : high === low
        ? { kind: 'minutes', minutes: low }
        : { kind: 'range', from: low, to: high };
  return { wait, readings: readings.length, days: new Set(readings.map((reading) => reading.date)).size };
}

/** The usual wait of each checkpoint that has one, by checkpoint id. */
export function usualByCheckpoint(readings: readonly QueueReading[]): Map<string, Usual> {
  const groups = new Map<string, QueueReading[]>();
  for (const reading of readings) groups.set(reading.checkpoint, [...(groups.get(reading.checkpoint) ?? []), reading]);
  const usual = new Map<string, Usual>();
  for (const [checkpoint, group] of groups) {
    const found = usualOf(group);
    if (found) usual.set(checkpoint, found);
  }
  return usual;
}
