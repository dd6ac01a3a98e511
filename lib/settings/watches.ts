import type { EndedWatch, Watch, WatchesState } from '../watches/types';
import { storage } from './storage-item';

/**
 * The watches on airport queues (lib/watches/): public data and the person's own choices (an
 * airport, a checkpoint, a threshold, My flight), in `local` so they outlive the service worker and
 * the browser's restart. Written by the background alone (lib/watches/background.ts).
 */

/** The watches still running. */
export const airportWatches = /* @__PURE__ */ storage.defineItem<Watch[]>('local:airportWatches', { fallback: [], version: 1 });

/** The last watches that ended, with why, for the side panel to say so (a day at most, lib/watches/plan.ts). */
export const airportWatchesEnded = /* @__PURE__ */ storage.defineItem<EndedWatch[]>('local:airportWatchesEnded', {
  fallback: [],
  version: 1,
});

export const airportWatchesState = /* @__PURE__ */ storage.defineItem<WatchesState>('local:airportWatchesState', {
  fallback: { lastCheckAt: null, paused: null },
  version: 1,
});

/**
 * Where a click on a watch's notification asked the side panel to open: its airport and checkpoint,
 * and when (a request older than two minutes is not acted on). Removed once the panel has opened there.
 */
export const airportPanelFocus = /* @__PURE__ */ storage.defineItem<{ iata: string; checkpoint: string | null; at: number } | null>(
  'local:airportPanelFocus',
  { fallback: null, version: 1 },
);
