import { useEffect, useState } from 'preact/hooks';
import { SWEDAVIA_AIRPORTS } from '@/lib/airport/swedavia-airports';
import type { Airport } from '@/lib/airport/types';
import { callAirport } from '@/lib/wait-times/airport-call';
import { AIRPORT_LIST_MAX_AGE_MS, readAirportList, type AirportListEntry } from '@/lib/wait-times/cache';
import { airportInfoConfig } from '@/lib/wait-times/connection';
import { airportListFailedAt } from '@/lib/settings/airport';

/**
 * The airport list for suggestions and names. The list is Swedavia's AirportInfo product, with a
 * key of its own (docs/airport-api.md#products-and-keys): without that key no list request is
 * ever sent and the ten airports shipped with Pushgate are used. With it: the saved list at once
 * (even when old, so it works offline), a new one when the saved one is over a day old. A failed
 * request falls back to the shipped list quietly and is not repeated for a day (a refused key is
 * reported by the options page's Test, not on every panel opening). `saved` is the list read as
 * the panel opened; `enabled` is false until that read has arrived.
 */
export function useAirportList(connectionVersion: number, enabled: boolean, saved?: AirportListEntry | null): readonly Airport[] {
  const [list, setList] = useState<readonly Airport[]>(saved?.airports ?? SWEDAVIA_AIRPORTS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the read arrives and when the connection changes; `saved` is the list read as the panel opened, for the runs before any connection change
  useEffect(() => {
    if (!enabled) return;
    // A day-fresh list read as the panel opened: shown, and nothing to ask.
    if (connectionVersion === 0 && saved?.fresh) {
      setList(saved.airports);
      return;
    }
    let alive = true;
    void (async () => {
      const cfg = await airportInfoConfig();
      if (!cfg) {
        if (alive) setList(SWEDAVIA_AIRPORTS);
        return;
      }
      const entry = connectionVersion === 0 && saved !== undefined ? saved : await readAirportList(cfg.baseUrl);
      if (alive) setList(entry?.airports ?? SWEDAVIA_AIRPORTS);
      if (entry?.fresh) return;
      const failedAt = await airportListFailedAt.getValue();
      if (failedAt > 0 && Date.now() - failedAt >= 0 && Date.now() - failedAt < AIRPORT_LIST_MAX_AGE_MS) return;
      const result = await callAirport({ what: 'airports' });
      if (alive && result.ok && result.value.value.airports.length > 0) setList(result.value.value.airports);
    })();
    return () => {
      alive = false;
    };
  }, [connectionVersion, enabled]);
  return list;
}
