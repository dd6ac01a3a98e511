import { describe, expect, it } from 'vitest';
import type { MyFlight } from '@/lib/airport/flight';
import {
  CHECK_EVERY_MS,
  departureOf,
  endBeforeCheck,
  endsAtFor,
  keptEnded,
  nextCheckAt,
  quotaAllows,
  requestsFor,
  savedBoardServes,
  WATCH_LIFETIME_MS,
  WATCH_QUOTA_CEILING,
} from '@/lib/watches/plan';
import type { EndedWatch, Watch } from '@/lib/watches/types';

const MIN = 60_000;
const T0 = Date.parse('2026-09-29T05:00:00Z');

const flight: MyFlight & { departs: string } = { iata: 'CPH', flight: 'SK1415', date: '2026-09-29', departs: '10:00' };
// 10:00 in Copenhagen (summer, UTC+2).
const DEPARTURE = Date.parse('2026-09-29T08:00:00Z');

const checkpointWatch: Watch = {
  id: 'a',
  iata: 'CPH',
  target: { kind: 'checkpoint', id: 'T2', name: 'Terminal 2' },
  rule: { kind: 'under', minutes: 10 },
  setAt: T0,
  endsAt: endsAtFor(T0),
};
const flightWatch: Watch = {
  id: 'b',
  iata: 'CPH',
  target: { kind: 'flight', flight, baselineMinutes: 10 },
  rule: { kind: 'leave-earlier' },
  setAt: T0,
  endsAt: endsAtFor(T0, DEPARTURE),
};

describe('how long a watch lasts', () => {
  it('six hours, or until its flight departs if sooner, on the airport’s clock', () => {
    expect(endsAtFor(T0)).toBe(T0 + 6 * 60 * MIN);
    expect(departureOf(flight)).toBe(DEPARTURE);
    expect(endsAtFor(T0, DEPARTURE)).toBe(DEPARTURE);
    expect(endsAtFor(T0, T0 + 7 * 60 * MIN)).toBe(T0 + WATCH_LIFETIME_MS);
    expect(departureOf({ ...flight, departs: undefined })).toBeNull();
  });

  it.each<[name: string, watch: Watch, now: number, myFlight: MyFlight | null, reason: string | null]>([
    ['a checkpoint’s watch runs within its six hours', checkpointWatch, T0 + 5 * 60 * MIN, null, null],
    ['and ends when they are up', checkpointWatch, T0 + WATCH_LIFETIME_MS, null, 'expired'],
    ['My flight’s runs until the departure', flightWatch, DEPARTURE - 1, flight, null],
    ['and ends once the flight has left', flightWatch, DEPARTURE, flight, 'flight-left'],
    ['a changed departure ends it', flightWatch, T0, { ...flight, departs: '11:00' }, 'flight-changed'],
    ['another flight ends it', flightWatch, T0, { ...flight, flight: 'SK1417' }, 'flight-changed'],
    ['a forgotten flight ends it', flightWatch, T0, null, 'flight-changed'],
    [
      'gone is gone: a flight that left is said so even when My flight was forgotten since',
      flightWatch,
      DEPARTURE + MIN,
      null,
      'flight-left',
    ],
  ])('%s', (_name, watch, now, myFlight, reason) => {
    expect(endBeforeCheck(watch, now, myFlight)).toBe(reason);
  });
});

describe('the checks’ rhythm: the source’s floor', () => {
  it('checks at once the first time, then five minutes after the last', () => {
    expect(CHECK_EVERY_MS).toBe(5 * MIN);
    expect(nextCheckAt(null, T0)).toBe(T0);
    expect(nextCheckAt(T0, T0 + 2 * MIN)).toBe(T0 + 5 * MIN);
    expect(nextCheckAt(T0, T0 + 9 * MIN)).toBe(T0 + 9 * MIN);
    // A clock set back: due now rather than never.
    expect(nextCheckAt(T0 + 60 * MIN, T0)).toBe(T0);
  });

  it('a board saved less than five minutes ago serves the check: no request', () => {
    expect(savedBoardServes(T0 - 4 * MIN, T0)).toBe(true);
    expect(savedBoardServes(T0 - 5 * MIN, T0)).toBe(false);
    expect(savedBoardServes(T0 + MIN, T0)).toBe(false);
  });
});

describe('Swedavia’s quota', () => {
  it('leaves the last 500 of the month’s 10,000 to the person’s own looks', () => {
    expect(WATCH_QUOTA_CEILING).toBe(9_500);
    expect(quotaAllows(9_498)).toBe(true);
    expect(quotaAllows(9_499)).toBe(true);
    expect(quotaAllows(9_500)).toBe(false);
  });

  it.each<[name: string, args: Parameters<typeof requestsFor>[0], requests: number]>([
    ['six hours from a fresh board: one every five minutes after it', { now: T0, endsAt: T0 + 6 * 60 * MIN, boardFresh: true }, 71],
    ['six hours from an old board: the first check asks too', { now: T0, endsAt: T0 + 6 * 60 * MIN, boardFresh: false }, 72],
    ['until a flight in 42 minutes', { now: T0, endsAt: T0 + 42 * MIN, boardFresh: true }, 8],
    ['a flight that leaves in 4 minutes: none', { now: T0, endsAt: T0 + 4 * MIN, boardFresh: true }, 0],
    [
      'an airport already watched for two more hours: only the hours after',
      { now: T0, endsAt: T0 + 6 * 60 * MIN, boardFresh: true, coveredUntil: T0 + 2 * 60 * MIN },
      48,
    ],
    ['already watched for longer: nothing more', { now: T0, endsAt: T0 + 60 * MIN, boardFresh: true, coveredUntil: T0 + 3 * 60 * MIN }, 0],
  ])('%s', (_name, args, requests) => {
    expect(requestsFor(args)).toBe(requests);
  });
});

describe('the ended watches listed', () => {
  it('a day at most, the newest ten', () => {
    const ended = Array.from(
      { length: 14 },
      (_, i): EndedWatch => ({ ...checkpointWatch, id: String(i), endedAt: T0 - i * 60 * MIN, reason: 'met' }),
    );
    expect(keptEnded(ended, T0).map(({ id }) => id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(keptEnded(ended, T0 + 20 * 60 * MIN).map(({ id }) => id)).toEqual(['0', '1', '2', '3']);
  });
});
