import { callsThisMonth as storedCallsThisMonth, monthOf } from './connection';
import { favouriteAirports, recentAirports } from '../settings/airport';

export { monthOf };

/**
 * What the person did with the airport API: calls made this month (the free quota is about
 * 10,000 a month, docs/airport-api.md#quota), recently viewed and favourite airports. Requests
 * are counted by `recordAirportCall` in lib/wait-times/connection, shared with the options page.
 */

/** The provider's free quota per month, as reported by its users (docs/airport-api.md#quota). */
export const MONTHLY_CALL_QUOTA = 10_000;
/** How many recent airports are kept. */
export const MAX_RECENT_AIRPORTS = 5;

/** Requests counted this month; 0 when the stored count belongs to an earlier month. */
export function callsThisMonth(now: Date | number = Date.now()): Promise<number> {
  return storedCallsThisMonth(new Date(now));
}

/** Recently viewed airports, newest first. */
export function getRecentAirports(): Promise<string[]> {
  return recentAirports.getValue();
}

/** Puts `iata` first in the recent list (once), keeping at most `MAX_RECENT_AIRPORTS`. */
export async function rememberRecentAirport(iata: string): Promise<string[]> {
  const code = iata.toUpperCase();
  const recent = [code, ...(await recentAirports.getValue()).filter((other) => other !== code)].slice(0, MAX_RECENT_AIRPORTS);
  await recentAirports.setValue(recent);
  return recent;
}

/** Favourite airports, in the order they were added. */
export function getFavouriteAirports(): Promise<string[]> {
  return favouriteAirports.getValue();
}

/** Adds `iata` to the favourites or removes it; resolves the new list (in the order added). */
export async function toggleFavouriteAirport(iata: string): Promise<string[]> {
  const code = iata.toUpperCase();
  const current = await favouriteAirports.getValue();
  const next = current.includes(code) ? current.filter((other) => other !== code) : [...current, code];
  await favouriteAirports.setValue(next);
  return next;
}
