import type { HttpError } from '../http';
import type { Page, Push, PushResult } from '../pwpush/types';
import { hasNextPage } from './rows';

/**
 * One walk through the account's Active list and then its Expired list, carried on from a cursor:
 * the Pushes page's state check (./state-refresh.ts) and the receipts watcher (lib/receipts/poll.ts)
 * each go on where they stopped, so a large account costs each of them a few pages a time, never
 * all of its pages at once. The lists are newest first (docs/password-pusher.md#lists), so Active
 * page 1 (what was just pushed) is read every time first. A walk stops when its caller has what it
 * looks for, when its requests run out, or when a round ends: from Active page 1 to Expired's last
 * page since `roundStartedAt`, which proves that a push made before that, met on no page, is in
 * neither list. Stopped midway, it reads its last page again next time: pages move up as pushes
 * leave the Active list, and a push moved up across the boundary must not be passed by.
 */

export type ListName = 'active' | 'expired';
export type ListFetcher = (page: number) => Promise<PushResult<Page<Push>>>;

/** Where the walk stands between two times: a list, a page and a time, never a push. */
export interface ListCursor {
  list: ListName;
  page: number;
  /** When the current round started at Active page 1. */
  roundStartedAt: number;
}

export interface WalkInput {
  lists: Record<ListName, ListFetcher>;
  cursor: ListCursor | null;
  now: number;
  /** Whether one more request may be made, after `requests` so far. */
  mayAsk(requests: number): boolean;
  /** Each page as it is read, Active page 1 first. */
  onPage(list: ListName, page: Page<Push>): void;
  /** Whether everything looked for was met: then the walk asks nothing more. */
  satisfied(): boolean;
}

export interface WalkOutcome {
  requests: number;
  /** Where the next walk goes on. */
  cursor: ListCursor;
  /** The start of the round that ended in this walk: a push recorded before it and met on no page since is in neither list. */
  endedRound?: number;
  /** The answer that ended the walk early (a 429, a network failure…): what was read before it counts. */
  failure?: HttpError;
}

export async function walkLists(input: WalkInput): Promise<WalkOutcome> {
  const { lists, now, mayAsk, onPage, satisfied } = input;
  let cursor = input.cursor ?? { list: 'active', page: 1, roundStartedAt: now };
  let requests = 0;
  // Pages read in this walk: the walk's Active page 1 is the one already read first.
  const read = new Map<string, Page<Push>>();
  const outcome = (failure?: HttpError): WalkOutcome => ({ requests, cursor, ...(failure && { failure }) });

  async function page(list: ListName, number: number): Promise<Page<Push> | { error: HttpError }> {
    const known = read.get(`${list} ${number}`);
    if (known) return known;
    requests += 1;
    const answer = await lists[list](number);
    if (!answer.ok) return { error: answer.error };
    read.set(`${list} ${number}`, answer.value);
    onPage(list, answer.value);
    return answer.value;
  }

  if (satisfied() || !mayAsk(requests)) return outcome();
  const newest = await page('active', 1);
  if ('error' in newest) return outcome(newest.error);
  let last: ListCursor | null = null;
  while (!satisfied() && (read.has(`${cursor.list} ${cursor.page}`) || mayAsk(requests))) {
    const answer = await page(cursor.list, cursor.page);
    if ('error' in answer) return outcome(answer.error);
    last = cursor;
    if (hasNextPage(answer)) cursor = { ...cursor, page: cursor.page + 1 };
    else if (cursor.list === 'active') cursor = { ...cursor, list: 'expired', page: 1 };
    else {
      const endedRound = cursor.roundStartedAt;
      cursor = { list: 'active', page: 1, roundStartedAt: now };
      return { ...outcome(), endedRound };
    }
  }
  if (!satisfied() && last && last.list === cursor.list && last.page > 1) cursor = last;
  return outcome();
}
