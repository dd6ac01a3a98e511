import { useEffect, useState } from 'preact/hooks';
import { refreshIntervalMs } from '@/lib/wait-refresh';
import {
  airportApiUrl,
  airportKeys,
  airportRefreshMinutes,
  defaultAirport,
  favouriteAirports,
  recentAirports,
} from '@/lib/settings';

export interface PanelSettings {
  loaded: boolean;
  /** An API address and a primary key are saved. */
  configured: boolean;
  /** The automatic refresh interval (setting `airportRefreshMinutes`, never below a minute). */
  intervalMs: number;
  defaultAirport: string;
  recents: string[];
  favourites: string[];
  /** Goes up whenever the API address or the keys change: the panel then asks again. */
  connectionVersion: number;
}

const INITIAL: PanelSettings = {
  loaded: false,
  configured: false,
  intervalMs: refreshIntervalMs(undefined),
  defaultAirport: '',
  recents: [],
  favourites: [],
  connectionVersion: 0,
};

/** As `airportConfig()` in lib/airport-connection: an address and a primary key. */
const isConfigured = (url: string, keys: { primary: string; secondary: string }) => url.trim() !== '' && keys.primary.trim() !== '';

/** The airport settings the side panel needs, kept current while the options page changes them. */
export function usePanelSettings(): PanelSettings {
  const [settings, setSettings] = useState<PanelSettings>(INITIAL);
  useEffect(() => {
    let alive = true;
    const update = (change: Partial<PanelSettings>) => alive && setSettings((before) => ({ ...before, ...change }));
    const reconnect = async () => {
      const configured = isConfigured(await airportApiUrl.getValue(), await airportKeys.getValue());
      if (alive) setSettings((before) => ({ ...before, configured, connectionVersion: before.connectionVersion + 1 }));
    };
    void (async () => {
      const [url, keys, minutes, airport, recents, favourites] = await Promise.all([
        airportApiUrl.getValue(),
        airportKeys.getValue(),
        airportRefreshMinutes.getValue(),
        defaultAirport.getValue(),
        recentAirports.getValue(),
        favouriteAirports.getValue(),
      ]);
      update({
        loaded: true,
        configured: isConfigured(url, keys),
        intervalMs: refreshIntervalMs(minutes),
        defaultAirport: airport.trim().toUpperCase(),
        recents,
        favourites,
      });
    })();
    const unwatch = [
      airportApiUrl.watch(() => void reconnect()),
      airportKeys.watch(() => void reconnect()),
      airportRefreshMinutes.watch((minutes) => update({ intervalMs: refreshIntervalMs(minutes) })),
      recentAirports.watch((recents) => update({ recents: recents ?? [] })),
      favouriteAirports.watch((favourites) => update({ favourites: favourites ?? [] })),
    ];
    return () => {
      alive = false;
      unwatch.forEach((stop) => stop());
    };
  }, []);
  return settings;
}
