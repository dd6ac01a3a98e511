import { describe, expect, it } from 'vitest';
import { isTransient, nextRetryDelay, retryDelay } from '@/lib/airport/retry';
import type { AirportError, AirportErrorKind } from '@/lib/airport/types';

const error = (kind: AirportErrorKind, extra: Partial<AirportError> = {}): AirportError => ({ kind, calls: 1, ...extra });
const MIN = 60_000;

describe('nextRetryDelay', () => {
  it.each([
    [1, 30_000],
    [2, MIN],
    [3, 2 * MIN],
    [4, 4 * MIN],
    [5, 8 * MIN],
    [6, 15 * MIN],
    [50, 15 * MIN],
    [0, 30_000],
    [-3, 30_000],
  ])('attempt %i → %i ms (no refresh interval: capped at 15 min)', (attempt, ms) => {
    expect(nextRetryDelay(attempt)).toBe(ms);
  });

  it('is capped at the refresh interval, but never below the first step', () => {
    expect(nextRetryDelay(5, 5 * MIN)).toBe(5 * MIN);
    expect(nextRetryDelay(2, 5 * MIN)).toBe(MIN);
    expect(nextRetryDelay(9, 60 * MIN)).toBe(15 * MIN);
    expect(nextRetryDelay(3, 10_000)).toBe(30_000);
  });
});

describe('isTransient and retryDelay', () => {
  it.each([
    ['server', true],
    ['timeout', true],
    ['network', true],
    ['malformed', true],
    // A website feed that refuses, answers a page or changed its data may serve again later.
    ['blocked', true],
    ['not-a-feed', true],
    ['feed-changed', true],
    ['quota', false],
    ['rate-limited', false],
    ['invalid-key', false],
    ['unsupported-airport', false],
    ['bad-request', false],
    ['not-found', false],
    ['invalid-iata', false],
    ['missing-key', false],
  ] as const)('%s → transient %s', (kind, transient) => {
    expect(isTransient(error(kind))).toBe(transient);
    expect(retryDelay(error(kind), 2) === null).toBe(!transient && kind !== 'quota' && kind !== 'rate-limited');
  });

  it('waits Retry-After for quota and rate limits, else one refresh interval', () => {
    expect(retryDelay(error('rate-limited', { retryAfterSeconds: 56 }), 1)).toBe(56_000);
    expect(retryDelay(error('quota', { retryAfterSeconds: 25_280 }), 1, 5 * MIN)).toBe(25_280_000);
    expect(retryDelay(error('quota'), 1, 5 * MIN)).toBe(5 * MIN);
    expect(retryDelay(error('server'), 3, 5 * MIN)).toBe(2 * MIN);
  });
});
