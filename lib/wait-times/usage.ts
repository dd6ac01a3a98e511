import { favouriteAirports, recentAirports } from '../settings/airport';

/**
 * What the person does with the airports: recently viewed and favourite ones. The calls made this
 * month are counted by `recordAirportCall` (./connection.ts), after every call.
 */

/** The provider's free quota per month, as reported by its users (docs/airport-api.md#quota). */
export const MONTHLY_CALL_QUOTA = 10_000;
/** How many recent airports are kept. */
const MAX_RECENT_AIRPORTS = 5;

/** Puts `iata` first in the recent list (once), keeping at most `MAX_RECENT_AIRPORTS`. */
export async function rememberRecentAirport(iata: string): Promise<string[]> {
  const code = iata.toUpperCase();
  const recent = [code, ...(await recentAirports.getValue()).filter((other) => other !== code)].slice(0, MAX_RECENT_AIRPORTS);
  await recentAirports.setValue(recent);
  return recent;
}

/** Adds `iata` to the favourites or removes it; resolves the new list (in the order added). */
export async function toggleFavouriteAirport(iata: string): Promise<string[]> {
  const code = iata.toUpperCase();
  const current = await favouriteAirports.getValue();
  const next = current.includes(code) ? current.filter((other) => other !== code) : [...current, code];
  await favouriteAirports.setValue(next);
  return next;
}
