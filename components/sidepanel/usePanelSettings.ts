import { useEffect, useState } from 'preact/hooks';
import { refreshIntervalMs } from '@/lib/wait-times/refresh';
import { isCurrentFlight } from '@/lib/airport/flight';
import { hasSwedaviaKey, type PanelSettings } from '@/lib/wait-times/panel-settings';
import {
  airportApiUrl,
  airportFeedUrls,
  airportKeys,
  airportKeysFor,
  airportRefreshMinutes,
  favouriteAirports,
  leaveByBuffers,
  myFlight,
  recentAirports,
} from '@/lib/settings/airport';

/**
 * The airport settings the side panel needs: `initial` as the panel opened with them (the paint
 * snapshot's, then the read's: lib/wait-times/panel-start.ts), kept current while the options page
 * changes them.
 */
export function usePanelSettings(initial: PanelSettings): PanelSettings {
  const [settings, setSettings] = useState<PanelSettings>(initial);
  const [opened, setOpened] = useState(initial);
  // The read arrived after the snapshot was drawn: it is what is stored.
  if (opened !== initial) {
    setOpened(initial);
    setSettings((before) => ({ ...initial, connectionVersion: before.connectionVersion }));
  }
  useEffect(() => {
    let alive = true;
    const update = (change: Partial<PanelSettings>) => alive && setSettings((before) => ({ ...before, ...change }));
    const reconnect = async () => {
      const url = await airportApiUrl.getValue();
      const swedaviaKey = hasSwedaviaKey(url, airportKeysFor(url, await airportKeys.getValue()));
      if (alive) setSettings((before) => ({ ...before, swedaviaKey, connectionVersion: before.connectionVersion + 1 }));
    };
    const unwatch = [
      airportApiUrl.watch(() => void reconnect()),
      airportKeys.watch(() => void reconnect()),
      airportFeedUrls.watch(() => void reconnect()),
      airportRefreshMinutes.watch((minutes) => update({ intervalMs: refreshIntervalMs(minutes) })),
      recentAirports.watch((recents) => update({ recents: recents ?? [] })),
      favouriteAirports.watch((favourites) => update({ favourites: favourites ?? [] })),
      myFlight.watch((flight) => update({ flight: isCurrentFlight(flight, Date.now()) ? flight : null })),
      leaveByBuffers.watch((buffers) => update({ buffers })),
    ];
    // Remembered until its date has passed: then it goes from storage too.
    void myFlight.getValue().then((flight) => {
      if (flight && !isCurrentFlight(flight, Date.now())) void myFlight.setValue(null);
    });
    return () => {
      alive = false;
      for (const stop of unwatch) stop();
    };
  }, []);
  return settings;
}
