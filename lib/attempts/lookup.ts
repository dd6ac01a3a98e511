import type { HttpError } from '../http';
import { activePushes, retrievePush } from '../pwpush/client';
import type { ClientConfig, Push } from '../pwpush/types';
import { fail, ok, type Result } from '../result';
import { listedAsSent, proofWindow, sameContent, type LiveAttempt } from './proof';

/**
 * Finds, on the instance, the pushes an attempt provably made (./proof.ts): the owner's Active list
 * pages that cover the attempt's window, then one owner read per candidate, never more (its verdict
 * is kept for the attempt's later looks). A small, bounded number of requests, far under Password
 * Pusher's throttle (docs/password-pusher.md#throttling).
 */

/** A window of minutes never holds more pushes than this many pages (50 a page, docs/password-pusher.md#lists). */
export const MAX_LIST_PAGES = 4;

export interface LookupDeps {
  /** The instance and the owner's token. */
  cfg: ClientConfig;
  /** Of these tokens, the pushes this browser does not know it made (lib/attempts/claims.ts). */
  eligible(tokens: string[]): Promise<Set<string>>;
  now?: () => number;
}

/** What the owner's read of each candidate showed, by token: the attempt's own content or not. */
export type Verdicts = Map<string, boolean>;

/** The pushes this attempt made, oldest first; a failure when the instance could not be asked. */
export async function findAttemptPushes(attempt: LiveAttempt, deps: LookupDeps, verdicts: Verdicts): Promise<Result<Push[], HttpError>> {
  const now = deps.now ?? Date.now;
  const window = proofWindow(attempt, now());
  const read = await activeSince(deps.cfg, window.from);
  if (!read.ok) return read;
  const listed = read.value;
  const named = attempt.answered?.push.urlToken;
  const sent = listed.filter((push) => push.urlToken === named || listedAsSent(push, attempt, window));
  const eligible = sent.length > 0 ? await deps.eligible(sent.map((push) => push.urlToken)) : new Set<string>();
  const proven: Push[] = [];
  for (const push of sent) {
    if (push.urlToken !== named && !eligible.has(push.urlToken)) continue;
    const verdict = push.urlToken === named ? true : await readVerdict(attempt, push, deps.cfg, verdicts);
    if (typeof verdict !== 'boolean') return fail(verdict);
    if (verdict) proven.push(push);
  }
  return ok(proven.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)));
}

/** The owner's active pushes from the newest back to `from` (server time): the list pages that cover it. */
export async function activeSince(cfg: ClientConfig, from: number): Promise<Result<Push[], HttpError>> {
  const listed: Push[] = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const answer = await activePushes(cfg, page);
    if (!answer.ok) return fail(answer.error);
    const { items, perPage } = answer.value;
    listed.push(...items);
    // Newest first: once a page reaches past `from`, older pages hold nothing after it.
    const oldest = items.at(-1);
    if (items.length < perPage || !oldest || Date.parse(oldest.createdAt) < from) break;
  }
  return ok(listed);
}

/**
 * The owner's read of a candidate counts no view (`owner_view`, docs/password-pusher.md#show). It
 * sends the attempt's passphrase, which the list showed the candidate has, so it is no failed try.
 */
async function readVerdict(attempt: LiveAttempt, push: Push, cfg: ClientConfig, verdicts: Verdicts): Promise<boolean | HttpError> {
  const known = verdicts.get(push.urlToken);
  if (known !== undefined) return known;
  const read = await retrievePush(cfg, push.urlToken, attempt.input.passphrase || undefined);
  // Gone, or refused to its owner: it cannot be shown to be this attempt's.
  if (!read.ok && !['not-found', 'unauthorized', 'forbidden'].includes(read.error.kind)) return read.error;
  const verdict = read.ok && sameContent(read.value, attempt.input);
  verdicts.set(push.urlToken, verdict);
  return verdict;
}
