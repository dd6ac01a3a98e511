import type { PushAttempt, RequestedPush } from '../records';

/**
 * What an attempt record keeps of the labels when the person turned the history off
 * (docs/privacy.md): IndexedDB's files outlive a restart, and "Keep a history" off means the names
 * and notes typed are not on the disk. A SHA-256 digest of them is kept instead, enough to tell a
 * listed push's labels from the ones asked for (./candidates.ts) and two attempts that asked for
 * the same (./local-book.ts), with the number of files, never their names.
 */

/** Hex SHA-256 of the instance, the name and the note (the instance keeps the digests of two instances apart). */
export async function labelsDigest(baseUrl: string, name: string | null | undefined, note: string | null | undefined): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify([baseUrl, name ?? '', note ?? '']));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The record as kept: as it is with a history, its labels' digest and its file count without one. */
export async function keptForm(attempt: PushAttempt, keepText: boolean): Promise<PushAttempt> {
  if (keepText) return attempt;
  const { name, note, fileNames, labelsDigest: known, fileCount, ...settings } = attempt.requested;
  const requested: RequestedPush = { ...settings, labelsDigest: known ?? (await labelsDigest(attempt.baseUrl, name, note)) };
  const files = fileCount ?? fileNames?.length;
  if (files !== undefined) requested.fileCount = files;
  return { ...attempt, requested };
}
