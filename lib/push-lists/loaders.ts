import { listHistory } from '@/lib/history/entries';
import { learnsSomething, saveListStates } from '@/lib/history/list-states';
import { readListCursor, saveListCursor } from '@/lib/push-lists/cursor';
import { sleep } from '@/lib/push-lists/pace';
import { readOne, type ReadEntry } from '@/lib/history/read-entries';
import { readHistoryPage } from '@/lib/history/read-page';
import { tryStorage } from '@/lib/history/storage';
import { applyHistorySettings } from '@/lib/history/policy';
import { countMessage, displayLocale, t } from '@/lib/i18n';
import { clampPage, PAGE_SIZE, rowFromHistory, rowFromPush, type PushRow } from '@/lib/push-lists/rows';
import { activePushes, expiredPushes } from '@/lib/pwpush/client';
import type { Explanation } from '@/lib/share/explain';
import type { Page, Push } from '@/lib/pwpush/types';
import { fail, ok, type Result } from '@/lib/result';
import { refreshFromLists } from '@/lib/push-lists/state-refresh';
import { explainPushesError } from './explain';

/** The configured instance and token; the token is `''` when none is set. */
export interface Connection {
  baseUrl: string;
  token: string;
  /** The commercial edition's chosen account: the lists are that account's (docs/password-pusher.md#accounts). */
  accountId?: string;
  accountName?: string;
}

/** A list page that failed; a 429 says how long the server asked to wait (docs/password-pusher.md#throttling). */
export interface ListFailure extends Explanation {
  retryAfterSeconds?: number;
}

/** `note`: what the person should know about the page beside its rows (records that could not be read). */
export type RowsResult = Result<Page<PushRow> & { note?: string }, ListFailure>;

/** One page of this browser's pushes (every instance), newest first. Needs no network at all. */
export async function loadHistoryPage(page: number): Promise<RowsResult> {
  // Storage trouble here shows below, when the list itself cannot be read.
  await applyHistorySettings().catch(() => undefined);
  const number = clampPage(page);
  const read = await tryStorage(() => readHistoryPage(number, PAGE_SIZE));
  if (!read.ok) return fail({ message: t('pushesHistoryFailed'), next: 'none' });
  const { entries, unreadable, more, total } = read.value;
  const note =
    unreadable > 0
      ? t(countMessage(unreadable, 'pushesUnreadableOne', 'pushesUnreadable'), new Intl.NumberFormat(displayLocale()).format(unreadable))
      : undefined;
  const items = entries.map(rowFromHistory);
  // Without a count (components/pushes/useHistoryTotal.ts adds it after the rows), a full page says more may follow.
  const totals = total === undefined ? { served: more ? PAGE_SIZE : items.length } : { total, totalPages: Math.ceil(total / PAGE_SIZE) };
  return ok({ items, page: number, perPage: PAGE_SIZE, ...totals, ...(note && { note }) });
}

/** The page's note beside its rows, if its loader gave one. */
export function pageNote(page: Page<PushRow> | null): string | undefined {
  return page && 'note' in page && typeof page.note === 'string' ? page.note : undefined;
}

/**
 * One page of the token owner's active or expired pushes. Pushes this browser made take their
 * kind and passphrase flag from the history, and the history learns their current state.
 * `onHistoryChanged` runs when it did.
 */
export async function loadServerPage(
  list: 'active' | 'expired',
  connection: Connection,
  page: number,
  onHistoryChanged: () => void,
): Promise<RowsResult> {
  const fetchList = list === 'active' ? activePushes : expiredPushes;
  const answer = await fetchList(connection, page);
  if (!answer.ok) {
    const failure: ListFailure = explainPushesError(answer.error, 'list', connection.token !== '', connection.accountName);
    if (answer.error.kind === 'rate-limited') failure.retryAfterSeconds = answer.error.retryAfterSeconds;
    return fail(failure);
  }
  const known = await historyOf(connection.baseUrl, answer.value.items);
  if (await syncHistory(connection.baseUrl, answer.value.items, known)) onHistoryChanged();
  const items = answer.value.items.map((push) => rowFromPush(connection.baseUrl, push, known.get(push.urlToken)));
  return ok({ ...answer.value, items });
}

