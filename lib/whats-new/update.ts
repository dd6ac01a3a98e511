import { browser } from 'wxt/browser';
import { paintBadge } from '../badge';
import { whatsNew } from '../settings/whats-new';
import { bringsNewBehaviour, compareVersions } from './versions';

/**
 * After an update (`runtime.onInstalled`, reason `update`): one with new behaviour (a new major or
 * minor version) leaves a "What's new" note and a dot on the toolbar icon; a patch release alone
 * says nothing. A note not yet seen when the next update comes keeps its starting point, so the
 * settings page lists everything since the version the person last knew.
 */
export async function noteUpdate(previousVersion: string | undefined, currentVersion: string): Promise<void> {
  if (!previousVersion || compareVersions(currentVersion, previousVersion) <= 0) return;
  const earlier = await whatsNew.getValue();
  const pending = earlier !== null && !earlier.seen;
  if (!bringsNewBehaviour(previousVersion, currentVersion)) {
    if (pending) await whatsNew.setValue({ ...earlier, version: currentVersion });
    return;
  }
  const since = pending && compareVersions(earlier.since, previousVersion) < 0 ? earlier.since : previousVersion;
  await whatsNew.setValue({ since, version: currentVersion, seen: false });
  await paintBadge();
}

/** The person has looked at "What's new": the dot goes. */
export async function markWhatsNewSeen(): Promise<void> {
  const note = await whatsNew.getValue();
  if (note && !note.seen) await whatsNew.setValue({ ...note, seen: true });
}

/** The badge follows the note wherever it is marked seen (the settings page, the popup). */
export function listenForWhatsNew(): void {
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && 'whatsNew' in changes) void paintBadge();
  });
}
