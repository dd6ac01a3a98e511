import type { Result } from '../../result';
import type { ShareFailure } from '../share-failure';
import type { EarlierTry, KnownSettings, ShareRequest, SharedPush } from '../share-push';

/**
 * The messages on the port between the popup and the background (./push-in-background.ts, ./book.ts,
 * ./background.ts). The background takes them from this extension's own pages only.
 */

/** The port's name. */
export const PUSH_PORT = 'push:share';

/** The book's calls a page may hand over (lib/attempts/book.ts). */
export type BookCall = 'begin' | 'settle' | 'forget' | 'unknown' | 'eligible' | 'rivals';

/** What is known once a push's link was handed over: its history entry, and copies of it. */
export interface AfterPush {
  historyNotKept: boolean;
  twinsExpired: number;
}

/** Popup → background. */
export type PushRelayRequest =
  /** One push, with the settings the popup read when it opened and the attempt's id it made. */
  | { type: 'push'; id: number; attemptId: string; request: ShareRequest; known: KnownSettings; earlier?: EarlierTry }
  /** Look for the push of an attempt the background stopped with out (the popup still has the request). */
  | { type: 'look'; id: number; earlier: EarlierTry; request: ShareRequest; known: KnownSettings }
  /** A write or a read of the attempts, for a push the popup sends itself (a file). */
  | { type: 'book'; id: number; call: BookCall; args: unknown[] };

/** Background → popup. */
export type PushRelayReply =
  | { type: 'ready' }
  /** No answer came: the instance is being looked at (up to half a minute). */
  | { type: 'looking'; id: number }
  | { type: 'pushed'; id: number; result: Result<SharedPush, ShareFailure> }
  /** After a `pushed` link: whether the history kept it, and how many copies the network made of it were expired. */
  | { type: 'after'; id: number; after: AfterPush }
  | { type: 'booked'; id: number; result: unknown };
