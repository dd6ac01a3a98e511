import { t } from '@/lib/i18n';
import { serverText } from '@/lib/short-text';
import { explainCheckFailure, type InstanceCheck } from './check-instance';

/**
 * What the page says, line by line: `status` is polite news (announced, not interrupting),
 * `alert` a problem to act on (announced at once).
 */
export interface Feedback {
  status: string[];
  alert: string[];
}

export const QUIET: Feedback = { status: [], alert: [] };

/**
 * Puts an instance check into words. After Save the first line confirms the save ("Saved." or
 * "Saved, but …"), so a failed check can never be read as "nothing was saved". The summary of a good check is news too: a
 * screen reader hears which instance answered and whether the token works without hunting for it.
 */
export function feedbackFor(result: InstanceCheck, afterSave: boolean): Feedback {
  const saved = afterSave ? [t('optionsSaved')] : [];
  if (!result.ok) {
    return {
      // "Saved, but the instance check failed" says both: no separate "Saved." above it.
      status: [],
      alert: [afterSave ? t('optionsSavedButCheckFailed') : t('optionsCheckFailed'), explainCheckFailure(result.origin, result.error)],
    };
  }
  const { token, info } = result;
  const rejected = token.kind === 'rejected';
  const status = [
    // "Saved, but the instance rejected the API token" says it is saved.
    ...(afterSave && rejected ? [] : saved),
    t('optionsConnectedSummary', serverText(info.applicationVersion), serverText(info.edition), serverText(info.apiVersion)),
    ...(token.kind === 'accepted' ? [t('optionsTokenAccepted')] : []),
  ];
  const alert: string[] = [];
  if (rejected) {
    alert.push(afterSave ? t('optionsSavedButTokenRejected') : t('optionsTokenRejectedAdvice'));
  } else if (token.kind === 'unchecked' && token.error) {
    alert.push(t('optionsTokenCheckFailed'), explainCheckFailure(result.origin, token.error));
  }
  if (!info.features.pushesEnabled) alert.push(t('optionsPushesDisabled'));
  else if (token.kind === 'none' && !info.features.anonymousAccess) alert.push(t('optionsNoTokenNoAnonymous'));
  return { status, alert };
}
