import { describe, expect, it } from 'vitest';
import { busiestWindow } from './request-windows.mjs';

const at = (...times: number[]) => times.map((time) => ({ at: time }));

describe('busiestWindow', () => {
  it.each([
    { name: 'an empty log', log: at(), windowMs: 1_000, most: 0 },
    { name: 'one request', log: at(5), windowMs: 1_000, most: 1 },
    { name: 'all within one window', log: at(0, 100, 999), windowMs: 1_000, most: 3 },
    { name: 'a window ends before its length', log: at(0, 1_000), windowMs: 1_000, most: 1 },
    { name: 'the busiest window slides past the first', log: at(0, 900, 1_100, 1_200, 1_800, 2_500), windowMs: 1_000, most: 4 },
    { name: 'an unsorted log', log: at(1_200, 0, 1_100, 900), windowMs: 1_000, most: 3 },
    { name: 'a minute', log: at(...Array.from({ length: 130 }, (_, i) => i * 500)), windowMs: 60_000, most: 120 },
  ])('$name: $most', ({ log, windowMs, most }) => {
    expect(busiestWindow(log, windowMs)).toBe(most);
  });
});
