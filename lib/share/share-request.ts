import type { Edition } from '../pwpush/client';
import type { Push, PushInput, PushKind } from '../pwpush/types';
import type { Connection, PushDefaults, PushLimits } from '../settings';

/*
 * The words of a push, shared by the side that asks for it (the popup, the menus, the shortcut)
 * and the side that makes it (./share-push.ts), and carried between them (./relay/).
 */

/** What to push. Options left out take the saved defaults (options page). */
export interface ShareRequest extends Partial<Omit<PushInput, 'kind' | 'payload'>> {
  kind: PushKind;
  payload: string;
  /** The language the link opens in (`?locale=`), `''` for none; absent: the saved default. Not sent to the instance. */
  recipientLocale?: string;
}

/** The created push and the instance it lives on (the history records both). */
export interface SharedPush {
  push: Push;
  baseUrl: string;
  /** No answer said so, but a look on the instance proved this push to be the attempt's (docs/exactly-once.md). */
  recovered?: true;
  /** Copies the network made of this push (a request sent twice), expired. */
  twinsExpired?: number;
  /**
   * Pushes with the same secret and settings, found beside it, that were made by another request
   * (elsewhere, or before this one): left alone, and the person told two identical pushes exist.
   */
  identicalLeft?: number;
  /** The history should have kept it and its storage refused. */
  historyNotKept?: true;
  /**
   * The retrieval step was asked for and the answer says the push has none: the instance has it
   * switched off for this kind, and says so nowhere else (docs/password-pusher.md#defaults-and-limits).
   */
  retrievalStepRefused?: true;
}

/** What the caller read from storage already (the popup, when it opened): a push then reads nothing before its POST. */
export interface KnownSettings {
  connection: Connection;
  defaults: PushDefaults;
  /**
   * The organisation's ceilings and forced retrieval step as the caller read them, null when it read
   * no policy; when absent the policy is read here.
   */
  limits?: PushLimits | null;
  /** The instance's edition from the capabilities cache; when absent the cache is asked as usual. */
  edition?: Edition;
  /** Its release, from the same cache: which e-mail fields it takes (lib/pwpush/notify-emails.ts). */
  applicationVersion?: string;
  /** Whether the history keeps names and notes (lib/settings/privacy.ts); when absent the attempt's book reads it. */
  keepHistory?: boolean;
}

/** An earlier try of the same push that may have made it: the person pushes again (docs/exactly-once.md). */
export interface EarlierTry {
  attemptId: string;
  startedAt: number;
}
