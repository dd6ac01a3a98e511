import type { HttpError } from '@/lib/http';
import { explainPushError, waitText, type Explanation } from '@/lib/share/explain';
import type { PushResult, RetrievedPush } from '@/lib/pwpush/types';
import { t } from '@/lib/i18n';

/** What one retrieval attempt means for the recipient's next step. */
export type RetrievalOutcome =
  | { kind: 'shown'; push: RetrievedPush }
  | { kind: 'passphrase-needed' }
  | { kind: 'passphrase-wrong' }
  | { kind: 'failed'; explanation: Explanation };

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
      // Without a passphrase this is the instance's general throttle, not the 5-a-minute rule
      // (docs/password-pusher.md#throttling).
      if (!sentPassphrase) return { kind: 'failed', explanation: explainPushError(error) };
      return failed(tooManyTries(error), 'wait');
    case 'not-found':
      return failed(t('receiveNotFound', instanceHost), 'none');
    default:
      return { kind: 'failed', explanation: explainPushError(error) };
  }
}

function tooManyTries(error: HttpError): string {
  // Rails' passphrase limit answers without Retry-After; a proxy in front may add one.
  return error.retryAfterSeconds === undefined ? t('receiveTooManyTries') : t('receiveTooManyTriesFor', waitText(error.retryAfterSeconds));
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
