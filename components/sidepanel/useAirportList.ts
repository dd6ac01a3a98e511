import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Airport } from '@/lib/airport/types';
import { callAirport } from '@/lib/wait-times/airport-call';
import { catalogAirports } from '@/lib/wait-times/airport-names';
import { AIRPORT_LIST_MAX_AGE_MS, readAirportList, type AirportListEntry } from '@/lib/wait-times/cache';
import { airportInfoConfig } from '@/lib/wait-times/connection';
import { airportListFailedAt } from '@/lib/settings/airport';

export interface AirportList {
  /** Every airport to suggest and name: the catalogue's in the person's language, with Swedavia's list where it has one. */
  airports: readonly Airport[];
  /** Swedavia's AirportInfo list, as saved or fetched; null without one (the paint snapshot keeps only this). */
  fromServer: readonly Airport[] | null;
}

/** Swedavia's list first (its names for its airports), then every catalogue airport it does not name. */
function merged(server: readonly Airport[] | null, catalogue: readonly Airport[]): readonly Airport[] {
  if (!server) return catalogue;
  const named = new Set(server.map((airport) => airport.iata));
  return [...server, ...catalogue.filter((airport) => !named.has(airport.iata))];
}

/**
 * The airports for suggestions and names: every airport Pushgate has a source for, named in the
 * person's language (lib/wait-times/airport-names.ts), and Swedavia's AirportInfo list where the
 * person has that product's key (docs/airport-api.md#products-and-keys): without it no list request
 * is ever sent. With it: the saved list at once (even when old, so it works offline), a new one when
 * the saved one is over a day old. A failed request is not repeated for a day (a refused key is
 * reported by the options page's Test, not on every panel opening). `saved` is the list read as the
 * panel opened; `enabled` is false until that read has arrived.
 */
export function useAirportList(connectionVersion: number, enabled: boolean, saved?: AirportListEntry | null): AirportList {
  const catalogue = useMemo(() => catalogAirports(), []);
  const [server, setServer] = useState<readonly Airport[] | null>(saved?.airports ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the read arrives and when the connection changes; `saved` is the list read as the panel opened, for the runs before any connection change
  useEffect(() => {
    if (!enabled) return;
    // A day-fresh list read as the panel opened: shown, and nothing to ask.
    if (connectionVersion === 0 && saved?.fresh) {
      setServer(saved.airports);
      return;
    }
    let alive = true;
    void (async () => {
      const cfg = await airportInfoConfig();
      if (!cfg) {
        if (alive) setServer(null);
        return;
      }
      const entry = connectionVersion === 0 && saved !== undefined ? saved : await readAirportList(cfg.baseUrl);
      if (alive) setServer(entry?.airports ?? null);
      if (entry?.fresh) return;
      const failedAt = await airportListFailedAt.getValue();
      if (failedAt > 0 && Date.now() - failedAt >= 0 && Date.now() - failedAt < AIRPORT_LIST_MAX_AGE_MS) return;
      const result = await callAirport({ what: 'airports' });
      if (alive && result.ok && result.value.value.airports.length > 0) setServer(result.value.value.airports);
    })();
    return () => {
      alive = false;
    };
  }, [connectionVersion, enabled]);
  const airports = useMemo(() => merged(server, catalogue), [server, catalogue]);
  return { airports, fromServer: server };
}
