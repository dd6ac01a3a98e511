import { useEffect, useState } from 'preact/hooks';
import { activePushes } from '@/lib/pwpush/client';
import { pagePace } from '@/lib/pace/ask';

/** How many pushes the Active list holds: exact, at least (a full first page without totals), or unknown. */
export type ActiveCount = { exact: number } | { atLeast: number } | null;

/**
 * The number of active pushes the confirmation names, from the Active list's first page (one
 * request). Up to 2.11.4 a list sends no totals (docs/password-pusher.md#lists): a full page
 * then says "at least 50".
 */
export function useActiveCount(connection: { baseUrl: string; token: string; accountId?: string } | null | undefined): ActiveCount {
  const [count, setCount] = useState<ActiveCount>(null);
  const baseUrl = connection?.baseUrl ?? '';
  const token = connection?.token ?? '';
  // The commercial edition's chosen account: the one the lockdown expires (docs/password-pusher.md#accounts).
  const accountId = connection?.accountId;
  useEffect(() => {
    if (!baseUrl || !token) return;
    let live = true;
    void activePushes({ baseUrl, token, accountId, pace: pagePace(baseUrl, 'person') }, 1).then((answer) => {
      if (!live || !answer.ok) return;
      const page = answer.value;
      if (page.total !== undefined) setCount({ exact: page.total });
      else setCount(page.items.length < page.perPage ? { exact: page.items.length } : { atLeast: page.items.length });
    });
    return () => {
      live = false;
    };
  }, [baseUrl, token, accountId]);
  return count;
}
