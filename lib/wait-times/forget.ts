import { getDb } from '../db';
import { forgetReadings } from '../readings/store';
import { myFlight, recentAirports } from '../settings/airport';
import { airportPanelFocus, airportWatches, airportWatchesEnded, airportWatchesState } from '../settings/watches';
import { PAINT_SNAPSHOT_KEY } from './snapshot-key';

/**
 * "Forget airport data" (the settings page) and the lockdown (lib/lockdown/wipe.ts): what this
 * browser learnt of the person's travels, each part on its own so one refusal does not keep the
 * others: the queue readings (lib/readings/), the saved boards, the recent airports, My flight and
 * the watches (a stopped watch's alarm finds none and ends, lib/watches/background.ts). Settings
 * stay: the keys, the addresses, the favourites and the default airport are choices, not a record.
 * Resolves true when every part went.
 */
export async function forgetAirportData(): Promise<boolean> {
  const parts = await Promise.all([
    forgetReadings(),
    getDb()
      .then((db) => db.clear('waitBoards'))
      .then(
        () => true,
        () => false,
      ),
    Promise.all([
      recentAirports.removeValue(),
      myFlight.removeValue(),
      airportWatches.removeValue(),
      airportWatchesEnded.removeValue(),
      airportWatchesState.removeValue(),
      airportPanelFocus.removeValue(),
    ]).then(
      () => true,
      () => false,
    ),
  ]);
  try {
    // The side panel's first-paint copy holds the last board too. Chrome's service worker has no
    // localStorage: there the page that shows the lockdown drops it (components/lockdown).
    if (typeof localStorage !== 'undefined') localStorage.removeItem(PAINT_SNAPSHOT_KEY);
  } catch {
    return false;
  }
  return parts.every(Boolean);
}
