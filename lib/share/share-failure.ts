import type { HttpError } from '../http';
import type { PushKind } from '../pwpush/types';
import { t } from '../i18n';
import type { Explanation } from './explain';
import { explainInAccount } from './explain-account';
import { serverText } from '../short-text';

/**
 * How a push can end without a link, and those words. A request that went out and got no answer
 * that says what became of it is never "not pushed": the push may exist (docs/exactly-once.md).
 */

/** What a look on the instance said about a push that may exist. */
export type Looked =
  /** No API token: Pushgate cannot look. */
  | 'no-token'
  /** The owner's list was read and holds no push of this attempt. */
  | 'not-found'
  /** The instance could not be asked. */
  | 'unchecked';

/**
 * What came instead of an answer that says what became of a push: the first thing the person is
 * told, before what Pushgate did about it. Absent when the side that sent it stopped.
 */
export type NoAnswer = { kind: 'server'; status: number } | { kind: 'timeout' } | { kind: 'network' } | { kind: 'unreadable' };

/** The create's failure, as the person is told it (lib/attempts/outcome.ts says which may have made the push). */
export function noAnswerOf(error: HttpError): NoAnswer {
  if (error.kind === 'server') return { kind: 'server', status: error.status ?? 500 };
  if (error.kind === 'timeout' || error.kind === 'network') return { kind: error.kind };
  return { kind: 'unreadable' };
}

/** The first sentence about a push that may exist: what happened to its request. */
export function noAnswerText(cause: NoAnswer | undefined): string {
  if (!cause) return t('noAnswerUnknown');
  if (cause.kind === 'server') return t('noAnswerServerError', String(cause.status));
  return t(cause.kind === 'timeout' ? 'noAnswerTimeout' : cause.kind === 'network' ? 'noAnswerDropped' : 'noAnswerUnreadable');
}

export type ShareFailure =
  | { kind: 'not-configured' }
  /** The request went out and no answer said what became of it (a drop, a time limit, a cut-off answer, a 5xx). */
  | { kind: 'maybe-created'; attemptId: string; looked: Looked; cause?: NoAnswer }
  /** The popup handed the push to the background, which stopped with it out (./relay/push-in-background.ts); the popup looks next. */
  | { kind: 'interrupted'; attemptId: string }
  /** The person cancelled a file push's upload, and no push of it was found (or could be looked for). */
  | { kind: 'cancelled'; attemptId: string; looked: Looked }
  /** The background did not take the push (./relay/push-in-background.ts): nothing was sent. */
  | { kind: 'no-background' }
  /**
   * The instance made the push but handed back a link Pushgate does not trust (another host: its
   * `override_base_url`, a proxy). The push exists, kept and claimed without its link (./share-push.ts).
   */
  | { kind: 'link-refused'; attemptId: string; link: string }
  | HttpError;

/** A failure after which the push may exist. */
export function mayExist(failure: ShareFailure): failure is Extract<ShareFailure, { kind: 'maybe-created' | 'interrupted' }> {
  return failure.kind === 'maybe-created' || failure.kind === 'interrupted';
}

const MAYBE_CREATED_KEYS: Record<Looked, string> = {
  'no-token': 'shareMaybeCreatedNoToken',
  'not-found': 'shareMaybeCreatedNotFound',
  unchecked: 'shareMaybeCreatedUnchecked',
};

/** What the pusher knows beside the failure. */
export interface ShareContext {
  /** What was pushed: a size limit on a text is not "a file too large". */
  kind?: PushKind;
  /** Whether the push carried a token: an instance closed to anonymous pushes refuses one without as it refuses a bad one. */
  hasToken?: boolean;
  /** The commercial account the push was made in, if one was chosen: a 403 there is most likely that account. */
  accountName?: string;
}

/** Puts a share failure into words; "not set up yet" and "no token to look with" point to the options page. */
export function explainShareFailure(failure: ShareFailure, { kind, hasToken, accountName }: ShareContext = {}): Explanation {
  switch (failure.kind) {
    case 'not-configured':
      return { message: t('shareNotConfigured'), next: 'open-options' };
    case 'interrupted':
      return { message: t('shareInterrupted'), next: 'none' };
    case 'no-background':
      return { message: t('shareNoBackground'), next: 'retry' };
    case 'maybe-created':
      return {
        message: `${noAnswerText(failure.cause)} ${t(MAYBE_CREATED_KEYS[failure.looked])}`,
        next: failure.looked === 'no-token' ? 'open-options' : 'none',
      };
    case 'cancelled':
      return { message: t(failure.looked === 'not-found' ? 'shareCancelled' : 'popupUploadCancelled'), next: 'none' };
    case 'link-refused':
      return { message: t('shareLinkRefused', serverText(failure.link)), next: 'open-options' };
    default:
      // The token gate's empty 401 (docs/password-pusher.md#auth-gate) to a push without a token:
      // the instance takes no anonymous pushes.
      if (failure.kind === 'unauthorized' && hasToken === false && !failure.serverMessage) {
        return { message: t('errorTokenNeeded'), next: 'open-options' };
      }
      if (failure.kind === 'bad-request' && failure.status === 413 && kind !== undefined && kind !== 'file') {
        return { message: t('errorTextTooLarge'), next: 'fix-input' };
      }
      return explainInAccount(failure, accountName);
  }
}
