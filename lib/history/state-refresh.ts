import type { HttpError } from '../http';
import { hasNextPage, MAX_PAGE } from './push-lists';
import type { Page, Push, PushResult } from '../pwpush/types';
import { fail, ok, type Result } from '../result';

/**
 * Finds the current state of some pushes in the owner's Active and Expired lists with as few
 * requests as it can: a list is paged only while a wanted push is still missing and the list
 * may hold more. The server may send no pagination headers (2.11.4,
 * docs/password-pusher.md#lists): then a full page of 50 means "maybe more" and a shorter one the
 * end (`hasNextPage`). Most people's pushes are all on the first Active page (one request), or
 * the first of each list (two).
 */

export type ListFetcher = (page: number) => Promise<PushResult<Page<Push>>>;

export interface FoundStates {
  /** The listed pushes among those wanted, by token. */
  found: Map<string, Push>;
  /** How many list pages were asked for. */
  requests: number;
}

export async function findInLists(
  wanted: Iterable<string>,
  lists: { active: ListFetcher; expired: ListFetcher },
): Promise<Result<FoundStates, HttpError>> {
  const missing = new Set(wanted);
  const found = new Map<string, Push>();
  let requests = 0;
  for (const fetchPage of [lists.active, lists.expired]) {
    for (let page = 1; missing.size > 0 && page <= MAX_PAGE; page += 1) {
      requests += 1;
      const answer = await fetchPage(page);
      if (!answer.ok) return fail(answer.error);
      for (const push of answer.value.items) {
        if (!missing.delete(push.urlToken)) continue;
        found.set(push.urlToken, push);
      }
      if (!hasNextPage(answer.value)) break;
    }
  }
  return ok({ found, requests });
}
