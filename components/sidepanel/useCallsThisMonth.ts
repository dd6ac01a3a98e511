import { useEffect, useState } from 'preact/hooks';
import { callsThisMonth, monthOf } from '@/lib/wait-times/connection';
import { airportCalls } from '@/lib/settings/airport';

/**
 * Airport API requests counted this month, kept current as any page of the extension adds to it.
 * `initial` is the count read before the first paint; without it the hook reads it itself.
 */
export function useCallsThisMonth(initial?: number): number {
  const [calls, setCalls] = useState(initial ?? 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: watches from the first render on; `initial` only tells that first run whether the count was already read
  useEffect(() => {
    let alive = true;
    if (initial === undefined) void callsThisMonth().then((count) => alive && setCalls(count));
    const unwatch = airportCalls.watch((stored) => {
      if (alive) setCalls(stored.month === monthOf(new Date()) ? stored.count : 0);
    });
    return () => {
      alive = false;
      unwatch();
    };
  }, []);
  return calls;
}
