import type { Settled } from '../../attempts/claims';
import type { Push } from '../../pwpush/types';
import type { RecordDetails } from '../../records';
import type { Result } from '../../result';
import type { NoAnswer, ShareFailure } from '../share-failure';
import type { EarlierTry, KnownSettings, ShareRequest, SharedPush } from '../share-request';
import type { FileHeader, SentFiles } from './files';

/**
 * The messages on the port between the popup and the background (./push-in-background.ts,
 * ./settle.ts, ./background.ts). The background takes them from this extension's own pages only.
 * A request never carries its `files`: the push message says how they come (./files.ts).
 */

/** The port's name. */
export const PUSH_PORT = 'push:share';

/** What is known once a push's link was handed over: its history entry, and copies of it. */
export interface AfterPush {
  historyNotKept: boolean;
  twinsExpired: number;
}

/** Popup → background. */
export type PushRelayRequest =
  /** One push, with the settings the popup read when it opened and the attempt's id it made. */
  | ({ type: 'push'; id: number; attemptId: string; request: ShareRequest; known: KnownSettings; earlier?: EarlierTry } & (
      | SentFiles
      | { files?: undefined }
    ))
  /** The person's "Cancel upload" of file push `id`. */
  | { type: 'cancel'; id: number }
  /** Look for the push of an attempt the background stopped with out (the popup still has the request; a file push's names only). */
  | { type: 'look'; id: number; earlier: EarlierTry; request: ShareRequest; known: KnownSettings; files?: FileHeader[] }
  /** Settle a push whose link came back and whose background stopped before it said it had settled it. */
  | { type: 'settle'; id: number; attemptId: string; baseUrl: string; push: Push; details: RecordDetails };

/** Background → popup. */
export type PushRelayReply =
  | { type: 'ready' }
  /** No answer came (`cause`: what came instead): the instance is being looked at (up to half a minute). */
  | { type: 'looking'; id: number; cause?: NoAnswer }
  | { type: 'pushed'; id: number; result: Result<SharedPush, ShareFailure> }
  /** After a `pushed` link: whether the history kept it, and how many copies the network made of it were expired. */
  | { type: 'after'; id: number; after: AfterPush }
  | { type: 'settled'; id: number; result: Settled | 'failed' };
