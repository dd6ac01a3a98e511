import { browser } from 'wxt/browser';
import { paintBadge } from '../badge';
import { HISTORY_CHANNEL } from '../history/changes';
import { updateFromServer } from '../history/entries';
import { openListedEntries } from '../history/open-entries';
import { tryStorage } from '../history/storage';
import { activePushes, auditLog, expiredPushes } from '../pwpush/client';
import { isRunning, lockdownState } from '../lockdown/store';
import { getConnection, receiptsOn, receiptsUnwatched } from '../settings';
import { classifyViewer } from './classify-viewer';
import { pacerFor } from '../pace/instance-pacers';
import type { Priority } from '../pace/pacer';
import { paceOf } from '../pace/request-pace';
import { answerReceiptMessages } from './link-answers';
import { listenForReceiptClicks, notifyReceipts } from './notify-receipts';
import { withOwnExpiries } from './own-expiries';
import { poll, type PollOutcome } from './poll';
import type { ReadEntry } from '../history/read-entries';
import { failureAfter, MAX_REQUESTS_PER_MINUTE, MAX_REQUESTS_PER_POLL, MINUTE_MS, nextPollAt } from './schedule';
import { KEPT_RECEIPTS, readState, receiptsState, type ReceiptsState } from './state';
import { entryIdOf, watchedPushes } from './watch-list';

/**
 * The receipts watcher's wiring in the background: one alarm, set only while a watched push is
 * active; each alarm runs one poll (lib/receipts/poll.ts) and sets the next from the schedule.
 * Everything a poll needs is in storage, so a service worker stopped between two alarms loses nothing.
 */

export const RECEIPTS_ALARM = 'pushgate-receipts';
const SAFETY_MS = 5 * MINUTE_MS;

/** Listeners, in the background's first turn: an event that woke the worker reaches only those. */
export function registerReceipts(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RECEIPTS_ALARM) void pollReceipts();
  });
  listenForReceiptClicks();
  answerReceiptMessages(() => pollNow());
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && 'receiptsSeenAt' in changes) void showBadge();
    if (
      'receiptsOn' in changes ||
      'receiptsUnwatched' in changes ||
      'apiToken' in changes ||
      'instanceUrl' in changes ||
      'accountChoice' in changes
    )
      void reschedule();
  });
  // A second channel object of the worker's own: the history posts on its shared one (lib/history/changes.ts),
  // and a channel never hears itself, so this is how the worker learns of a push it just recorded.
  if (typeof BroadcastChannel === 'function') {
    new BroadcastChannel(HISTORY_CHANNEL).addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { change?: unknown } | null)?.change === 'recorded') void reschedule();
    });
  }
}

interface Setup {
  baseUrl: string;
  token: string;
  /** The commercial edition's chosen account: polls read its lists (docs/password-pusher.md#accounts). */
  accountId?: string;
}

/** The instance and its token when receipts are on and a token is saved; else no poll at all. */
async function setup(): Promise<Setup | null> {
  const [connection, on] = await Promise.all([getConnection(), receiptsOn.getValue()]);
  if (!on || !connection?.token) return null;
  const found: Setup = { baseUrl: connection.baseUrl, token: connection.token };
  if (connection.accountId) found.accountId = connection.accountId;
  return found;
}

/** The open pushes the account's lists may hold, from the open pushes' index (lib/history/open-key.ts): never the whole history. */
async function watched(found: Setup, state: ReceiptsState) {
  const [history, unwatched] = await Promise.all([
    tryStorage(() => openListedEntries(found.baseUrl, found.accountId)),
    receiptsUnwatched.getValue(),
  ]);
  const entries = history.ok ? history.value : [];
  return { entries, ...watchedPushes(entries, state, unwatched, found.baseUrl, found.accountId) };
}

/** Sets the alarm when a watched push is active and none is set (a new push, receipts turned on), clears it otherwise. */
export async function reschedule(now = Date.now()): Promise<void> {
  const found = await setup();
  const state = await readState();
  const list = found ? await watched(found, state) : null;
  if (!list || list.pushes.length === 0) {
    await browser.alarms.clear(RECEIPTS_ALARM);
    return;
  }
  if (await browser.alarms.get(RECEIPTS_ALARM)) return;
  // Counted from now, not from the last poll: a push made after hours of quiet is first asked about in a minute.
  const when = nextPollAt({ now, watchedCreatedAt: list.createdAt, failure: state.failure });
  if (when !== null) await browser.alarms.create(RECEIPTS_ALARM, { when });
}

let running: Promise<void> | null = null;

/**
 * One poll, then the next alarm; a poll already running is joined, not doubled. `priority`: its
 * place in the instance's pace (lib/pace/pacer.ts), last unless a page the person looks at asked for it.
 */
