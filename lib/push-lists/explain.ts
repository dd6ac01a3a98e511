import type { HttpError } from '@/lib/http';
import { t } from '@/lib/i18n';
import { explainPushError, isMfaRequired, isTokenRefusal, type Explanation } from '@/lib/share/explain';
import { explainInAccount } from '@/lib/share/explain-account';

/** What the pushes page was doing when a request failed: the same status means different things. */
export type PushesAction = 'list' | 'audit' | 'expire' | 'copy';

/**
 * Puts a failure of the pushes page into words. The general wording of `explainPushError` is
 * used where it fits; a status whose meaning depends on the action gets the page's own words.
 * `accountName` is the commercial account the request was made in, if one was chosen.
 */
export function explainPushesError(error: HttpError, action: PushesAction, hasToken: boolean, accountName?: string): Explanation {
  switch (error.kind) {
    case 'unauthorized':
      // The lists and the audit log need a token (docs/password-pusher.md#auth-gate); DELETE
      // answers 401, not 403, to a push that is neither the caller's nor deletable by viewers
      // (docs/password-pusher.md#delete). An empty body is the token gate: the token, or the lack
      // of one, is the cause.
      if (action === 'expire' && !isTokenRefusal(error)) return { message: t('pushesExpireRefused'), next: 'open-options' };
      if (!hasToken && action === 'expire') return { message: t('pushesExpireTokenNeeded'), next: 'open-options' };
      if (!hasToken) return { message: t(action === 'audit' ? 'pushesAuditTokenNeeded' : 'pushesTokenNeeded'), next: 'open-options' };
      return explainPushError(error);
    case 'forbidden':
      // The audit log of someone else's push (docs/password-pusher.md#audit-log).
      return action === 'audit' && !isMfaRequired(error, 'audit')
        ? { message: t('pushesAuditForbidden'), next: 'none' }
        : explainInAccount(error, accountName);
    case 'not-found':
      return action === 'list' ? explainPushError(error) : { message: t('pushesPurged'), next: 'none' };
    case 'bad-request':
      return action === 'list' || action === 'audit' ? { message: t('pushesBadPage'), next: 'none' } : explainPushError(error);
    case 'too-large':
      // A page holds 50 entries (docs/password-pusher.md#lists): said as what a page can be.
      if (action === 'list') return { message: t('pushesListTooLarge'), next: 'open-options' };
      if (action === 'audit') return { message: t('pushesAuditTooLarge'), next: 'open-options' };
      return explainPushError(error);
    default:
      return explainPushError(error);
  }
}

/** A request that is bound to fail (no token) is not sent: this says so instead. */
export function tokenNeeded(action: 'list' | 'audit'): Explanation {
  return explainPushesError({ kind: 'unauthorized' }, action, false);
}
