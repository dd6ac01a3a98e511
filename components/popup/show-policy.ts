import { t } from '@/lib/i18n';
import type { PopupStart } from '@/lib/settings/pwpush';
import type { PushFormControls } from './push-form-controls';

// Loaded by the popup's start only when an organisation's policy is set (docs/performance.md, rule 22).

/**
 * What the organisation's policy decides (lib/settings/managed.ts), shown as theirs: a ceiling as
 * the field's limit with its note, a forced retrieval step locked on, no lockdown and no wait times
 * where it switched them off. Touches only what the policy sets (docs/performance.md, rule 16).
 */
export function showPolicy(doc: Document, controls: PushFormControls, { policy, limits }: PopupStart): void {
  if (!limits) return;
  const byId = (id: string) => doc.getElementById(id)!;
  if (policy.lockdown === false) byId('open-lockdown').hidden = true;
  if (policy.airportPanel === false) byId('open-wait-times').hidden = true;
  if (policy.expireAfterDaysMax) {
    controls.days.max = String(limits.daysMax);
    byId('days-hint').textContent = t('popupCeiling', limits.daysMax);
  }
  if (policy.expireAfterViewsMax) {
    controls.views.max = String(limits.viewsMax);
    byId('views-hint').textContent = t('popupCeiling', limits.viewsMax);
  }
  if (limits.retrievalStepForced) {
    controls.retrievalStep.disabled = true;
    controls.chatRetrievalOff.hidden = true;
    byId('retrieval-hint').textContent = t('popupRetrievalForced');
  }
}
