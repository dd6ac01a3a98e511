import type { FeedId } from '@/lib/airport/airport-board';
import type { MyFlight } from '@/lib/airport/flight';
import type { LeaveByBuffers } from '@/lib/settings/airport';

// Plain data and functions, without Preact: ./panel-start reads them before the panel's code is fetched.

export interface PanelSettings {
  /**
   * A WaitTime Public key is saved for the Airport API URL: Swedavia's airports come from its API;
   * without one, from its website (lib/wait-times/route.ts).
   */
  swedaviaKey: boolean;
  /** The automatic refresh interval (setting `airportRefreshMinutes`, never below a minute). */
  intervalMs: number;
  defaultAirport: string;
  recents: string[];
  favourites: string[];
  /** "My flight": shown first on its airport's board until its date has passed. */
  flight: MyFlight | null;
  /** The person's margins for "leave by" beside My flight. */
  buffers: LeaveByBuffers;
  /** Goes up whenever the API address, the keys or a feed's address change: the panel then asks again. */
  connectionVersion: number;
}

/** Requests this month: Swedavia's API calls (its quota), and each website feed's. */
export interface PanelCalls {
  api: number;
  feeds: Partial<Record<FeedId, number>>;
}

/** As `airportConfig()` in lib/wait-times/connection: an address and a primary key (for that address: `airportKeysFor`). */
export const hasSwedaviaKey = (url: string, keys: { primary: string; secondary: string }) =>
  url.trim() !== '' && keys.primary.trim() !== '';

/** The airport shown until the person chooses one: the default airport, else the one viewed last. */
export function openingAirport(settings: Pick<PanelSettings, 'defaultAirport' | 'recents'>): string | null {
  return settings.defaultAirport || settings.recents[0] || null;
}
