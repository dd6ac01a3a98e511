import type { HttpError } from '../http';
import type { Push } from '../pwpush/types';
import { walkLists, type ListCursor, type ListFetcher, type ListName } from './list-walk';

/**
 * Finds the current state of this browser's pushes in the owner's Active and Expired lists within
 * a fixed budget per opening of the Pushes page: Active page 1 every time, then one walk through
 * both lists that each opening continues from a cursor (./list-walk.ts), its requests paced with
 * every other request to the instance (lib/pace/). It stops as soon as every push it looks for is
 * found. A push that a whole round of the walk did not meet is not in the account's lists (pushed
 * without the token, or gone from the instance): it is no longer looked for, only matched when met.
 */

export type { ListCursor, ListFetcher, ListName } from './list-walk';

/** List requests per opening, whatever the account holds. */
export const MAX_LIST_REQUESTS = 10;

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
  const { wanted, lists, now } = input;
  const sought = wanted.filter((push) => !push.unlisted).map((push) => push.urlToken);
  const matchable = new Set(wanted.map((push) => push.urlToken));
  const found = new Map<string, Push>();
  const missing = () => sought.filter((token) => !found.has(token));
  const walk = await walkLists({
    lists,
    cursor: input.cursor,
    now,
    mayAsk: (requests) => requests < MAX_LIST_REQUESTS,
    onPage: (_list, page) => {
      for (const push of page.items) if (matchable.has(push.urlToken)) found.set(push.urlToken, push);
    },
    satisfied: () => missing().length === 0,
  });
  const unlisted = walk.endedRound === undefined ? [] : missedByRound(wanted, found, walk.endedRound);
  return {
    found,
    requests: walk.requests,
    cursor: walk.cursor,
    unlisted,
    notReached: missing().filter((token) => !unlisted.includes(token)),
    ...(walk.failure && { failure: walk.failure }),
  };
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
