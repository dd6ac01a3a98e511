import { getDb } from '../db';
import type { PushInput } from '../pwpush/types';
import { withoutTrailingSlash } from '../url';
import { tryStorage, withinWriteTime, type HistoryResult } from '../history/storage';
import type { PushAttempt, RequestedPush } from '../records';

/**
 * Pushes this browser is sending, or sent without learning their outcome. The record is written
 * before the request goes out and settled after it (./claims.ts), by whichever side survives, so
 * no push exists that this browser does not know about (docs/exactly-once.md). It holds what was
 * asked for, never the payload or the passphrase: those stay in the memory of the side that sends.
 */

/** How long a push waits for its attempt record before it goes out anyway (and says the history may lose it). */
export const ATTEMPT_WRITE_TIMEOUT_MS = 2000;

/** The record of a push about to be sent, built field by field: a payload or passphrase riding along is never kept. */
export function describeAttempt(id: string, baseUrl: string, input: PushInput, edition: string, startedAt: number): PushAttempt {
  const requested: RequestedPush = { passphraseProtected: Boolean(input.passphrase) };
  if (input.expireAfterDays !== undefined) requested.expireAfterDays = input.expireAfterDays;
  if (input.expireAfterViews !== undefined) requested.expireAfterViews = input.expireAfterViews;
  if (input.deletableByViewer !== undefined) requested.deletableByViewer = input.deletableByViewer;
  if (input.retrievalStep !== undefined) requested.retrievalStep = input.retrievalStep;
  if (input.name !== undefined) requested.name = input.name;
  if (input.note !== undefined) requested.note = input.note;
  if (input.kind === 'file') requested.fileNames = (input.files ?? []).map((file) => file.name);
  return { id, baseUrl: withoutTrailingSlash(baseUrl), startedAt, kind: input.kind, edition, requested, state: 'sending' };
}

/**
 * Opens the database ahead of a push: a worker that woke for the popup's port would otherwise open
 * it on Push, before the attempt's write (docs/performance.md, rule 27). Never rejects: the push's
 * own write says what storage refused.
 */
export function openAttemptStore(): void {
  void getDb().catch(() => undefined);
}

/** Keeps the record before the request goes out. Never rejects; gives up after a short wait. */
export function beginAttempt(attempt: PushAttempt): Promise<HistoryResult<void>> {
  return withinWriteTime(
    tryStorage(async () => {
      const tx = (await getDb()).transaction('attempts', 'readwrite');
      const written = tx.store.put(attempt);
      // The request waits for this write: committed with it, not after its answer (docs/performance.md, rule 28).
      tx.commit();
      await Promise.all([written, tx.done]);
    }),
    ATTEMPT_WRITE_TIMEOUT_MS,
  );
}

/** The request went out and no answer said what became of it. */
export function markUnknown(id: string): Promise<HistoryResult<void>> {
  return tryStorage(async () => {
    const tx = (await getDb()).transaction('attempts', 'readwrite');
    const mark = async () => {
      const attempt = await tx.store.get(id);
      if (attempt && attempt.state !== 'unknown') await tx.store.put({ ...attempt, state: 'unknown' });
    };
    await Promise.all([mark(), tx.done]);
  });
}

/** Forgets an attempt: the instance refused it (nothing was made), or the person said so. */
export function forgetAttempt(id: string): Promise<HistoryResult<void>> {
  return tryStorage(async () => (await getDb()).delete('attempts', id));
}

/** The attempts, oldest first; only those of `baseUrl` when given. */
export function listAttempts(filter: { baseUrl?: string } = {}): Promise<HistoryResult<PushAttempt[]>> {
  return tryStorage(async () => {
    const all = await (await getDb()).getAll('attempts');
    const base = filter.baseUrl === undefined ? undefined : withoutTrailingSlash(filter.baseUrl);
    return all.filter((attempt) => base === undefined || attempt.baseUrl === base).sort((a, b) => a.startedAt - b.startedAt);
  });
}

/**
 * Marks `unknown` every attempt left `sending` that no live side is sending now: the worker or the
 * page that sent it stopped before it learned the outcome. Resolves how many were marked.
 */
export function sweepAttempts(live: ReadonlySet<string>): Promise<HistoryResult<number>> {
  return tryStorage(async () => {
    const tx = (await getDb()).transaction('attempts', 'readwrite');
    const orphans = (await tx.store.getAll()).filter((attempt) => attempt.state === 'sending' && !live.has(attempt.id));
    await Promise.all([...orphans.map((attempt) => tx.store.put({ ...attempt, state: 'unknown' })), tx.done]);
    return orphans.length;
  });
}
