import type { Push } from '@/lib/pwpush/types';
import type { AfterPush } from '@/lib/share/relay/protocol';
import type { ShareContext } from '@/lib/share/share-failure';

// What a push from the form comes to, as the views (./views.tsx) draw it and the form
// (./push-submit.ts) hands it over: types only, so neither imports the other for them.

/** A push the form created, with what the link view says about it. */
export interface PushedResult {
  push: Push;
  baseUrl: string;
  /** Shown once in the link view; in memory only. */
  passphrase?: string;
  /** The person copied the passphrase from the form before pushing. */
  clipboardHoldsPassphrase?: boolean;
  requested: { expireAfterDays?: number; expireAfterViews?: number };
  /** No answer said so, but a look on the instance proved this push to be the one sent (docs/exactly-once.md). */
  recovered?: true;
  /** Copies of it the network made, expired by the look that found it. */
  twinsExpired?: number;
  /** Identical pushes made by another request, left alone (lib/share/share-push.ts). */
  identicalLeft?: number;
  historyNotKept?: true;
  /** The instance was asked to e-mail the link; its answer's echo (`push.emailedTo`) says whether it will. */
  emailAsked?: true;
  /** The retrieval step was asked for and the answer has none (lib/share/share-push.ts). */
  retrievalStepRefused?: true;
  /** Learned once the link shows: the history entry, and copies the network made (expired). */
  after?: Promise<AfterPush>;
}

/** What the form knows beside the failure: a rate limit's wait, what was pushed, with or without a token. */
export interface FailureContext extends ShareContext {
  holdSeconds?: number;
}
