import { describe, expect, it } from 'vitest';
import { explainAirportError, secondaryKeyNotice } from '@/lib/wait-times/explain';
import type { Wait } from '@/lib/airport/airport-board';
import {
  airportClock,
  airportTimeText,
  durationText,
  iataProblemText,
  measuredText,
  waitLevelText,
  waitText,
} from '@/lib/wait-times/format';
import type { AirportError, AirportErrorKind } from '@/lib/airport/types';
import { isolated } from '@/test/support/isolated';

const error = (kind: AirportErrorKind, extra: Partial<AirportError> = {}): AirportError => ({ kind, calls: 1, ...extra });

describe('board texts (real English catalogue)', () => {
  it.each<[Wait | null, string]>([
    [{ kind: 'minutes', minutes: 0 }, '0 min'],
    [{ kind: 'minutes', minutes: 44 }, '44 min'],
    [{ kind: 'at-least', minutes: 45 }, '45+ min'],
    [{ kind: 'at-least', minutes: 16, overflow: true }, '16+ min'],
    [{ kind: 'range', from: 10, to: 15 }, '10–15 min'],
    [{ kind: 'under', minutes: 5 }, 'under 5 min'],
    [{ kind: 'at-most', minutes: 12 }, 'up to 12 min'],
    [null, 'no value'],
  ])('waitText(%j) → %s', (wait, text) => {
    expect(waitText(wait)).toBe(text);
  });

  it('names the level in words', () => {
    expect([waitLevelText('short'), waitLevelText('medium'), waitLevelText('long')]).toEqual(['short wait', 'medium wait', 'long wait']);
  });

  it.each([
    [0, 'just now'],
    [3, '3 min ago'],
    [89, '89 min ago'],
    [150, '3 h ago'],
    [3 * 24 * 60, '3 days ago'],
  ])('a measurement %i minutes old says "%s"', (minutes, text) => {
    const now = Date.parse('2026-09-29T13:30:00Z');
    const board = { measuredAt: new Date(now - minutes * 60_000).toISOString(), timeZone: 'Europe/Stockholm', stepMinutes: 15 };
    expect(measuredText(board, now, 'sv-SE', 'Europe/Stockholm')).toContain(`(${text})`);
  });

  it('measuredText: "Measured 15:27 (3 min ago)" with a fixed clock, locale and zone', () => {
    const board = { measuredAt: '2026-09-29T13:27:04Z', timeZone: 'Europe/Stockholm', stepMinutes: 15 };
    expect(measuredText(board, Date.parse('2026-09-29T13:30:59Z'), 'sv-SE', 'Europe/Stockholm')).toBe('Measured 15:27 (3 min ago)');
    expect(measuredText({ ...board, measuredAt: null }, Date.now(), 'sv-SE')).toBe('');
  });

  it.each<[zone: string, browser: string, measured: string, minutesLater: number, failed: boolean, text: string]>([
    // The airport's own clock, named when the browser's reads otherwise; never Stockholm's for Oslo.
    ['Europe/Copenhagen', 'Europe/Copenhagen', '2026-09-29T05:15:00Z', 3, false, 'Measured 07:15 (3 min ago)'],
    ['Europe/Copenhagen', 'Europe/London', '2026-09-29T05:15:00Z', 3, false, 'Measured 07:15 (Copenhagen time), 3 min ago'],
    ['Europe/London', 'Europe/Stockholm', '2026-09-29T05:15:00Z', 3, false, 'Measured 06:15 (UK time), 3 min ago'],
    ['Europe/Dublin', 'Europe/Stockholm', '2026-12-29T05:15:00Z', 3, false, 'Measured 05:15 (Irish time), 3 min ago'],
    ['Europe/Berlin', 'America/New_York', '2026-09-29T05:15:00Z', 3, false, 'Measured 07:15 (German time), 3 min ago'],
    ['Europe/Amsterdam', 'UTC', '2026-09-29T05:15:00Z', 3, false, 'Measured 07:15 (Amsterdam time), 3 min ago'],
    ['Europe/Oslo', 'UTC', '2026-09-29T05:15:00Z', 3, false, 'Measured 07:15 (Oslo time), 3 min ago'],
    // A website's step is 5 minutes: older than that, "last update".
    ['Europe/Copenhagen', 'Europe/Copenhagen', '2026-09-29T05:05:00Z', 13, false, 'Last update 07:05 (13 min ago)'],
    // After a failed refresh, a young figure shows its time alone.
    ['Europe/Copenhagen', 'UTC', '2026-09-29T05:15:00Z', 3, true, 'Last update 07:15 (Copenhagen time)'],
  ])('%s, browser in %s, measured %s, %i min later (failed: %s): %s', (zone, browser, measuredAt, later, failed, text) => {
    const board = { measuredAt, timeZone: zone, stepMinutes: 5 };
    expect(measuredText(board, Date.parse(measuredAt) + later * 60_000, 'en-GB', browser, failed)).toBe(text);
  });

  it('a feed without a measurement time is dated by when it was fetched, and says so', () => {
    const fetchedAt = Date.parse('2026-09-29T05:15:00Z');
    const board = { measuredAt: null, fetchedAt, timeZone: 'Europe/Oslo', stepMinutes: 5 };
    expect(measuredText(board, fetchedAt + 2 * 60_000, 'en-GB', 'Europe/Oslo')).toBe('Fetched 07:15 (2 min ago)');
    expect(measuredText(board, fetchedAt + 2 * 60_000, 'en-GB', 'UTC')).toBe('Fetched 07:15 (Oslo time), 2 min ago');
    expect(measuredText({ ...board, fetchedAt: 0 }, fetchedAt, 'en-GB')).toBe('');
  });

  it.each([
    [56, '56 s'],
    [600, '10 min'],
    [25_280, '7 h 2 min'],
    [3 * 86_400, '3 days'],
  ])('durationText(%i) → %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });

  it('explains a refused airport code', () => {
    expect(iataProblemText('empty')).toMatch(/enter an airport code/i);
    expect(iataProblemText('format')).toMatch(/three letters/i);
  });
});

describe('explainAirportError', () => {
  it.each([
    [error('invalid-iata', { reason: 'format' }), 'fix-input', 'error', /three letters/],
    [error('missing-key', { calls: 0 }), 'open-options', 'error', /subscription key/],
    [error('unsupported-airport', { status: 400 }), 'none', 'info', /No wait-time data is published for this airport/],
    [error('invalid-key', { status: 401 }), 'open-options', 'error', /missing or no longer valid/],
    [error('quota', { retryAfterSeconds: 25_280 }), 'wait', 'warn', /used up.*in 7 h 2 min/],
    [error('quota'), 'wait', 'warn', /used up/],
    [error('rate-limited', { retryAfterSeconds: 56 }), 'wait', 'warn', /again in 56 s/],
    [error('rate-limited'), 'wait', 'warn', /Too many requests/],
    [error('not-found', { status: 404 }), 'open-options', 'error', /API address/],
    [error('server', { status: 503 }), 'retry', 'warn', /error 503/],
    [error('timeout'), 'retry', 'warn', /too long/],
    [error('network'), 'retry', 'warn', /cannot be reached/],
    [error('malformed'), 'retry', 'warn', /could not be read/],
  ] as const)('%j', (failure, next, tone, message) => {
    const explanation = explainAirportError(failure);
    expect(explanation).toMatchObject({ next, tone });
    expect(explanation.message).toMatch(message);
  });

  it("quotes the server's text for another 400", () => {
    const explanation = explainAirportError(error('bad-request', { status: 400, serverMessage: 'No departure flightdata found' }));
    expect(explanation.message).toBe(
      `The airport service could not answer this request. The service said: “${isolated('No departure flightdata found')}”`,
    );
  });

  it('has a notice for a call answered by the secondary key', () => {
    expect(secondaryKeyNotice()).toMatch(/secondary key was used/);
  });
});

describe("a time on the airport's clock, and whether the browser's reads otherwise", () => {
  const at = Date.parse('2026-09-29T13:27:04Z');
  const now = Date.parse('2026-09-29T13:30:10Z');

  it.each([
    ['sv-SE', 'Europe/Stockholm', '15:27', false],
    ['en-GB', 'UTC', '15:27', true],
    ['en-US', 'Europe/Stockholm', '03:27 PM', false],
    ['en-GB', 'Europe/Oslo', '15:27', false],
  ])('%s, browser in %s → %s, other zone %s', (locale, localZone, time, otherZone) => {
    expect(airportClock(at, now, 'Europe/Stockholm', locale, localZone)).toEqual({ time, otherZone });
  });

  it('adds the date 12 hours or more away, and survives an unknown locale', () => {
    // The month's short name differs between ICU versions ("Sep"/"Sept"): check the parts only.
    expect(airportClock(at, Date.parse('2026-09-30T13:27:04Z'), 'Europe/Stockholm', 'en-GB', 'UTC').time).toMatch(/^29 Sep.*15:27$/);
    expect(airportClock(at, now, 'Europe/Stockholm', 'not a locale!', 'UTC').time).toMatch(/15:27|03:27/);
  });

  it('reads Dublin’s and Edinburgh’s clocks an hour behind Stockholm’s, and names them', () => {
    expect(airportTimeText(at, now, 'Europe/Dublin', 'en-GB', 'Europe/Stockholm')).toBe('14:27 (Irish time)');
    expect(airportTimeText(at, now, 'Europe/London', 'en-GB', 'Europe/London')).toBe('14:27');
    expect(airportTimeText(at, now, 'Europe/Oslo', 'en-GB', 'Europe/Stockholm')).toBe('15:27');
  });
});

describe('a website feed’s own failures, named by who answered', () => {
  const site = 'Copenhagen Airport’s website';
  it.each<[AirportError, string]>([
    [
      error('blocked', { status: 403 }),
      `${site} refused Pushgate's request (error 403). Websites turn automated readers away now and then; Pushgate tries again later.`,
    ],
    [
      error('blocked'),
      `${site} refused Pushgate's request (error 403). Websites turn automated readers away now and then; Pushgate tries again later.`,
    ],
    [
      error('not-a-feed', { status: 200 }),
      `${site} answered with a web page instead of its wait times. Its feed may have moved: check the address in the settings. Pushgate tries again later.`,
    ],
    [error('feed-changed'), `${site} has changed its feed: it holds no wait time Pushgate can read. Pushgate tries again later.`],
  ])('%j', (failure, message) => {
    expect(explainAirportError(failure, site)).toEqual({ message, next: 'retry', tone: 'warn' });
  });
});
