import { describe, expect, it } from 'vitest';
import { explainAirportError, secondaryKeyNotice } from '@/lib/wait-times/explain';
import { durationText, iataProblemText, measuredText, stockholmClock, waitLevelText, waitText } from '@/lib/wait-times/format';
import type { AirportError, AirportErrorKind } from '@/lib/airport/types';
import { isolated } from '@/test/support/isolated';

const error = (kind: AirportErrorKind, extra: Partial<AirportError> = {}): AirportError => ({ kind, calls: 1, ...extra });

describe('board texts (real English catalogue)', () => {
  it.each([
    [0, '0 min'],
    [44, '44 min'],
    [45, '45+ min'],
    [90, '45+ min'],
  ])('waitText(%i) → %s', (minutes, text) => {
    expect(waitText(minutes)).toBe(text);
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
    expect(measuredText(new Date(now - minutes * 60_000).toISOString(), now, 'sv-SE', 'Europe/Stockholm')).toContain(`(${text})`);
  });

  it('measuredText: "Measured 15:27 (3 min ago)" with a fixed clock, locale and zone', () => {
    expect(measuredText('2026-09-29T13:27:04Z', Date.parse('2026-09-29T13:30:59Z'), 'sv-SE', 'Europe/Stockholm')).toBe(
      'Measured 15:27 (3 min ago)',
    );
    expect(measuredText(null, Date.now(), 'sv-SE')).toBe('');
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

describe("a time on Stockholm's clock, and whether the browser's reads otherwise", () => {
  const at = Date.parse('2026-09-29T13:27:04Z');
  const now = Date.parse('2026-09-29T13:30:10Z');

  it.each([
    ['sv-SE', 'Europe/Stockholm', '15:27', false],
    ['en-GB', 'UTC', '15:27', true],
    ['en-US', 'Europe/Stockholm', '03:27 PM', false],
    ['en-GB', 'Europe/Oslo', '15:27', false],
  ])('%s, browser in %s → %s, other zone %s', (locale, localZone, time, otherZone) => {
    expect(stockholmClock(at, now, locale, localZone)).toEqual({ time, otherZone });
  });

  it('adds the date 12 hours or more away, and survives an unknown locale', () => {
    // The month's short name differs between ICU versions ("Sep"/"Sept"): check the parts only.
    expect(stockholmClock(at, Date.parse('2026-09-30T13:27:04Z'), 'en-GB', 'UTC').time).toMatch(/^29 Sep.*15:27$/);
    expect(stockholmClock(at, now, 'not a locale!', 'UTC').time).toMatch(/15:27|03:27/);
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
