import { useEffect, useRef } from 'preact/hooks';
import type { Airport } from '@/lib/airport/types';
import type { CachedBoard } from '@/lib/wait-times/cache';
import { snapshotOf, writePaintSnapshot } from '@/lib/wait-times/snapshot';
import { openingAirport, type PanelSettings } from '@/lib/wait-times/panel-settings';

/**
 * Keeps the paint snapshot (lib/wait-times/snapshot.ts) in step with what the panel shows for the airport it
 * opens on: its board from IndexedDB or the network, the favourites, recent airports and flight.
 * New settings (a key, an address) make the shown board another connection's: the snapshot goes
 * until a board of the new connection arrives. `airports` is Swedavia's saved list, or null.
 */
export function usePaintSnapshot(
  settings: PanelSettings,
  iata: string | null,
  board: CachedBoard | null,
  airports: readonly Airport[] | null,
  lang: string,
  settled: boolean,
) {
  const connectedAt = useRef({ version: settings.connectionVersion, at: 0 });
  useEffect(() => {
    // Drawn from the snapshot itself: nothing new to keep until the read has arrived.
    if (!settled) return;
    if (settings.connectionVersion !== connectedAt.current.version)
      connectedAt.current = { version: settings.connectionVersion, at: Date.now() };
    if (board && board.fetchedAt < connectedAt.current.at) {
      writePaintSnapshot(null);
      return;
    }
    if (!board || iata !== openingAirport(settings)) return;
    const snapshot = snapshotOf({ settings, iata, board, airports }, lang);
    if (snapshot) writePaintSnapshot(snapshot);
  }, [settings, iata, board, airports, lang, settled]);
}
