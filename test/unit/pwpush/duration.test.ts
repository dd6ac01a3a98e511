import { describe, expect, it } from 'vitest';
import { expireAfterDuration } from '@/lib/pwpush/duration';

describe('expireAfterDuration maps days to the commercial enum (docs/password-pusher.md#commercial-edition)', () => {
  it.each([
    [1, 6],
    [2, 7],
    [3, 8],
    [4, 9],
    [5, 10],
    [6, 11],
    [7, 12],
    [8, 13],
    [14, 13],
    [15, 14],
    [21, 14],
    [22, 15],
    [30, 15],
    [31, 16],
    [60, 16],
    [61, 17],
    [90, 17],
    [365, 17],
  ])('%i day(s) → %i', (days, duration) => {
    expect(expireAfterDuration(days)).toBe(duration);
  });

  it.each([
    [0, 6],
    [-3, 6],
    [0.5, 6],
    [1.2, 7],
    [7.5, 13],
  ])('%f day(s) rounds up to a whole step: → %i', (days, duration) => {
    expect(expireAfterDuration(days)).toBe(duration);
  });
});
