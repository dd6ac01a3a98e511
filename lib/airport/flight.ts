import { airportTimeZone } from './sources/catalog';
import { zonedDate } from './zone';

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

/**
 * `YYYY-MM-DD` at the airport, `days` after the day of `now` (0 today, 1 tomorrow): a departure's
 * date is the date on its airport's own clock (Stockholm's for Swedavia's airports).
 */
export function airportDate(now: number, days = 0, timeZone = airportTimeZone('ARN')): string {
  return zonedDate(now, timeZone, days);
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
  /** `HH:MM` on the airport's clock, when the person gave it; missing in flights saved before it was asked. */
  departs?: string;
  /** Frankfurt: the departure gate as typed (`A26`), which finds the checkpoint that serves it. */
  gate?: string;
  /** Where the feed names no flight's checkpoint: the terminal typed (`T2`), whose longest queue counts. */
  terminal?: string;
}

/** Still worth showing: its date is today or later at its airport. */
export function isCurrentFlight(flight: MyFlight | null | undefined, now: number): flight is MyFlight {
  return !!flight && isFlightDate(flight.date) && flight.date >= airportDate(now, 0, airportTimeZone(flight.iata));
}
