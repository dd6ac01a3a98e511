import type { CheckedVia } from './history/push-state';
import type { PushKind } from './pwpush/types';

/**
 * The records the extension keeps in IndexedDB (lib/db.ts), apart from the airports' caches: this
 * browser's pushes (lib/history/entries.ts), the pushes it is sending or may have made
 * (lib/attempts/attempts.ts) and its claims on them (lib/attempts/claims.ts). Types only, in a
 * module of their own, so that the database and the modules that read and write it import them
 * without importing each other. Never a key, token, payload or passphrase.
 */

/** One push this browser made, in the history: links and settings, never a payload or passphrase. */
export interface HistoryEntry {
  /** The instance the push lives on, e.g. `https://pwpush.example` (no trailing slash). */
  baseUrl: string;
  urlToken: string;
  /**
   * The link exactly as the server returned it (it carries `/r` for a retrieval step); `''` once the
   * push is known to be expired: a dead link is worth nothing, and a revived instance must not make it live again.
   */
  htmlUrl: string;
  kind: PushKind;
  /** The owner's label (`''` when none) and note (absent when none), as the server last gave them. */
  name: string;
  note?: string;
  /**
   * The name as the person typed it in this browser, kept apart from the server's copy (`name`,
   * replaced by every list): what a notification names the push by (lib/receipts/receipt-text.ts).
   */
  ownName?: string;
  /** The server's `created_at` (ISO 8601). */
  createdAt: string;
  /** `Date.now()` when this browser recorded the push: the list order. */
  recordedAt: number;
  /** `Date.now()` when the server last told the remaining days and views. */
  checkedAt: number;
  /** Which answer that was (absent in entries recorded before it was kept: read as `created`). */
  checkedVia?: CheckedVia;
  /** `Date.now()` when this browser retrieved the push through "Open a secret link". */
  openedHereAt?: number;
  /** Whether it was pushed with an API token (absent in entries recorded before it was kept). */
  withToken?: boolean;
  /** The commercial edition's account it was pushed in (docs/password-pusher.md#accounts); absent on OSS. */
  accountId?: string;
  /** When a whole round through the account's lists missed it (lib/push-lists/state-refresh.ts). */
  unlistedAt?: number;
  /** A file push's file names, to tell it apart when it has no name. */
  fileNames?: string[];
  expireAfterDays: number;
  expireAfterViews: number;
  /** `null` for URL pushes, which only the owner can expire. */
  deletableByViewer: boolean | null;
  retrievalStep: boolean;
  /** Whether a passphrase was set; never the passphrase. */
  passphraseProtected: boolean;
  expired: boolean;
  /** The server's `expired_on`, or when this browser learned of the expiry. */
  expiredAt?: string;
  /** When it expired, in ms: the sweep's key, present only once expired (lib/history/sweep-key.ts). */
  expiredSince?: number;
  /** The key of the open pushes' index, present only while not known to be expired (lib/history/open-key.ts). */
  openKey?: OpenKey;
  /**
   * Last known (at `checkedAt`); the server does not zero them on expiry
   * (docs/password-pusher.md#push-json).
   */
  daysRemaining: number;
  viewsRemaining: number;
}

/**
 * `[baseUrl, lane, account, recordedAt]`: `lists` when the account's lists can hold the push (pushed
 * with a token), `link` when only its link reaches it; the account `''` when none (lib/history/open-key.ts).
 */
export type OpenKey = [string, 'lists' | 'link', string, number];

/** What the history keeps of a push beside the server's answer: never the passphrase, only whether there was one. */
export interface RecordDetails {
  kind: PushKind;
  passphraseProtected: boolean;
  /** Pushed with an API token: only then can the account's lists hold it (docs/password-pusher.md#lists). */
  withToken?: boolean;
  /** The commercial edition's account it was pushed in: only that account's lists hold it. */
  accountId?: string;
  /** A file push's file names (never their contents): they tell it apart when it has no name. */
  fileNames?: string[];
  /** The name the person typed, if any (the history's `ownName`). */
  ownName?: string;
}

/** `sending`: the request is out. `unknown`: it went out and no answer said what became of it. */
export type AttemptState = 'sending' | 'unknown';

/** What the person asked for, as sent; a missing option took the instance's default. */
export interface RequestedPush {
  expireAfterDays?: number;
  expireAfterViews?: number;
  deletableByViewer?: boolean;
  retrievalStep?: boolean;
  /** Whether a passphrase was set; never the passphrase. */
  passphraseProtected: boolean;
  name?: string;
  note?: string;
  /** A file push's file names, as chosen. */
  fileNames?: string[];
  /**
   * With the history off, instead of the name and note: their SHA-256 digest (lib/attempts/kept-form.ts),
   * and a file push's number of files instead of their names.
   */
  labelsDigest?: string;
  fileCount?: number;
}

/** A push this browser is sending, or sent without learning its outcome (lib/attempts/attempts.ts). */
export interface PushAttempt {
  /** Made by the side that sends (a random UUID). */
  id: string;
  /** The instance, without a trailing slash. */
  baseUrl: string;
  /** `Date.now()` just before the request was sent. */
  startedAt: number;
  kind: PushKind;
  /** The instance's edition: a commercial one rounds days (docs/password-pusher.md#commercial-edition). */
  edition?: string;
  requested: RequestedPush;
  state: AttemptState;
}

/** A push this browser knows it made, and the attempt that made it (lib/attempts/claims.ts). */
export interface Claim {
  /** Hex SHA-256 of `<baseUrl> <urlToken>`. */
  digest: string;
  attemptId: string;
  /** `Date.now()` when claimed. */
  at: number;
}
