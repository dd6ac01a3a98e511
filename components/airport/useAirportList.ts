import { useEffect, useState } from 'preact/hooks';
import { airports as fetchAirports } from '@/lib/airport/client';
import type { Airport } from '@/lib/airport/types';
import { readAirportList, saveAirportList, type AirportListEntry } from '@/lib/airport-cache';
import { airportConfig, recordAirportCall } from '@/lib/airport-connection';
import { hasHostAccess } from './host-access';

/**
 * The airport list for suggestions and names: the saved one at once (even when old, so it works
 * offline), and a new one from the API when the saved one is over a day old. A failure only
 * means fewer suggestions: the code field works without them. `saved` is the list read before
 * the first paint (./panel-start; null: none saved); a new connection reads its own.
 */
export function useAirportList(connectionVersion: number, enabled: boolean, saved?: AirportListEntry | null): Airport[] {
  const [list, setList] = useState<Airport[]>(saved?.airports ?? []);
  useEffect(() => {
    // A day-fresh list read before the first paint is already shown: nothing to do.
    if (!enabled || (connectionVersion === 0 && saved?.fresh)) return;
    let alive = true;
    void (async () => {
      const cfg = await airportConfig();
      if (!cfg) return;
      const entry = connectionVersion === 0 && saved !== undefined ? saved : await readAirportList(cfg.baseUrl);
      if (entry && alive) setList(entry.airports);
      if (entry?.fresh || !(await hasHostAccess(cfg.baseUrl))) return;
      const result = await fetchAirports(cfg);
      await recordAirportCall(result, cfg.baseUrl);
      if (!result.ok || result.value.airports.length === 0) return;
      await saveAirportList(cfg.baseUrl, result.value.airports);
      if (alive) setList(result.value.airports);
    })();
    return () => {
      alive = false;
    };
  }, [connectionVersion, enabled]);
  return list;
}
