import type { HttpError } from '@/lib/http';
import { explainPushError, waitText, type Explanation } from '@/lib/share/explain';
import type { PushResult, RetrievedPush } from '@/lib/pwpush/types';
import { t } from '@/lib/i18n';

/** What one retrieval attempt means for the recipient's next step. */
export type RetrievalOutcome =
  | { kind: 'shown'; push: RetrievedPush }
  | { kind: 'passphrase-needed' }
  | { kind: 'passphrase-wrong' }
  /** `waitSeconds`: a limit was hit; a try is welcome again after about that long. */
  | { kind: 'failed'; explanation: Explanation; waitSeconds?: number };

/**
 * Sorts the answer to `GET /pushes/:token` for a recipient, who sends no token: a 401 there
 * cannot be about a token, so a JSON 401 means "passphrase needed" (none sent) or "wrong" (one
 * sent). The server's words are never matched: most of them come translated
 * (docs/password-pusher.md#errors).
 */
export function retrievalOutcome(result: PushResult<RetrievedPush>, sentPassphrase: boolean, instanceHost: string): RetrievalOutcome {
  if (result.ok) return { kind: 'shown', push: result.value };
  const error = result.error;
  switch (error.kind) {
    case 'unauthorized':
      // An empty-body 401 comes from the token gate: the instance refuses anonymous visitors
      // (docs/password-pusher.md#auth-gate).
      if (!error.serverMessage) return failed(t('receiveSignInNeeded', instanceHost), 'none');
      return { kind: sentPassphrase ? 'passphrase-wrong' : 'passphrase-needed' };
    case 'rate-limited':
      return rateLimited(error, sentPassphrase, instanceHost);
    case 'not-found':
      return failed(t('receiveNotFound', instanceHost), 'none');
    default:
      return { kind: 'failed', explanation: explainPushError(error) };
  }
}

/** Rails' passphrase limit counts a minute; "about a minute" for a throttle that says no wait either. */
const A_MINUTE = 60;

/**
 * A 429 by its cause. Rails' passphrase limit (5 a minute per push, from 2.9.2) answers JSON
 * without Retry-After and counts only requests that carry a passphrase; rack-attack's general
 * throttle (per address) answers text/plain "Retry later" always with Retry-After
 * (docs/password-pusher.md#passphrase, docs/password-pusher.md#throttling).
 */
function rateLimited(error: HttpError, sentPassphrase: boolean, instanceHost: string): RetrievalOutcome {
  const wait = error.retryAfterSeconds;
  if (sentPassphrase && wait === undefined) return waiting(t('receiveTooManyTries', instanceHost), A_MINUTE);
  const throttled = wait === undefined ? t('receiveThrottledNoWait', instanceHost) : t('receiveThrottled', instanceHost, waitText(wait));
  return waiting(sentPassphrase ? `${throttled} ${t('receiveThrottledNotPassphrase')}` : throttled, wait ?? A_MINUTE);
}

function waiting(message: string, waitSeconds: number): RetrievalOutcome {
  return { kind: 'failed', explanation: { message, next: 'wait' }, waitSeconds };
}

/**
 * A viewer's DELETE: a JSON 401 means "not deletable by viewers" (docs/password-pusher.md#delete);
 * an empty one is the token gate, which refuses visitors when the instance is private
 * (docs/password-pusher.md#auth-gate).
 */
export function explainExpireFailure(error: HttpError, instanceHost: string): Explanation {
  if (error.kind === 'unauthorized') {
    return error.serverMessage
      ? { message: t('receiveExpireRefused'), next: 'none' }
      : { message: t('receiveSignInNeeded', instanceHost), next: 'none' };
  }
  return explainPushError(error);
}

function failed(message: string, next: Explanation['next']): RetrievalOutcome {
  return { kind: 'failed', explanation: { message, next } };
}
