import type { HttpError } from '../http';
import { t } from '../i18n';
import { serverText } from '../short-text';
import { explainPushError, type Explanation } from './explain';

const MFA = /two-factor|2fa|multi-factor|\bmfa\b/i;

/**
 * A failure of a call made in a commercial instance's account (docs/password-pusher.md#accounts): a
 * 403 there is most likely the account no longer being the token's (another token saved, the
 * account left), fixed by choosing again on the settings page. Two-factor authentication says so in
 * its words and keeps its own explanation.
 */
export function explainInAccount(error: HttpError, accountName: string | undefined): Explanation {
  if (accountName === undefined || error.kind !== 'forbidden' || MFA.test(error.serverMessage ?? '')) return explainPushError(error);
  const message = t('errorAccountRefused', serverText(accountName));
  return {
    message: error.serverMessage ? `${message} ${t('serverSaid', serverText(error.serverMessage))}` : message,
    next: 'open-options',
  };
}
