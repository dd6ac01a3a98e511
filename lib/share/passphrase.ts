/**
 * Lower-case letters and digits without the look-alikes 0/o, 1/l/i: a passphrase is usually
 * read out or typed from another screen, so every character must be unmistakable.
 */
export const PASSPHRASE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 20 characters of a 31-letter alphabet ≈ 99 bits, far beyond guessing through the API's rate limit. */
export const PASSPHRASE_LENGTH = 20;
const GROUP_SIZE = 4;

/** Fills a byte array with random bytes; `crypto.getRandomValues` unless a test passes its own. */
export type RandomBytes = (count: number) => Uint8Array;

const cryptoBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count));

/**
 * A fresh random passphrase such as `k7pq-3mzx-9bcd-efgh-jk2m`: 20 characters from
 * {@link PASSPHRASE_ALPHABET} in groups of four. Each character is uniform: bytes at or above
 * the largest multiple of the alphabet size are thrown away (rejection sampling), because
 * `byte % 31` alone would favour the first characters (256 is not a multiple of 31).
 */
export function generatePassphrase(randomBytes: RandomBytes = cryptoBytes): string {
  const size = PASSPHRASE_ALPHABET.length;
  const limit = 256 - (256 % size);
  const chars: string[] = [];
  while (chars.length < PASSPHRASE_LENGTH) {
    for (const byte of randomBytes(PASSPHRASE_LENGTH)) {
      if (byte >= limit) continue;
      chars.push(PASSPHRASE_ALPHABET.charAt(byte % size));
      if (chars.length === PASSPHRASE_LENGTH) break;
    }
  }
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += GROUP_SIZE) groups.push(chars.slice(i, i + GROUP_SIZE).join(''));
  return groups.join('-');
}
