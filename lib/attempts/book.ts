import type { Settled } from './claims';
import type { Push } from '../pwpush/types';
import type { PushAttempt, RecordDetails } from '../records';

/**
 * Where a push's attempt is kept while it is out and settled after (lib/attempts/attempts.ts,
 * lib/attempts/claims.ts): the background, which sends every push, writes it itself
 * (./local-book.ts); tests hand in one that keeps nothing. Every method resolves, never rejects.
 */
export interface AttemptBook {
  /**
   * Keeps the attempt before its request goes out; false when storage refused or stalled.
   * `keepHistory`: the history setting as the caller read it (lib/settings/privacy.ts); read here when absent.
   */
  begin(attempt: PushAttempt, keepHistory?: boolean): Promise<boolean>;
  /** Ends the attempt with the push it made (history entry when kept, claim): `failed` when storage refused. */
  settle(attemptId: string, baseUrl: string, push: Push, details: RecordDetails): Promise<Settled | 'failed'>;
  /** The instance refused the push: nothing was made. */
  forget(attemptId: string): Promise<void>;
  /** The request went out and its outcome is not known. */
  unknown(attemptId: string): Promise<void>;
  /** Of these tokens on `baseUrl`, those this browser does not know it made (or this attempt made). */
  eligible(baseUrl: string, attemptId: string, tokens: string[]): Promise<Set<string>>;
  /**
   * Whether another open attempt of this browser asked for the same, so that a copy proven to be
   * this attempt's could be that one's own: then no copy is expired. True when it cannot be told.
   */
  rivals(attempt: PushAttempt): Promise<boolean>;
}
