import { describe, expect, it, vi } from 'vitest';
import { generatePassphrase, PASSPHRASE_ALPHABET, PASSPHRASE_LENGTH } from '@/lib/share/passphrase';

const characters = (passphrase: string) => passphrase.replaceAll('-', '');

describe('generatePassphrase', () => {
  it('makes 20 characters of the unambiguous alphabet in groups of four', () => {
    const passphrase = generatePassphrase();
    expect(passphrase).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    expect(characters(passphrase)).toHaveLength(PASSPHRASE_LENGTH);
    for (const c of characters(passphrase)) expect(PASSPHRASE_ALPHABET).toContain(c);
  });

  it('never uses look-alike characters', () => {
    for (const c of '0o1liI') expect(PASSPHRASE_ALPHABET).not.toContain(c);
    expect(new Set(PASSPHRASE_ALPHABET).size).toBe(PASSPHRASE_ALPHABET.length);
  });

  it('draws its randomness from crypto.getRandomValues', () => {
    const spy = vi.spyOn(crypto, 'getRandomValues');
    generatePassphrase();
    expect(spy).toHaveBeenCalled();
  });

  it('maps bytes to characters and throws away bytes that would bias the draw', () => {
    const size = PASSPHRASE_ALPHABET.length; // 31: bytes 248..255 must be rejected
    const batches = [Uint8Array.from([248, 255, 0, 1, 250, 2, ...Array(14).fill(size)]), Uint8Array.from(Array(20).fill(size * 7 + 3))];
    const source = vi.fn((count: number) => batches.shift() ?? new Uint8Array(count));
    const passphrase = characters(generatePassphrase(source));
    expect(passphrase.slice(0, 3)).toBe(PASSPHRASE_ALPHABET.slice(0, 3));
    // 248, 255 and 250 were skipped: 17 characters from the first batch, 3 from the second.
    expect(passphrase.slice(3, 17)).toBe(PASSPHRASE_ALPHABET[0]!.repeat(14));
    expect(passphrase.slice(17)).toBe(PASSPHRASE_ALPHABET[3]!.repeat(3));
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('is uniform over the alphabet (chi-square over 100,000 characters)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) {
      for (const c of characters(generatePassphrase())) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const expected = (5000 * PASSPHRASE_LENGTH) / PASSPHRASE_ALPHABET.length;
    const chiSquare = [...PASSPHRASE_ALPHABET].reduce((sum, c) => sum + ((counts.get(c) ?? 0) - expected) ** 2 / expected, 0);
    // 30 degrees of freedom: 70 is p ≈ 0.00005. `byte % 31` without rejection scores ≈ 280.
    expect(chiSquare).toBeLessThan(70);
  });

  it('gives a different passphrase each time', () => {
    const seen = new Set(Array.from({ length: 50 }, () => generatePassphrase()));
    expect(seen.size).toBe(50);
  });
});
