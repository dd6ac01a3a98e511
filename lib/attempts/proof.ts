import type { Edition } from '../pwpush/client';
import { listedPassphrase } from '../pwpush/listed-passphrases';
import type { Push, PushInput, RetrievedPush } from '../pwpush/types';

/**
 * When a push on the instance is provably the one an attempt made (docs/exactly-once.md, where
 * the argument is written out): created in the attempt's window, listed with the settings, labels
 * and passphrase it sent, and read back by its owner with the same payload and file names. The
 * payload and the passphrase are in the memory of the side that sent them, never stored: an
 * attempt whose sender is gone can no longer prove anything.
 */

/** The instance's clock is not ours: without an answer to measure it by, a push counts within this margin. */
export const CLOCK_MARGIN_MS = 2 * 60_000;
/** `created_at` has milliseconds (docs/password-pusher.md#ids-and-timestamps); this absorbs rounding on either side. */
const ROUNDING_MS = 1_000;

/** An attempt as the side that sent it holds it: with the payload and the passphrase, in memory only. */
export interface LiveAttempt {
  id: string;
  baseUrl: string;
  /** `Date.now()` just before the request was sent. */
  startedAt: number;
  input: PushInput;
  edition: Edition;
  /** The push the create's answer named, and `Date.now()` when that answer came. */
  answered?: { push: Push; at: number };
}

/** Server times (epoch ms) between which a push of this attempt was created. */
export interface ProofWindow {
  from: number;
  to: number;
}

/**
 * Without an answer: from 2 minutes before the start to 2 minutes after now. With one, the push it
 * named measures the server's clock: it was made between the request leaving and the answer
 * arriving, so any copy the network made was made between `created − (answer − start)` and
 * `created + (now − start)` on the server's clock, whatever its offset.
 */
export function proofWindow(attempt: LiveAttempt, now: number): ProofWindow {
  const named = attempt.answered ? Date.parse(attempt.answered.push.createdAt) : Number.NaN;
  if (!attempt.answered || Number.isNaN(named)) return { from: attempt.startedAt - CLOCK_MARGIN_MS, to: now + CLOCK_MARGIN_MS };
  return {
    from: named - (attempt.answered.at - attempt.startedAt) - ROUNDING_MS,
    to: named + (now - attempt.startedAt) + ROUNDING_MS,
  };
}

/**
 * Whether a listed push has the settings this attempt sent. The API never says the kind
 * (docs/password-pusher.md#push-json).
 */
export function sameSettings(push: Push, input: PushInput, edition: Edition): boolean {
  // A commercial instance rounds days to its duration codes: days tell nothing there
  // (docs/password-pusher.md#commercial-edition).
  if (edition !== 'commercial' && input.expireAfterDays !== undefined && push.expireAfterDays !== input.expireAfterDays) return false;
  if (input.expireAfterViews !== undefined && push.expireAfterViews !== input.expireAfterViews) return false;
  if (input.retrievalStep !== undefined && push.retrievalStep !== input.retrievalStep) return false;
  // URL pushes are never deletable by viewers: the server stores null.
  const deletable = input.kind === 'url' ? null : input.deletableByViewer;
  if (deletable !== undefined && push.deletableByViewer !== deletable) return false;
  return sameText(push.name ?? '', input.name ?? '', input) && sameText(push.note ?? '', input.note ?? '', input);
}

/** A push from the owner's list created in `window`, with this attempt's settings, labels and passphrase. */
export function listedAsSent(push: Push, attempt: LiveAttempt, window: ProofWindow): boolean {
  const created = Date.parse(push.createdAt);
  if (Number.isNaN(created) || created < window.from || created > window.to) return false;
  // Only a list shows the passphrase (docs/password-pusher.md#lists); an expired push's is gone.
  const passphrase = listedPassphrase(push);
  if (typeof passphrase !== 'string' || passphrase !== (attempt.input.passphrase ?? '')) return false;
  return sameSettings(push, attempt.input, attempt.edition);
}

/** The owner's read of a push (it counts no view, docs/password-pusher.md#show) holds this attempt's payload and files. */
export function sameContent(read: RetrievedPush, input: PushInput): boolean {
  if (read.expired) return false;
  if (!sameText(read.payload ?? '', input.payload, input)) return false;
  const sent = (input.kind === 'file' ? (input.files ?? []) : []).map((file) => storedName(file.name)).sort();
  const kept = read.files.map((file) => storedName(file.filename)).sort();
  return sent.length === kept.length && sent.every((name, index) => name === kept[index]);
}

/**
 * A file push's text fields go as multipart, which turns every line break into CRLF (lib/pwpush/client.ts);
 * JSON pushes arrive exactly as sent.
 */
function sameText(stored: string, sent: string, input: PushInput): boolean {
  if (input.kind !== 'file') return stored === sent;
  const lines = (text: string) => text.replace(/\r\n?/g, '\n');
  return lines(stored) === lines(sent);
}

/** The name Active Storage keeps for a file (docs/exactly-once.md): trimmed, and a few characters turned into "-". */
function storedName(name: string): string {
  return name.trim().replace(/[\u202E%$|:;/\t\r\n\\]/g, '-');
}

/**
 * Of the other proven pushes of an attempt, those that are copies the network made of the one kept,
 * and those that cannot be shown to be (docs/exactly-once.md#twins). A copy is this attempt's own
 * request, sent again by the network while it was out, so it reached the instance after the attempt
 * began and before its answer came. Only an answer says when that was on the server's clock: the
 * push it named was made then, so a copy lies within the request's round trip of it. Without an
 * answer the instance's clock is not known, and a push made elsewhere with the same token just
 * before this attempt began cannot be told from a copy: none is.
 */
export function networkCopies(kept: Push, others: readonly Push[], attempt: LiveAttempt): { copies: Push[]; apart: Push[] } {
  const named = attempt.answered;
  const keptAt = Date.parse(kept.createdAt);
  const copies: Push[] = [];
  const apart: Push[] = [];
  for (const push of others) {
    const gap = Math.abs(Date.parse(push.createdAt) - keptAt);
    const copy = named?.push.urlToken === kept.urlToken && gap <= named.at - attempt.startedAt + ROUNDING_MS;
    (copy ? copies : apart).push(push);
  }
  return { copies, apart };
}
