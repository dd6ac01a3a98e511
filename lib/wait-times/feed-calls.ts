import type { FeedId } from '../airport/airport-board';
import { airportFeedCalls } from '../settings/airport';
import { monthOf } from './connection';

/**
 * Requests to each website feed this month, as Swedavia's API calls are counted (./connection.ts):
 * the feeds have no quota anyone published, but the person sees what Pushgate asks of each site.
 */

/** Storage writes of one page in order: two calls finishing together would otherwise lose one count. */
let writes: Promise<unknown> = Promise.resolve();

/** Adds `n` requests to `source`'s count of this month, starting from 0 when the month changed. */
export function countFeedCalls(source: FeedId, n: number, now: Date = new Date()): Promise<void> {
  const next = writes.then(async () => {
    const month = monthOf(now);
    const stored = await airportFeedCalls.getValue();
    const counts = stored.month === month ? stored.counts : {};
    await airportFeedCalls.setValue({ month, counts: { ...counts, [source]: (counts[source] ?? 0) + Math.max(0, Math.floor(n)) } });
  });
  writes = next.catch(() => undefined);
  return next;
}

/** Each feed's requests this month (none when the stored counts are from an earlier month). */
export function feedCallsOf(stored: { month: string; counts: Partial<Record<FeedId, number>> }, now: Date = new Date()) {
  return stored.month === monthOf(now) ? stored.counts : {};
}
