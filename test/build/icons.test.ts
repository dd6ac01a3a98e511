import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extensionDir, readManifest, storeVariants } from './builds';

/**
 * The store icon is the package's 128 × 128 icon. Chrome Web Store: "The actual icon size should be
 * 96x96 … an additional 16 pixels per side should be transparent padding" (docs/stores.md); Edge and
 * AMO take the same file.
 */

/** RGBA pixels of an 8-bit RGBA PNG (colour type 6), unfiltered. */
function readRgba(file: string): { width: number; height: number; alpha: (x: number, y: number) => number } {
  const bytes = readFileSync(file);
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const chunk = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0);
      height = chunk.readUInt32BE(4);
      expect([chunk[8], chunk[9]], 'an 8-bit RGBA PNG').toEqual([8, 6]);
    }
    if (type === 'IDAT') data.push(chunk);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= 4 ? pixels[y * stride + x - 4]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const upLeft = x >= 4 && y > 0 ? pixels[(y - 1) * stride + x - 4]! : 0;
      const estimate = left + up - upLeft;
      const [pa, pb, pc] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
      const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      const predicted = [0, left, up, (left + up) >> 1, paeth][filter]!;
      pixels[y * stride + x] = (value + predicted) & 255;
    }
  }
  return { width, height, alpha: (x, y) => pixels[y * stride + x * 4 + 3]! };
}

describe.each(storeVariants)('%s build: the 128 px store icon', (variant) => {
  const icons = readManifest(variant).icons as Record<string, string>;
  const icon = readRgba(path.join(extensionDir(variant), icons['128']!));

  it('is 128 × 128', () => {
    expect([icon.width, icon.height]).toEqual([128, 128]);
  });

  it('keeps its art within the middle 96 × 96: 16 transparent pixels on every side', () => {
    const painted: [number, number][] = [];
    for (let y = 0; y < 128; y += 1) for (let x = 0; x < 128; x += 1) if (icon.alpha(x, y) > 0) painted.push([x, y]);
    const xs = painted.map(([x]) => x);
    const ys = painted.map(([, y]) => y);
    expect([Math.min(...xs), Math.min(...ys)]).toEqual([16, 16]);
    expect([Math.max(...xs), Math.max(...ys)]).toEqual([111, 111]);
  });
});

describe('each package has its own icon', () => {
  it('the three 128 px icons differ', () => {
    const icon = (variant: (typeof storeVariants)[number]) =>
      readFileSync(path.join(extensionDir(variant), (readManifest(variant).icons as Record<string, string>)['128']!)).toString('base64');
    expect(new Set([icon('store'), icon('share'), icon('airport')]).size).toBe(3);
    expect(icon('share-firefox')).toBe(icon('share'));
  });
});
