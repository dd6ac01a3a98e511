import type { Wait } from '../airport/airport-board';
import { countedMinutes } from '../airport/board';
import type { Watch } from './types';

/**
 * Whether a watch's condition holds for a reading. Pure. A threshold is crossed only when the
 * whole reading lies past it ("5–10 min" is under 15 but not under 10; "at least 45" is never
 * under anything), so a notification never rests on the hopeful end of an interval.
 */

/** My flight's leave-by must move this much earlier to be worth a notification. */
export const LEAVE_EARLIER_MINUTES = 10;
/** A reading older than this is not notified about: the queue may have changed since. */
export const MAX_READING_AGE_MS = 15 * 60_000;

/** Every value the reading allows is below `minutes`. */
export function certainlyUnder(wait: Wait, minutes: number): boolean {
  switch (wait.kind) {
    case 'minutes':
    case 'at-most':
      return wait.minutes < minutes;
    case 'under':
      // "under 5" is below 5 already: under 5 minutes, and under anything above.
      return wait.minutes <= minutes;
    case 'range':
      return Math.max(wait.from, wait.to) < minutes;
    case 'at-least':
      return false;
  }
}

/** Every value the reading allows is above `minutes`. */
export function certainlyOver(wait: Wait, minutes: number): boolean {
  switch (wait.kind) {
    case 'minutes':
    case 'at-least':
      return wait.minutes > minutes;
    case 'range':
      return Math.min(wait.from, wait.to) > minutes;
    case 'under':
    case 'at-most':
      return false;
  }
}

/** What one check saw for a watch: the wait it is about (null: none measured) and when that was measured. */
export interface Observation {
  wait: Wait | null;
  measuredAt: number;
}

export type Verdict =
  | { kind: 'met' }
  | { kind: 'not-met' }
  /** Older than `MAX_READING_AGE_MS`: nothing is said about it. */
  | { kind: 'too-old' }
  /** No value to judge. */
  | { kind: 'no-value' };

export function judge(watch: Pick<Watch, 'rule' | 'target'>, seen: Observation, now: number): Verdict {
  if (now - seen.measuredAt > MAX_READING_AGE_MS) return { kind: 'too-old' };
  const { rule } = watch;
  if (rule.kind === 'leave-earlier') {
    const baseline = watch.target.kind === 'flight' ? (watch.target.baselineMinutes ?? 0) : 0;
    const counted = seen.wait ? countedMinutes(seen.wait) : 0;
    return counted - baseline >= LEAVE_EARLIER_MINUTES ? { kind: 'met' } : { kind: 'not-met' };
  }
  if (!seen.wait) return { kind: 'no-value' };
  const met = rule.kind === 'under' ? certainlyUnder(seen.wait, rule.minutes) : certainlyOver(seen.wait, rule.minutes);
  return met ? { kind: 'met' } : { kind: 'not-met' };
}
