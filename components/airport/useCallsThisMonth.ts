import { useEffect, useState } from 'preact/hooks';
import { callsThisMonth, monthOf } from '@/lib/airport-usage';
import { airportCalls } from '@/lib/settings';

/** Airport API requests counted this month, kept current as any page of the extension adds to it. */
export function useCallsThisMonth(): number {
  const [calls, setCalls] = useState(0);
  useEffect(() => {
    let alive = true;
    void callsThisMonth().then((count) => alive && setCalls(count));
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
