import { browser } from 'wxt/browser';
import { paintBadge } from '../badge';
import { whatsNew } from '../settings/whats-new';
import { bringsNewBehaviour, compareVersions } from './versions';

/**
 * The versions whose changelog has entries for this package (build/changelogs.mjs, from CHANGELOG.md
 * when the package is built): the Share package's list leaves out a release that only brought airport
 * news, and the Airport package's one that only brought sharing news.
 */
const BUILT_NEWS: readonly string[] = String(import.meta.env.PUSHGATE_NEWS ?? '')
  .split(',')
  .filter(Boolean);

/**
 * After an update (`runtime.onInstalled`, reason `update`): one with new behaviour (a new major or
 * minor version) that the changelog tells this package's users of (`news`: the versions with entries
 * for it) leaves a "What's new" note and a dot on the toolbar icon; a patch release alone, or a release
 * whose entries are all the other purpose's, says nothing. A note not yet seen when the next update
 * comes keeps its starting point, so the settings page lists everything since the version the person
 * last knew.
 */
export async function noteUpdate(
  previousVersion: string | undefined,
  currentVersion: string,
  news: readonly string[] = BUILT_NEWS,
): Promise<void> {
  if (!previousVersion || compareVersions(currentVersion, previousVersion) <= 0) return;
  const earlier = await whatsNew.getValue();
  const pending = earlier !== null && !earlier.seen;
  const told = news.some((version) => compareVersions(version, previousVersion) > 0 && compareVersions(version, currentVersion) <= 0);
  if (!bringsNewBehaviour(previousVersion, currentVersion) || !told) {
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

/**
 * The background's part, in every package (entrypoints/background.ts): an update is noted, the badge
 * follows the note wherever it is marked seen (the settings page), and the badge, which does not
 * outlive the browser, is painted again at each start (with a dot for "What's new" not yet seen).
 */
export function registerWhatsNew(): void {
  browser.runtime.onInstalled.addListener(({ reason, previousVersion }) =>
    reason === 'update' ? noteUpdate(previousVersion, browser.runtime.getManifest().version) : undefined,
  );
  browser.runtime.onStartup.addListener(() => paintBadge());
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && 'whatsNew' in changes) void paintBadge();
  });
}
