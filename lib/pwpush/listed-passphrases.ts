import type { Push } from './types';

/**
 * The plaintext passphrase a list showed for a push (`''` when none, `null` once expired), held
 * beside the push in this page's memory only: never a field of the `Push`, so no copy, message or
 * store of a push can carry it. It is what tells an attempt's push from one with another passphrase
 * (docs/exactly-once.md). A module of its own, shared by every copy of ./parse.ts in a page
 * (build/page-own-copies.ts): a list read by one copy is asked about through another.
 */
const listedPassphrases = new WeakMap<Push, string | null>();

/** Notes what the list showed for `push` (./parse.ts, `parsePushList`). */
export function noteListedPassphrase(push: Push, passphrase: string | null): void {
  listedPassphrases.set(push, passphrase);
}

/** The passphrase the list showed for `push`; undefined for a push not read from a list. */
export function listedPassphrase(push: Push): string | null | undefined {
  return listedPassphrases.get(push);
}
