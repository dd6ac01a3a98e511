import type { HistoryEntry } from '../records';

/**
 * The key the sweep of expired entries goes by (lib/db.ts `byExpiredSince`): when a push became
 * known to be expired, in ms, present only on expired entries, so the index holds exactly what a
 * sweep may forget and a sweep never reads an open push. Written with every change of an entry.
 * An expired entry also keeps no link: a dead link is worth nothing, and a revived instance must
 * not make it live again.
 */
export function withSweepKey(entry: HistoryEntry): HistoryEntry {
  if (!entry.expired) {
    if (entry.expiredSince === undefined) return entry;
    const { expiredSince: _dropped, ...open } = entry;
    return open;
  }
  // The server's `expired_on` when it gave one, else when this browser learned of the expiry.
  const since = Date.parse(entry.expiredAt ?? '') || entry.checkedAt || entry.recordedAt;
  const next: HistoryEntry = { ...entry, htmlUrl: '' };
  if (typeof since === 'number' && Number.isFinite(since)) next.expiredSince = since;
  return next;
}