export function pollReceipts(priority: Extract<Priority, 'receipts' | 'person'> = 'receipts'): Promise<void> {
  running ??= runPoll(priority)
    // Storage or the notifications API refused: the next alarm must still be there.
    .catch(() => reschedule())
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * A poll at once, asked by the Pushes page or the popup's link view when it saw a view the watcher
 * has not put into words (who opened it), so that it says "opened by a link preview" instead of
 * "opened" for up to a minute. Within the same budget as the alarm's polls (./schedule.ts): after
 * the last poll's requests were spread over 1/20ths of a minute, and not before a failure's wait
 * ends; else the alarm is brought forward to the first time allowed. True when it polled. Its
 * requests take the person's turn in the instance's pace: the person is looking at the answer.
 */
export async function pollNow(now = Date.now()): Promise<boolean> {
  const state = await readState();
  const ceiling = state.lastPollAt === undefined ? 0 : state.lastPollAt + ((state.lastRequests ?? 0) * MINUTE_MS) / MAX_REQUESTS_PER_MINUTE;
  const earliest = Math.max(ceiling, state.failure ? state.failure.at + state.failure.delayMs : 0);
  if (now >= earliest) {
    await pollReceipts('person');
    return true;
  }
  const alarm = await browser.alarms.get(RECEIPTS_ALARM);
  if (alarm && alarm.scheduledTime > earliest) await browser.alarms.create(RECEIPTS_ALARM, { when: earliest });
  return false;
}

/**
 * Receipts pause while a lockdown runs: it expires the person's own pushes, and a poll between its
 * DELETEs and its wipe would report each as expired by its recipient. The alarm is kept, a minute on.
 */
async function lockdownRuns(now: number): Promise<boolean> {
  if (!isRunning(await lockdownState.getValue())) return false;
  await browser.alarms.create(RECEIPTS_ALARM, { when: now + MINUTE_MS });
  return true;
}

async function runPoll(priority: Priority, now = Date.now()): Promise<void> {
  if (await lockdownRuns(now)) return;
  const found = await setup();
  const state = await readState();
  const list = found ? await watched(found, state) : null;
  if (!found || !list || list.pushes.length === 0) {
    await browser.alarms.clear(RECEIPTS_ALARM);
    return;
  }
  // The alarm that woke this poll is spent; should the worker be stopped before the poll ends, this one wakes the next.
  await browser.alarms.create(RECEIPTS_ALARM, { when: now + SAFETY_MS });
  // Last in the instance's pace (lib/pace/): the lockdown, the person and the Pushes page go first; a poll the person's
  // page asked for (`pollNow`) takes the person's turn.
  const cfg = { baseUrl: found.baseUrl, token: found.token, accountId: found.accountId, pace: paceOf(pacerFor(found.baseUrl), priority) };
  const outcome = await poll(list.pushes, {
    active: (page) => activePushes(cfg, page),
    expired: (page) => expiredPushes(cfg, page),
    audit: (urlToken, page) => auditLog(cfg, urlToken, page),
    now,
    maxRequests: MAX_REQUESTS_PER_POLL,
    classify: classifyViewer,
    walk: walkOf(state, found),
  });
  outcome.receipts = await withOwnExpiries(outcome.receipts, list.pushes, found.baseUrl);
  const next = prunedState(state, outcome, list.entries, now);
  if (outcome.walk) next.walk = { ...outcome.walk, baseUrl: found.baseUrl, ...(found.accountId && { accountId: found.accountId }) };
  if (outcome.failure) next.failure = failureAfter(outcome.failure, now, state.failure);
  // A lockdown began while this poll was asking: what it saw may be the lockdown's own expiring.
  if (await lockdownRuns(now)) return;
  await receiptsState.setValue(next);

  // The history learns the new views left and expiries too, so the Pushes page's row says what the notification says.
  for (const push of outcome.changed.values()) await updateFromServer(found.baseUrl, push, now, 'lists');
  const byId = new Map(
    list.entries.flatMap((entry) => {
      const id = entryIdOf(entry);
      return id ? [[id, entry] as const] : [];
    }),
  );
  await notifyReceipts(outcome.receipts, byId);
  await showBadge();

  const ended = new Set(outcome.ended);
  const still = list.pushes.flatMap((push, i) => (ended.has(push.entryId) ? [] : [list.createdAt[i]!]));
  const when = nextPollAt({ now, watchedCreatedAt: still, lastPollAt: now, lastRequests: outcome.requests, failure: next.failure });
  if (when === null) await browser.alarms.clear(RECEIPTS_ALARM);
  else await browser.alarms.create(RECEIPTS_ALARM, { when });
}

/** The walk the last poll left, when it walked the same instance's and account's lists. */
function walkOf(state: ReceiptsState, found: Setup) {
  const walk = state.walk;
  return walk && walk.baseUrl === found.baseUrl && walk.accountId === found.accountId ? walk : null;
}

/**
 * The state after a poll, kept small: what is known of a push, and that it ended, only while its
 * entry is still open. An entry that expired or was forgotten leaves the open pushes' index and is
 * never watched again, so remembering it would only grow the state with every push ever made.
 */
function prunedState(state: ReceiptsState, outcome: PollOutcome, open: readonly ReadEntry[], now: number): ReceiptsState {
  const ids = new Set(open.flatMap((entry) => entryIdOf(entry) ?? []));
  const ended = new Set([...state.ended, ...outcome.ended].filter((id) => ids.has(id)));
  const watch = Object.fromEntries(
    Object.entries({ ...state.watch, ...Object.fromEntries(outcome.watch) }).filter(([id]) => ids.has(id) && !ended.has(id)),
  );
  return {
    watch,
    ended: [...ended],
    receipts: [...state.receipts, ...outcome.receipts].slice(-KEPT_RECEIPTS),
    lastPollAt: now,
    lastRequests: outcome.requests,
  };
}

/** The toolbar badge: how many receipts came since the Pushes page was last opened (lib/badge.ts, which it shares with "What's new"). */
export function showBadge(): Promise<void> {
  return paintBadge();
}
