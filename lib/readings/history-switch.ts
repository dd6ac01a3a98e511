import { browser } from 'wxt/browser';
import { forgetReadings } from './store';

/**
 * The readings go with the history's switch (docs/privacy.md): switched off, on the settings page
 * or by a managed policy, what was read so far is forgotten, and lib/readings/record.ts keeps no new
 * ones. Listened to in the background, so it holds whichever page made the change.
 */
export function forgetReadingsWithHistory(): void {
  browser.storage.onChanged.addListener((changes, area) => {
    const change = changes.historySettings;
    if (area !== 'local' || !change) return;
    const next = change.newValue as { keep?: unknown } | undefined;
    if (next?.keep === false) void forgetReadings();
  });
}
