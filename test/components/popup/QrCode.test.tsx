import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { encode } from 'uqr';
import { QrCode } from '@/components/QrCode';

/** Reads the `M x y h w v1 h-w z` runs back into a matrix of dark modules. */
function matrixFromPath(d: string, size: number): boolean[][] {
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i++) matrix[Number(y)]![Number(x) + i] = true;
  }
  return matrix;
}

describe('QrCode', () => {
  it('draws exactly the dark modules of the encoded value', () => {
    const value = 'https://pwpush.example/p/k3xq9w0lz2mfa/r';
    render(<QrCode value={value} label="QR code of the secret link" />);
    const svg = screen.getByRole('img', { name: 'QR code of the secret link' });
    const { data, size } = encode(value, { ecc: 'M', border: 4 });
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
    expect(matrixFromPath(svg.querySelector('path')!.getAttribute('d')!, size)).toEqual(data);
  });

  it('draws each horizontal run of dark modules as one rectangle', () => {
    render(<QrCode value="run" label="QR code" />);
    const d = screen.getByRole('img', { name: 'QR code' }).querySelector('path')!.getAttribute('d')!;
    const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)].map(([, x, y, w]) => ({ x: Number(x), y: Number(y), w: Number(w) }));
    expect(runs.length).toBeGreaterThan(0);
    // No run ends where the next one on its row starts: those would be one run.
    const touching = runs.filter((run) => runs.some((other) => other.y === run.y && other.x === run.x + run.w));
    expect(touching).toEqual([]);
  });
});
