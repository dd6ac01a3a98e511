import { t } from '@/lib/i18n';
import { progressOf } from '@/lib/lockdown/progress';
import type { LockdownState } from '@/lib/lockdown/state';
import { stateTime } from '@/lib/history/push-state';
import { formatCount } from './format-count';

/** "Expired 37 of 120", "reading page 2…", this browser's own pushes, or the wipe: the progress in one line. */
export function progressLine(state: LockdownState): string {
  const progress = progressOf(state);
  if (progress.phase === 'listing') return t('lockdownListing', formatCount(progress.page));
  if (progress.phase === 'expiring') return t('lockdownProgress', formatCount(progress.expired), formatCount(progress.total));
  if (progress.phase === 'own') return t('lockdownOwnProgress', formatCount(progress.expired), formatCount(progress.total));
  return t('lockdownWiping');
}

/**
 * The progress with a bar; a 429's wait says until when. Shown, not announced: the section's
 * live region says it at a pace a screen reader can follow (./LockdownSection.tsx).
 */
export function LockdownProgress({ state }: { state: LockdownState }) {
  const progress = progressOf(state);
  const line = progressLine(state);
  return (
    <div class="lockdown-progress">
      <p class="lockdown-progress-line">{line}</p>
      {(progress.phase === 'expiring' || progress.phase === 'own') && (
        <progress max={progress.total} value={progress.expired} aria-label={line} />
      )}
      {progress.waitingUntil !== undefined && <p class="hint">{t('lockdownWaiting', stateTime(progress.waitingUntil))}</p>}
    </div>
  );
}
