import { describe, expect, it } from 'vitest';
import { failureAfter, MINUTE_MS, nextPollAt, requestsPerHour } from '@/lib/receipts/schedule';

const HOUR = 60 * MINUTE_MS;
const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('nextPollAt (an injected clock)', () => {
  it.each([
    ['a push made just now', 0, MINUTE_MS],
    ['59 minutes old', 59 * MINUTE_MS, MINUTE_MS],
    ['an hour old', HOUR, 5 * MINUTE_MS],
    ['23 hours old', 23 * HOUR, 5 * MINUTE_MS],
    ['a day old', 24 * HOUR, 15 * MINUTE_MS],
    ['six days old', 6 * 24 * HOUR, 15 * MINUTE_MS],
  ])('%s: polled again after its interval', (_, age, interval) => {
    expect(nextPollAt({ now: T0, watchedCreatedAt: [T0 - age], lastPollAt: T0, lastRequests: 1 })).toBe(T0 + interval);
  });

  it('follows the youngest watched push', () => {
    expect(nextPollAt({ now: T0, watchedCreatedAt: [T0 - 3 * 24 * HOUR, T0 - 10 * MINUTE_MS], lastPollAt: T0 })).toBe(T0 + MINUTE_MS);
  });

  it('sets nothing when no active push is watched', () => {
    expect(nextPollAt({ now: T0, watchedCreatedAt: [] })).toBeNull();
  });

  it('never schedules in the past: a worker woken late polls now', () => {
    expect(nextPollAt({ now: T0 + HOUR, watchedCreatedAt: [T0], lastPollAt: T0 })).toBe(T0 + HOUR);
  });

  it('keeps the ceiling of 20 requests a minute: a poll of 20 requests waits a full minute even for a young push', () => {
    expect(nextPollAt({ now: T0, watchedCreatedAt: [T0], lastPollAt: T0, lastRequests: 20 })).toBe(T0 + MINUTE_MS);
    expect(nextPollAt({ now: T0, watchedCreatedAt: [T0], lastPollAt: T0, lastRequests: 40 })).toBe(T0 + 2 * MINUTE_MS);
  });

  it('waits out a failure', () => {
    const failure = failureAfter({ kind: 'server', status: 503 }, T0);
    expect(nextPollAt({ now: T0, watchedCreatedAt: [T0], lastPollAt: T0, failure })).toBe(T0 + 5 * MINUTE_MS);
  });
});

describe('failureAfter', () => {
  it('honours Retry-After on a 429, and at least doubles the wait before', () => {
    const first = failureAfter({ kind: 'rate-limited', status: 429, retryAfterSeconds: 600 }, T0);
    expect(first).toEqual({ kind: 'rate-limited', at: T0, streak: 1, delayMs: 10 * MINUTE_MS });
    const second = failureAfter({ kind: 'rate-limited', status: 429, retryAfterSeconds: 30 }, T0, first);
    expect(second.delayMs).toBe(20 * MINUTE_MS);
    expect(second.streak).toBe(2);
  });

  it('a 429 without Retry-After still backs off', () => {
    expect(failureAfter({ kind: 'rate-limited', status: 429 }, T0).delayMs).toBe(5 * MINUTE_MS);
  });

  it('doubles after each 5xx, up to an hour', () => {
    let failure = failureAfter({ kind: 'server', status: 500 }, T0);
    const delays = [failure.delayMs];
    for (let i = 0; i < 5; i += 1) {
      failure = failureAfter({ kind: 'server', status: 502 }, T0, failure);
      delays.push(failure.delayMs);
    }
    expect(delays.map((ms) => ms / MINUTE_MS)).toEqual([5, 10, 20, 40, 60, 60]);
  });

  it('a Retry-After longer than an hour is still honoured', () => {
    expect(failureAfter({ kind: 'rate-limited', retryAfterSeconds: 7200 }, T0).delayMs).toBe(2 * HOUR);
  });

  it('says a network failure is neither a throttle nor a server error', () => {
    expect(failureAfter({ kind: 'network' }, T0).kind).toBe('other');
  });
});

describe('requestsPerHour', () => {
  it('one request a poll: 60 in the first hour, then 12, then 4', () => {
    expect([0, 2 * HOUR, 2 * 24 * HOUR].map((age) => requestsPerHour(age, 1))).toEqual([60, 12, 4]);
  });
});
