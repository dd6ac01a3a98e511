/**
 * A departure for the per-flight wait times (`/airports/{IATA}/flights?flightid=SK1420&date=
 * 2026-09-29`, docs/airport-api.md#per-flight-path). Checked before any request: every call
 * costs from the monthly quota.
 */

export type FlightCheck = { ok: true; flight: string } | { ok: false; reason: 'empty' | 'format' };

/**
 * The airline's code (2–3 characters: IATA's two, which may hold a digit, or ICAO's three letters),
 * 1–4 digits and an optional letter. Spaces and case as typed do not matter: "sk 1415" → "SK1415",
 * the form the API uses.
 */
const FLIGHT = /^(?:[A-Z]{2,3}|[A-Z]\d|\d[A-Z])\d{1,4}[A-Z]?$/;

export function normalizeFlight(input: string): FlightCheck {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (compact === '') return { ok: false, reason: 'empty' };
  return FLIGHT.test(compact) ? { ok: true, flight: compact } : { ok: false, reason: 'format' };
}

/** The airports' own time zone: a departure's date is the date at the airport. */
const ZONE = 'Europe/Stockholm';

/** Made once per page: a new DateTimeFormat with a time zone is slow to make, and the side
 * panel's first paint asks for the date more than once (docs/performance.md, rule 10). */
let airportDay: Intl.DateTimeFormat | undefined;

/** `YYYY-MM-DD` in Stockholm, `days` after the day of `now` (0 today, 1 tomorrow). */
export function airportDate(now: number, days = 0): string {
  airportDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = airportDay.format(now);
  if (days === 0) return parts;
  const [year, month, day] = parts.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A real calendar date written `YYYY-MM-DD`. */
export function isFlightDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** A flight the person asked about: kept until its date has passed at the airport. */
export interface MyFlight {
  iata: string;
  /** As the API writes it, e.g. `SK1415`. */
  flight: string;
  /** `YYYY-MM-DD`, the departure's date at the airport. */
  date: string;
  /** `HH:MM` on Stockholm's clock, when the person gave it; missing in flights saved before it was asked. */
  departs?: string;
}

/** Still worth showing: its date is today or later at the airport. */
export function isCurrentFlight(flight: MyFlight | null | undefined, now: number): flight is MyFlight {
  return !!flight && isFlightDate(flight.date) && flight.date >= airportDate(now);
}
