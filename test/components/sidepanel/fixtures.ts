import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AirportBoard } from '@/lib/airport/airport-board';
import { boardOfWaitTimes } from '@/lib/airport/sources/swedavia-board';
import type { Airport, Queue } from '@/lib/airport/types';
import { airportApiUrl, airportKeys } from '@/lib/settings';

export const BASE_URL = 'https://api.swedavia.se';
export const PRIMARY = 'primary-key-0001';
export const SECONDARY = 'secondary-key-0002';
/** The AirportInfo product's own key (docs/airport-api.md#products-and-keys). */
export const INFO = 'info-key-0003';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

/**
 * ARN as captured (test/unit/airport/samples/waittime-v2-ARN.json), in the API's own order,
 * measured `ago` minutes ago.
 */
export function arnQueues(ago = 3, waits: number[] = [4, 0, 0, 1, 0, 1, 2]): Queue[] {
  const at = minutesAgo(ago);
  const q = (id: number, name: string, isFastTrack: boolean, terminal: string, latitude: number, longitude: number, i: number): Queue => ({
    id,
    name,
    minutes: waits[i]!,
    isFastTrack,
    terminal,
    latitude,
    longitude,
    overflow: false,
    measuredAt: at,
  });
  return [
    q(5, 'Security Terminal 2', false, 'T2', 59.64442, 17.92809, 0),
    q(6, 'Security Terminal 2 FastTrack', true, 'T2', 59.64442, 17.92809, 1),
    q(7, 'Security Terminal 3', false, 'T3', 59.64561, 17.92449, 2),
    q(8, 'Security Terminal 4', false, 'T4', 59.64775, 17.92761, 3),
    q(9, 'Security Terminal 4 FastTrack', true, 'T4', 59.64775, 17.92761, 4),
    q(23, 'Security Terminal 5F FastTrack', true, 'T5', 59.65176, 17.93376, 5),
    q(24, 'Security Terminal 5F', false, 'T5', 59.65176, 17.93376, 6),
  ];
}

/** The v2 body the gateway sends for these queues. */
export function waitBody(queues: Queue[]) {
  return {
    activeMeasurementStations: queues.length,
    waitTimes: queues.map((q) => ({
      id: q.id,
      queueName: q.name,
      currentTime: q.measuredAt,
      currentProjectedWaitTime: q.minutes,
      isFastTrack: q.isFastTrack,
      terminal: q.terminal,
      latitude: q.latitude,
      longitude: q.longitude,
      overflow: q.overflow,
    })),
  };
}

export const AIRPORTS: Airport[] = [
  { iata: 'ARN', name: 'Stockholm Arlanda', localDisplayName: 'Stockholm Arlanda Airport', displayName: 'Stockholm Arlanda Airport' },
  { iata: 'BMA', name: 'Bromma Stockholm', localDisplayName: 'Bromma Stockholm Airport', displayName: 'Bromma Stockholm Airport' },
  { iata: 'GOT', name: 'Göteborg Landvetter', localDisplayName: 'Göteborg Landvetter Airport', displayName: 'Göteborg Landvetter Airport' },
  { iata: 'MMX', name: 'Malmö', localDisplayName: 'Malmö Airport', displayName: 'Malmö Airport' },
];

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export interface SentRequest {
  path: string;
  key: string | null;
}

/**
 * Stubs `fetch` like the gateway: `/airportinfo/…` answers the airport list, `/waittimepublic/…/{IATA}`
 * answers `waits(iata, key)`. Every request is logged.
 */
export function serveAirportApi(
  waits: (iata: string, key: string | null) => Response | Promise<Response>,
  flights: (iata: string, flight: string, date: string) => Response | Promise<Response> = (iata, flight, date) =>
    json(`No departure flightdata found for ${flight} at ${iata} on the ${date}`, 400),
) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const key = new Headers(init?.headers).get('Ocp-Apim-Subscription-Key');
    sent.push({ path: url.pathname + url.search, key });
    // Each product checks its own keys, like the real gateway.
    if (url.pathname.startsWith('/airportinfo/'))
      return key === INFO ? json(AIRPORTS) : json({ statusCode: 401, message: 'Access denied due to invalid subscription key.' }, 401);
    const flight = /^\/waittimepublic\/v2\/airports\/([^/]+)\/flights$/.exec(url.pathname);
    if (flight) return flights(decodeURIComponent(flight[1]!), url.searchParams.get('flightid') ?? '', url.searchParams.get('date') ?? '');
    const match = /^\/waittimepublic\/v[12]\/airports\/([^/]+)$/.exec(url.pathname);
    if (!match) return json({ statusCode: 404, message: 'Resource not found' }, 404);
    return waits(decodeURIComponent(match[1]!), key);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock, waitRequests: () => sent.filter((r) => r.path.startsWith('/waittimepublic/')) };
}

export async function configure(keys: { primary: string; secondary: string; info?: string } = { primary: PRIMARY, secondary: '' }) {
  await airportApiUrl.setValue(BASE_URL);
  await airportKeys.setValue(keys);
}

/** These queues as the board Swedavia's API gives for `iata` (lib/airport/sources/swedavia-board.ts). */
export function apiBoard(queues: Queue[], iata = 'ARN', activeStations: number | null = null): AirportBoard {
  return boardOfWaitTimes(iata, { queues, measuredAt: queues[0]?.measuredAt ?? null, activeStations });
}

/**
 * Stubs `fetch` for the airports' website feeds, by host (their default addresses,
 * lib/airport/sources/catalog.ts); every request is logged. Anything else answers 404.
 */
export function serveFeeds(feeds: Record<string, (url: URL) => Response | Promise<Response>>) {
  const sent: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    sent.push(url.href);
    const answer = feeds[url.host];
    return answer ? answer(url) : new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { sent, fetchMock };
}

/**
 * The permissions API the fake browser lacks: the origins granted so far, and the person's answer
 * to a prompt (`answer`), which grants the origin asked for when true.
 */
export function stubHostAccess(granted: string[] = [], answer = true) {
  const origins = new Set(granted);
  const permissions = {
    contains: vi.fn(async ({ origins: asked = [] }: { origins?: string[] }) => asked.every((origin) => origins.has(origin))),
    request: vi.fn(async ({ origins: asked = [] }: { origins?: string[] }) => {
      if (permissions.answer) for (const origin of asked) origins.add(origin);
      return permissions.answer;
    }),
    answer,
  };
  (fakeBrowser as unknown as { permissions: object }).permissions = permissions;
  return permissions;
}
