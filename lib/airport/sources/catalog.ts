import type { FeedId, SourceId } from '../airport-board';

/**
 * Which airports Pushgate can show, from which publisher, on which clock (docs/airport-sources.md).
 * Data only, no parser: the side panel reads it before its first paint; the parsers come with the
 * first request (./read.ts).
 */

export interface SourceInfo {
  id: SourceId;
  /**
   * The feed's address as the website serves it; `{IATA}` stands for the airport's code. Empty for
   * Swedavia's keyed API, whose address is the Airport API URL setting.
   */
  defaultUrl: string;
  /**
   * How often the publisher renews its figures, in minutes: a board is out of date after two
   * steps and five minutes more. Swedavia's API moves in 15-minute steps
   * (docs/airport-api.md#timestamps), its website shows the same data; the other feeds are polled
   * every 5 minutes by the public code that reads them (docs/airport-sources.md).
   */
  stepMinutes: number;
  /**
   * How My flight finds its checkpoints: Swedavia's API answers per flight; Frankfurt names the
   * gates behind each checkpoint; elsewhere the longest queue of the terminal typed counts.
   */
  flight: 'per-flight' | 'gate' | 'terminal';
  /** Optional request headers the feed needs (a `fetch` may set these). */
  headers?: Record<string, string>;
}

/** The feeds update no faster than this: never asked again sooner (docs/airport-sources.md#refresh). */
export const FEED_FLOOR_MINUTES = 5;

export const SOURCES: Readonly<Record<SourceId, SourceInfo>> = {
  'swedavia-api': { id: 'swedavia-api', defaultUrl: '', stepMinutes: 15, flight: 'per-flight' },
  'swedavia-web': {
    id: 'swedavia-web',
    defaultUrl: 'https://www.swedavia.com/services/queuetimes/v2/airport/en/{IATA}/true',
    stepMinutes: 15,
    flight: 'terminal',
  },
  cph: { id: 'cph', defaultUrl: 'https://cphwaitingtime.z6.web.core.windows.net/waitingtime.json', stepMinutes: 5, flight: 'terminal' },
  osl: { id: 'osl', defaultUrl: 'https://avinor.no/Api/QueueTime/OSL', stepMinutes: 5, flight: 'terminal' },
  ams: { id: 'ams', defaultUrl: 'https://www.schiphol.nl/api/proxy/v3/waittimes/security-filters', stepMinutes: 5, flight: 'terminal' },
  fra: { id: 'fra', defaultUrl: 'https://www.frankfurt-airport.com/wartezeiten/appres/rest/waz?lang=en', stepMinutes: 5, flight: 'gate' },
  muc: {
    id: 'muc',
    defaultUrl: 'https://www.passngr.de/info/generic/data/QueueWaitingTimeEDDM_en.json',
    stepMinutes: 5,
    flight: 'terminal',
  },
  dus: {
    id: 'dus',
    defaultUrl: 'https://www.dus.com/api/sitecore/flightapi/WaitingTimes',
    stepMinutes: 5,
    flight: 'terminal',
    // Without it the site answers its web page, not the feed (docs/airport-sources.md#dus).
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  },
  dub: { id: 'dub', defaultUrl: 'https://www.dublinairport.com/upi/SecurityTimes/GetTimes', stepMinutes: 5, flight: 'terminal' },
  edi: { id: 'edi', defaultUrl: 'https://blip-api.edinburghairport.com/blip-api/blip?version=2', stepMinutes: 5, flight: 'terminal' },
};

/** The website feeds in the order the settings page lists them. */
export const FEED_IDS: readonly FeedId[] = ['swedavia-web', 'cph', 'osl', 'ams', 'fra', 'muc', 'dus', 'dub', 'edi'];

/** Why an airport has no source (docs/airport-sources.md#not-shown). */
export type NoSourceReason =
  /** No public wait times were found. */
  | 'unpublished'
  /** Its feed answers only its own website's origin, which Pushgate will not pose as. */
  | 'origin-locked'
  /** Its feed blocks automated readers. */
  | 'blocked';

export interface CatalogAirport {
  iata: string;
  /** `Intl` zone of the airport's own clock. */
  timeZone: string;
  /** Swedavia's airports go to its API with a key and to its website without; null: no source. */
  source: 'swedavia' | Exclude<FeedId, 'swedavia-web'> | null;
  noSource?: NoSourceReason;
}

const airport = (iata: string, timeZone: string, source: CatalogAirport['source'], noSource?: NoSourceReason): CatalogAirport =>
  noSource ? { iata, timeZone, source, noSource } : { iata, timeZone, source };

const STOCKHOLM = 'Europe/Stockholm';

export const AIRPORT_CATALOG: readonly CatalogAirport[] = [
  airport('ARN', STOCKHOLM, 'swedavia'),
  airport('BMA', STOCKHOLM, 'swedavia'),
  airport('GOT', STOCKHOLM, 'swedavia'),
  airport('MMX', STOCKHOLM, 'swedavia'),
  airport('LLA', STOCKHOLM, 'swedavia'),
  airport('UME', STOCKHOLM, 'swedavia'),
  airport('OSD', STOCKHOLM, 'swedavia'),
  airport('VBY', STOCKHOLM, 'swedavia'),
  airport('RNB', STOCKHOLM, 'swedavia'),
  airport('KRN', STOCKHOLM, 'swedavia'),
  airport('CPH', 'Europe/Copenhagen', 'cph'),
  airport('OSL', 'Europe/Oslo', 'osl'),
  airport('AMS', 'Europe/Amsterdam', 'ams'),
  airport('FRA', 'Europe/Berlin', 'fra'),
  airport('MUC', 'Europe/Berlin', 'muc'),
  airport('DUS', 'Europe/Berlin', 'dus'),
  airport('DUB', 'Europe/Dublin', 'dub'),
  airport('EDI', 'Europe/London', 'edi'),
  airport('HEL', 'Europe/Helsinki', null, 'unpublished'),
  airport('ZRH', 'Europe/Zurich', null, 'unpublished'),
  airport('LHR', 'Europe/London', null, 'origin-locked'),
  airport('IST', 'Europe/Istanbul', null, 'origin-locked'),
  airport('BER', 'Europe/Berlin', null, 'blocked'),
];

/** The catalogue's entry for a code (any case), or undefined for an airport Pushgate knows nothing of. */
export function catalogAirport(iata: string): CatalogAirport | undefined {
  const code = iata.toUpperCase();
  return AIRPORT_CATALOG.find((entry) => entry.iata === code);
}

/**
 * The airport's clock. An airport outside the catalogue can only be a Swedavia one (its
 * AirportInfo list may name more): Stockholm's.
 */
export function airportTimeZone(iata: string): string {
  return catalogAirport(iata)?.timeZone ?? STOCKHOLM;
}

/** The feed's address for one airport: `{IATA}` filled in. */
export function feedUrl(template: string, iata: string): string {
  return template.replaceAll('{IATA}', encodeURIComponent(iata.toUpperCase()));
}
