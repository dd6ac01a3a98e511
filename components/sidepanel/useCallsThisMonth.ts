import { useEffect, useState } from 'preact/hooks';
import { airportCalls, airportFeedCalls } from '@/lib/settings/airport';
import { monthOf } from '@/lib/wait-times/connection';
import { feedCallsOf } from '@/lib/wait-times/feed-calls';
import type { PanelCalls } from '@/lib/wait-times/panel-settings';

/**
 * Requests counted this month, Swedavia's API calls and each feed's, kept current as any page of the
 * extension adds to them. `initial` is the count read before the first paint; without it the hook
 * reads it itself.
 */
export function useCallsThisMonth(initial?: PanelCalls): PanelCalls {
  const [calls, setCalls] = useState<PanelCalls>(initial ?? { api: 0, feeds: {} });
  // biome-ignore lint/correctness/useExhaustiveDependencies: watches from the first render on; `initial` only tells that first run whether the count was already read
  useEffect(() => {
    let alive = true;
    const api = (stored: { month: string; count: number }) => (stored.month === monthOf(new Date()) ? stored.count : 0);
    if (initial === undefined) {
      void Promise.all([airportCalls.getValue(), airportFeedCalls.getValue()]).then(
        ([stored, feeds]) => alive && setCalls({ api: api(stored), feeds: feedCallsOf(feeds) }),
      );
    }
    const unwatch = [
      airportCalls.watch((stored) => alive && setCalls((before) => ({ ...before, api: api(stored) }))),
      airportFeedCalls.watch((stored) => alive && setCalls((before) => ({ ...before, feeds: feedCallsOf(stored) }))),
    ];
    return () => {
      alive = false;
      for (const stop of unwatch) stop();
    };
  }, []);
  return calls;
}
