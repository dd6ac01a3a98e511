import type { SecretRequest } from '../pwpush/types';
import { storage } from '../settings/storage-item';

/**
 * The requests made in this browser ("Request a secret", docs/password-pusher.md#requests-request-a-secret)
 * that the receipts watcher asks about until they close: on which instance and in which account,
 * their token, a label, and how many answers were already told. No secret: an answer's content is
 * never read here, only counted.
 */
export interface WatchedRequest {
  baseUrl: string;
  /** The commercial edition's account it was made in; its list is the one that holds it. */
  accountId?: string;
  urlToken: string;
  /** Its name, or the start of what it asks. */
  label: string;
  /** The server's `created_at` (ISO 8601). */
  createdAt: string;
  /** Answers already told. */
  answersSeen: number;
}

/** An answer just learned of: what the notification says. */
export interface RequestReceipt {
  urlToken: string;
  label: string;
  /** When it came, by the server's clock. */
  at: string;
  /** Answers the request has now. */
  answers: number;
  /** No more answers are taken. */
  closed: boolean;
}

export const watchedRequests = /* @__PURE__ */ storage.defineItem<WatchedRequest[]>('local:watchedRequests', {
  fallback: [],
  version: 1,
});

const LABEL_CHARS = 60;

/** What a request is called in its receipt: its name, else the start of what it asks. */
export function requestLabel(request: Pick<SecretRequest, 'name' | 'text'>): string {
  const name = request.name.trim();
  if (name) return name;
  const chars = Array.from(request.text.trim().replace(/\s+/g, ' '));
  return chars.length <= LABEL_CHARS ? chars.join('') : `${chars.slice(0, LABEL_CHARS - 1).join('')}…`;
}

/** Starts watching a request just made. */
export async function watchRequest(baseUrl: string, request: SecretRequest, accountId?: string): Promise<void> {
  const watched = await watchedRequests.getValue();
  const entry: WatchedRequest = {
    baseUrl,
    urlToken: request.urlToken,
    label: requestLabel(request),
    createdAt: request.createdAt,
    answersSeen: 0,
  };
  if (accountId) entry.accountId = accountId;
  await watchedRequests.setValue([...watched.filter((known) => known.urlToken !== request.urlToken || known.baseUrl !== baseUrl), entry]);
}

export interface RequestPollOutcome {
  receipts: RequestReceipt[];
  /** The watched requests of this instance and account after the poll; closed ones and those no longer listed are dropped. */
  still: WatchedRequest[];
}

/**
 * Compares the first page of the account's requests with what was told before: each new answer is a
 * receipt; a closed request, or one no longer on the first page (older than the newest 50), is no
 * longer watched. Pure.
 */
export function compareRequests(watched: readonly WatchedRequest[], listed: readonly SecretRequest[]): RequestPollOutcome {
  const byToken = new Map(listed.map((request) => [request.urlToken, request]));
  const receipts: RequestReceipt[] = [];
  const still: WatchedRequest[] = [];
  for (const entry of watched) {
    const request = byToken.get(entry.urlToken);
    if (!request) continue;
    const answers = request.answers.length;
    if (answers > entry.answersSeen) {
      const newest = request.answers.at(-1);
      receipts.push({ urlToken: entry.urlToken, label: entry.label, at: newest?.createdAt ?? '', answers, closed: request.expired });
    }
    if (!request.expired) still.push({ ...entry, answersSeen: Math.max(entry.answersSeen, answers) });
  }
  return { receipts, still };
}
