import type { HttpError } from '../http';
import { PACE_MS, UNPACED_REQUESTS } from './pace';
import { hasNextPage } from './rows';
import type { Page, Push, PushResult } from '../pwpush/types';

/**
 * Finds the current state of this browser's pushes in the owner's Active and Expired lists within
 * a fixed budget per opening of the Pushes page. The lists are newest first
 * (docs/password-pusher.md#lists), so Active page 1 (what was just pushed) is read every time;
 * the rest is one walk through Active then Expired that each opening continues from a cursor,
 * paced under the throttle (./pace.ts). It stops as soon as every push it looks for is found.
 * A push that a whole round of the walk did not meet is not in the account's lists (pushed without
 * the token, or gone from the instance): it is no longer looked for, only matched when met.
 */

/** List requests per opening, whatever the account holds. */
export const MAX_LIST_REQUESTS = 10;

export type ListName = 'active' | 'expired';
export type ListFetcher = (page: number) => Promise<PushResult<Page<Push>>>;

/** Where the walk stands between openings: a list, a page and a time, never a push. */
export interface ListCursor {
  list: ListName;
  page: number;
  /** When the current round started at Active page 1. */
  roundStartedAt: number;
}

export interface WantedPush {
  urlToken: string;
  /** When this browser recorded it: a push recorded during a round may have been passed by it. */
  recordedAt?: number;
  /** When the lists last held it. */
  listedAt?: number;
  /** A round already missed it: matched when met, never searched for. */
  unlisted?: boolean;
}

export interface RefreshInput {
  wanted: readonly WantedPush[];
  lists: Record<ListName, ListFetcher>;
  cursor: ListCursor | null;
  now: number;
  sleep(ms: number): Promise<void>;
}

export interface RefreshOutcome {
  /** The wanted pushes met, by token: kept whatever ended the walk. */
  found: Map<string, Push>;
  requests: number;
  /** Where the next opening goes on. */
  cursor: ListCursor;
  /** Missed by a whole round that ended in this opening. */
  unlisted: string[];
  /** Looked for and not met this time. */
  notReached: string[];
  /** The answer that ended the walk early (a 429, a network failure…). */
  failure?: HttpError;
}

export async function refreshFromLists(input: RefreshInput): Promise<RefreshOutcome> {
  const { wanted, lists, now, sleep } = input;
  const sought = wanted.filter((push) => !push.unlisted).map((push) => push.urlToken);
  const matchable = new Set(wanted.map((push) => push.urlToken));
  const found = new Map<string, Push>();
  // Pages read in this opening: the walk's Active page 1 is the one already read first.
  const read = new Map<string, Page<Push>>();
  let cursor = input.cursor ?? { list: 'active', page: 1, roundStartedAt: now };
  let requests = 0;
  let unlisted: string[] = [];
  const missing = () => sought.filter((token) => !found.has(token));
  const outcome = (failure?: HttpError): RefreshOutcome => ({
    found,
    requests,
    cursor,
    unlisted,
    notReached: missing().filter((token) => !unlisted.includes(token)),
    ...(failure && { failure }),
  });

  async function page(list: ListName, number: number): Promise<Page<Push> | { error: HttpError }> {
    const known = read.get(`${list} ${number}`);
    if (known) return known;
    if (requests >= UNPACED_REQUESTS) await sleep(PACE_MS);
    requests += 1;
    const answer = await lists[list](number);
    if (!answer.ok) return { error: answer.error };
    read.set(`${list} ${number}`, answer.value);
    for (const push of answer.value.items) if (matchable.has(push.urlToken)) found.set(push.urlToken, push);
    return answer.value;
  }

  if (missing().length === 0) return outcome();
  const newest = await page('active', 1);
  if ('error' in newest) return outcome(newest.error);
  let last: ListCursor | null = null;
  while (missing().length > 0 && requests < MAX_LIST_REQUESTS) {
    const answer = await page(cursor.list, cursor.page);
    if ('error' in answer) return outcome(answer.error);
    last = cursor;
    if (hasNextPage(answer)) cursor = { ...cursor, page: cursor.page + 1 };
    else if (cursor.list === 'active') cursor = { ...cursor, list: 'expired', page: 1 };
    else {
      unlisted = missedByRound(wanted, found, cursor.roundStartedAt);
      cursor = { list: 'active', page: 1, roundStartedAt: now };
      return outcome();
    }
  }
  // Pages move up when pushes expire between openings: the next opening reads the last page again,
  // so a push moved up across the boundary is not passed by.
  if (missing().length > 0 && last && last.list === cursor.list && last.page > 1) cursor = last;
  return outcome();
}

function missedByRound(wanted: readonly WantedPush[], found: Map<string, Push>, roundStartedAt: number): string[] {
  return wanted
    .filter(
      (push) =>
        !push.unlisted &&
        !found.has(push.urlToken) &&
        (push.recordedAt ?? 0) < roundStartedAt &&
        !((push.listedAt ?? Number.NEGATIVE_INFINITY) >= roundStartedAt),
    )
    .map((push) => push.urlToken);
}
