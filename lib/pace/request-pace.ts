import type { RequestPace } from '../pwpush/types';
import type { Pacer, Priority } from './pacer';

/** A pacer as the client takes it (lib/pwpush/client.ts `send`): one priority, and every 429 heard. */
export function paceOf(pacer: Pacer, priority: Priority): RequestPace {
  return { take: (signal) => pacer.take(priority, signal), throttled: (seconds) => void pacer.throttled(seconds) };
}

/** The person's push: counted against the budget, never kept waiting (docs/performance.md, rule 23). */
export function countedPace(pacer: Pacer): RequestPace {
  return {
    take: () => {
      pacer.count();
      return undefined;
    },
    throttled: (seconds) => void pacer.throttled(seconds),
  };
}