/** What one opening's check learned: when, how many pushes it did not reach, and what stopped it early. */
export interface StatesChecked {
  at: number;
  notReached: number;
  failure?: Explanation;
}

/**
 * Asks the server's lists for the current state of this browser's pushes on the configured
 * instance (those not known to be expired: expiry is final, and not those pushed without a token,
 * which no list holds) within the budget of lib/push-lists/state-refresh.ts, and writes what it
 * learned to the history, also when a failure ended the walk early.
 */
export async function refreshHistoryStates(connection: Connection, now = Date.now()): Promise<StatesChecked> {
  const known = await historyByToken(connection.baseUrl);
  const wanted = [...known.values()]
    // A push made in another account of a commercial instance is in that account's lists, not these.
    .filter((entry) => !entry.expired && entry.withToken !== false && (!entry.accountId || entry.accountId === connection.accountId))
    .map((entry) => ({
      urlToken: entry.urlToken,
      recordedAt: entry.recordedAt,
      listedAt: entry.checkedVia === 'lists' ? entry.checkedAt : undefined,
      unlisted: entry.unlistedAt !== undefined,
    }));
  const cursor = await readListCursor(connection.baseUrl);
  const outcome = await refreshFromLists({
    wanted,
    lists: {
      active: (page) => activePushes(connection, page),
      expired: (page) => expiredPushes(connection, page),
    },
    cursor,
    now,
    sleep: (ms) => sleep(ms),
  });
  const { roundStartedAt } = outcome.cursor;
  const changed = [...outcome.found.values()].filter((push) => {
    const entry = known.get(push.urlToken);
    return entry !== undefined && learnsSomething(entry, push, now, roundStartedAt);
  });
  // A write of storage.local wakes every listener of it: only when the walk moved.
  const moved = JSON.stringify(outcome.cursor) !== JSON.stringify(cursor);
  await Promise.all([
    saveListStates(connection.baseUrl, changed, outcome.unlisted, now),
    moved ? saveListCursor(connection.baseUrl, outcome.cursor) : undefined,
  ]);
  const checked: StatesChecked = { at: now, notReached: outcome.notReached.length };
  if (outcome.failure) checked.failure = explainPushesError(outcome.failure, 'list', true, connection.accountName);
  return checked;
}

/** The entries of the pushes a list page shows, each by its key: a page costs the same at any history size. */
async function historyOf(baseUrl: string, pushes: Push[]): Promise<Map<string, ReadEntry>> {
  const entries = await tryStorage(() => Promise.all(pushes.map((push) => readOne(baseUrl, push.urlToken))));
  // Without the history the server's rows still show, only less is known about them.
  return new Map(entries.ok ? entries.value.filter((entry) => entry !== null).map((entry) => [entry.urlToken, entry]) : []);
}

async function historyByToken(baseUrl: string): Promise<Map<string, ReadEntry>> {
  const entries = await listHistory({ baseUrl });
  // Without the history the server's rows still show, only less is known about them.
  return new Map(entries.ok ? entries.value.map((entry) => [entry.urlToken, entry]) : []);
}

/** Refreshes the history entries of listed pushes whose state the server reports differently. */
async function syncHistory(baseUrl: string, pushes: Push[], known: Map<string, ReadEntry>, now = Date.now()): Promise<boolean> {
  const changed = pushes.filter((push) => {
    const entry = known.get(push.urlToken);
    return entry !== undefined && learnsSomething(entry, push, now);
  });
  const written = await saveListStates(baseUrl, changed, [], now);
  return written.ok && written.value > 0;
}
