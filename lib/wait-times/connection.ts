import type { AirportConfig, AirportError, ApiVersion } from '../airport/types';
import type { Result } from '../result';
import { withoutTrailingSlash } from '../url';
import { airportApiUrl, airportApiVersions, airportCalls, airportKeys, airportKeysFor, DEFAULT_AIRPORT_API_URL } from '../settings/airport';

/**
 * The stored airport settings turned into a client config, and the bookkeeping after a call:
 * which API version the base URL answered on (so the next call skips the 404 detour) and how
 * many requests went out this month (the free quota is about 10,000 a month,
 * docs/airport-api.md#quota). Shared by the options page and the side panel.
 */

/** What a finished client call tells about itself: both success values and errors carry `calls`. */
export type AirportCallOutcome = Result<{ apiVersion: ApiVersion; calls: number }, Pick<AirportError, 'calls' | 'apiVersion'>>;

/**
 * The client config for a base URL and keys, with the API version remembered for that URL.
 * For keys that are typed but not saved yet (the options page's Test).
 */
export async function airportConfigFor(baseUrl: string, keys: { primary: string; secondary?: string }): Promise<AirportConfig> {
  const config: AirportConfig = { baseUrl, key: keys.primary.trim() };
  const secondary = keys.secondary?.trim();
  if (secondary) config.secondaryKey = secondary;
  const apiVersion = (await airportApiVersions.getValue())[withoutTrailingSlash(baseUrl)] ?? knownVersion(baseUrl);
  if (apiVersion) config.apiVersion = apiVersion;
  return config;
}

/**
 * Swedavia's own gateway serves only v2 today (docs/airport-api.md#paths): starting there saves
 * the 404 detour through v1, one call from the quota, the first time. Any other server is found out.
 */
function knownVersion(baseUrl: string): ApiVersion | undefined {
  return withoutTrailingSlash(baseUrl) === DEFAULT_AIRPORT_API_URL ? 'v2' : undefined;
}

/** The config from the saved settings; null while no primary subscription key is saved for the saved URL. */
export async function airportConfig(): Promise<AirportConfig | null> {
  const [baseUrl, stored] = await Promise.all([airportApiUrl.getValue(), airportKeys.getValue()]);
  if (!baseUrl) return null;
  // Keys saved for another origin are not handed out (a changed URL must not receive them).
  const keys = airportKeysFor(baseUrl, stored);
  if (!keys.primary.trim()) return null;
  return airportConfigFor(baseUrl, keys);
}

/**
 * The config for the airport list (AirportInfo, its own product and key,
 * docs/airport-api.md#products-and-keys), or null while no such key is saved for the saved URL:
 * then nothing asks for the list at all.
 */
export async function airportInfoConfig(): Promise<AirportConfig | null> {
  const [baseUrl, stored] = await Promise.all([airportApiUrl.getValue(), airportKeys.getValue()]);
  if (!baseUrl) return null;
  const info = airportKeysFor(baseUrl, stored).info?.trim() ?? '';
  return info ? airportConfigFor(baseUrl, { primary: info }) : null;
}

/** `YYYY-MM` of a date in the person's own time zone: the counter is "this month" as they see it. */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * Storage writes of one page in order: two calls finishing together would otherwise both read
 * the old count and one of them would be lost.
 */
let writes: Promise<unknown> = Promise.resolve();
function inOrder<T>(write: () => Promise<T>): Promise<T> {
  const next = writes.then(write, write);
  writes = next.catch(() => undefined);
  return next;
}

/** Adds `n` requests to this month's count, starting from 0 when the month changed. Returns the new count. */
function countCalls(n: number, now: Date = new Date()): Promise<number> {
  return inOrder(async () => {
    const month = monthOf(now);
    const stored = await airportCalls.getValue();
    const count = (stored.month === month ? stored.count : 0) + Math.max(0, Math.floor(n));
    await airportCalls.setValue({ month, count });
    return count;
  });
}

/** Requests counted this month (0 when the stored count is from an earlier month). */
export async function callsThisMonth(now: Date = new Date()): Promise<number> {
  const stored = await airportCalls.getValue();
  return stored.month === monthOf(now) ? stored.count : 0;
}

/**
 * Bookkeeping after one client call: counts its requests (failed ones cost quota too) and
 * remembers the API version that answered. An error with an `apiVersion` came from behind an
 * existing route (a 401 or 400), so that version is right as well. `baseUrl` defaults to the
 * saved Airport API URL; pass it when the call used another one (a Test of typed settings).
 */
export async function recordAirportCall(result: AirportCallOutcome, baseUrl?: string, now: Date = new Date()): Promise<void> {
  const calls = result.ok ? result.value.calls : result.error.calls;
  const apiVersion = result.ok ? result.value.apiVersion : result.error.apiVersion;
  if (calls > 0) await countCalls(calls, now);
  if (!apiVersion) return;
  const key = withoutTrailingSlash(baseUrl ?? (await airportApiUrl.getValue()));
  await inOrder(async () => {
    const versions = await airportApiVersions.getValue();
    if (versions[key] !== apiVersion) await airportApiVersions.setValue({ ...versions, [key]: apiVersion });
  });
}
