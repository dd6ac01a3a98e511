import { hasNextPage } from '@/lib/push-lists/rows';
import type { Page } from '@/lib/pwpush/types';
import type { Result } from '@/lib/result';
import type { ListFailure } from './loaders';

/**
 * "Search all pages" of a server list without the UI: the pages one after another, bounded,
 * keeping what matched so far whatever ends the search. Each page's request takes its turn in the
 * instance's pace (lib/pace/) as the person's own action.
 */

/** At most 20 pages (1,000 pushes) per search: beyond that the person pages by hand. */
export const SEARCH_MAX_PAGES = 20;
/** A 429 is waited out at most this often, and only when its Retry-After is this short. */
export const MAX_RATE_LIMIT_WAITS = 3;
export const MAX_RETRY_AFTER_SECONDS = 120;

export interface Found<T> {
  item: T;
  page: number;
}

export interface SearchProgress<T> {
  /** The page being asked for. */
  page: number;
  /** The last page the search will ask for, when the server says how many there are. */
  lastPage?: number;
  /** Set while a 429's Retry-After is waited out. */
  waitingSeconds?: number;
  found: Found<T>[];
  /** How many items were looked at. */
  searched: number;
}

export type SearchEnd =
  | { reason: 'complete' }
  /** Page `page` was the last one the bound allows, and more may follow. */
  | { reason: 'bound'; page: number }
  | { reason: 'stopped'; page: number }
  | { reason: 'failed'; page: number; failure: ListFailure };

export interface SearchOutcome<T> {
  found: Found<T>[];
  searched: number;
  /** The last page searched in full. */
  pages: number;
  end: SearchEnd;
}

export interface SearchOptions<T> {
  load(page: number): Promise<Result<Page<T>, ListFailure>>;
  matches(item: T): boolean;
  /** The page already on screen: not asked for again. */
  known?: Page<T>;
  signal: AbortSignal;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  onProgress(progress: SearchProgress<T>): void;
}

export async function searchPages<T>(options: SearchOptions<T>): Promise<SearchOutcome<T>> {
  const { load, matches, known, signal, sleep, onProgress } = options;
  const found: Found<T>[] = [];
  let searched = 0;
  let waits = 0;
  let lastPage: number | undefined = known?.totalPages !== undefined ? Math.min(known.totalPages, SEARCH_MAX_PAGES) : undefined;
  const outcome = (pages: number, end: SearchEnd): SearchOutcome<T> => ({ found, searched, pages, end });

  for (let number = 1; ; ) {
    if (signal.aborted) return outcome(number - 1, { reason: 'stopped', page: number - 1 });
    onProgress({ page: number, lastPage, found: [...found], searched });
    let page: Page<T>;
    if (known && known.page === number) {
      page = known;
    } else {
      // Stop answers at once: the request in flight is left to finish, its answer unused.
      const answer = await Promise.race([load(number), aborted(signal)]);
      if (answer === null || signal.aborted) return outcome(number - 1, { reason: 'stopped', page: number - 1 });
      if (!answer.ok) {
        const seconds = answer.error.retryAfterSeconds;
        if (seconds !== undefined && seconds <= MAX_RETRY_AFTER_SECONDS && waits < MAX_RATE_LIMIT_WAITS) {
          waits += 1;
          onProgress({ page: number, lastPage, waitingSeconds: seconds, found: [...found], searched });
          await sleep(seconds * 1_000, signal);
          continue;
        }
        return outcome(number - 1, { reason: 'failed', page: number, failure: answer.error });
      }
      page = answer.value;
    }
    if (page.totalPages !== undefined) lastPage = Math.min(page.totalPages, SEARCH_MAX_PAGES);
    searched += page.items.length;
    for (const item of page.items) if (matches(item)) found.push({ item, page: number });
    if (!hasNextPage(page)) return outcome(number, { reason: 'complete' });
    if (number >= SEARCH_MAX_PAGES) return outcome(number, { reason: 'bound', page: number });
    number += 1;
  }
}

function aborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(null);
    else signal.addEventListener('abort', () => resolve(null), { once: true });
  });
}
