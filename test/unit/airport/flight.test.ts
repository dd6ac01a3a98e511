import { describe, expect, it, vi } from 'vitest';
import { airportDate, isCurrentFlight, isFlightDate, normalizeFlight } from '@/lib/airport/flight';

describe('normalizeFlight', () => {
  it.each([
    ['SK 1415', 'SK1415'],
    ['sk1415', 'SK1415'],
    [' tg 961 ', 'TG961'],
    ['D8 4321', 'D84321'],
    ['SAS 7', 'SAS7'],
    ['sk-1415a', 'SK1415A'],
  ])('%j → %s', (input, flight) => {
    expect(normalizeFlight(input)).toEqual({ ok: true, flight });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['SK', 'format'],
    ['S', 'format'],
    ['SK 14155', 'format'],
    ['1415', 'format'],
    ['SKAB 12', 'format'],
    ['SK 14AB', 'format'],
    ['SK/1415', 'format'],
  ])('refuses %j (%s)', (input, reason) => {
    expect(normalizeFlight(input)).toEqual({ ok: false, reason });
  });
});

describe('dates at the airport', () => {
  it("today and tomorrow are Stockholm's dates, not the browser's", () => {
    // 23:30 UTC on 29 September is already 30 September in Stockholm (UTC+2).
    const lateUtc = Date.parse('2026-09-29T23:30:00Z');
    expect(airportDate(lateUtc)).toBe('2026-09-30');
    expect(airportDate(lateUtc, 1)).toBe('2026-10-01');
    expect(airportDate(Date.parse('2026-12-31T12:00:00Z'), 1)).toBe('2027-01-01');
  });

  it('makes its Stockholm formatter once per page, however often the date is asked for', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    // biome-ignore lint/complexity/useArrowFunction: the code under test calls it with `new`, which an arrow function refuses
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      return new Real(...args);
    } as unknown as typeof Real);
    const fresh = await import('@/lib/airport/flight');
    const now = Date.parse('2026-09-29T23:30:00Z');
    expect([fresh.airportDate(now), fresh.airportDate(now, 1), fresh.airportDate(now + 86_400_000)]).toEqual([
      '2026-09-30',
      '2026-10-01',
      '2026-10-01',
    ]);
    expect(made).toHaveBeenCalledTimes(1);
  });

  it('checks a date is a real one', () => {
    expect(isFlightDate('2026-09-29')).toBe(true);
    expect(isFlightDate('2026-02-30')).toBe(false);
    expect(isFlightDate('29/09/2026')).toBe(false);
  });

  it('keeps a flight until its date has passed at the airport', () => {
    const flight = { iata: 'ARN', flight: 'SK1415', date: '2026-09-29' };
    expect(isCurrentFlight(flight, Date.parse('2026-09-29T21:59:00Z'))).toBe(true);
    expect(isCurrentFlight(flight, Date.parse('2026-09-29T22:01:00Z'))).toBe(false);
    expect(isCurrentFlight(null, Date.now())).toBe(false);
  });
});
