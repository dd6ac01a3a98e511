import { useEffect, useState } from 'preact/hooks';
import { airports as fetchAirports } from '@/lib/airport/client';
import type { Airport } from '@/lib/airport/types';
import { readAirportList, saveAirportList } from '@/lib/airport-cache';
import { airportConfig, recordAirportCall } from '@/lib/airport-connection';
import { hasHostAccess } from './host-access';

/**
 * The airport list for suggestions and names: the saved one at once (even when old, so it works
 * offline), and a new one from the API when the saved one is over a day old. A failure only
 * means fewer suggestions: the code field works without them.
 */
export function useAirportList(connectionVersion: number, enabled: boolean): Airport[] {
  const [list, setList] = useState<Airport[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    void (async () => {
      const cfg = await airportConfig();
      if (!cfg) return;
      const saved = await readAirportList(cfg.baseUrl);
      if (saved && alive) setList(saved.airports);
      if (saved?.fresh || !(await hasHostAccess(cfg.baseUrl))) return;
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
