import { storage } from '../settings/storage-item';

/**
 * The last pushes that failed, for the settings page's diagnostic report (./report.ts): each
 * failure's kind (a fixed word of lib/share/share-failure.ts or lib/http.ts) and HTTP status, and
 * when. Nothing else of it is kept: no server text, no link, no name, note or secret.
 */
export interface FailureMark {
  kind: string;
  status?: number;
  at: number;
}

/** Enough to see a pattern, small enough to read in the report. */
export const KEPT_FAILURES = 20;

export const recentFailures = /* @__PURE__ */ storage.defineItem<FailureMark[]>('local:recentFailures', { fallback: [], version: 1 });

/** Keeps `failure`'s kind and status, dropping the oldest past {@link KEPT_FAILURES}. */
export async function recordFailure(failure: { kind: string; status?: number }, now = Date.now()): Promise<void> {
  const mark: FailureMark = { kind: failure.kind, at: now };
  if (typeof failure.status === 'number') mark.status = failure.status;
  const kept = await recentFailures.getValue();
  await recentFailures.setValue([...kept, mark].slice(-KEPT_FAILURES));
}
