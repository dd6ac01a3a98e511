import type { FeedId, SourceId } from '../airport/airport-board';
import { catalogAirport, feedUrl, type NoSourceReason, SOURCES } from '../airport/sources/catalog';
import type { FeedUrls } from '../settings/airport';
import { originOf, withoutTrailingSlash } from '../url';

/**
 * Where an airport's board comes from, with the person's settings: Swedavia's API with a
 * subscription key, Swedavia's website without one, the airport's own feed, or nowhere
 * (docs/airport-sources.md#not-shown). Pure: no storage, no network.
 */

export type Route =
  | { kind: 'api'; iata: string; source: 'swedavia-api'; address: string }
  | {
      kind: 'feed';
      iata: string;
      source: FeedId;
      /** The feed's address as set, `{IATA}` unfilled: the saved boards are kept by it. */
      address: string;
      /** The address to ask, `{IATA}` filled in. */
      url: string;
      /** The origin whose host access the request needs. */
      origin: string;
    }
  | { kind: 'none'; iata: string; reason: NoSourceReason | 'unknown' };

export interface RouteSettings {
  /** A WaitTime Public key is saved for the Airport API URL. */
  swedaviaKey: boolean;
  apiUrl: string;
  feedUrls: FeedUrls;
}

/** The feed's address as set, or its default. */
export function feedAddress(source: FeedId, feedUrls: FeedUrls): string {
  return feedUrls[source]?.trim() || SOURCES[source].defaultUrl;
}

/** The source an airport's board comes from, or null for an airport without one. */
export function sourceOf(iata: string, swedaviaKey: boolean): SourceId | null {
  const entry = catalogAirport(iata);
  if (!entry?.source) return null;
  if (entry.source === 'swedavia') return swedaviaKey ? 'swedavia-api' : 'swedavia-web';
  return entry.source;
}

export function routeFor(iata: string, settings: RouteSettings): Route {
  const code = iata.toUpperCase();
  const entry = catalogAirport(code);
  const source = sourceOf(code, settings.swedaviaKey);
  if (!source) return { kind: 'none', iata: code, reason: entry?.noSource ?? 'unknown' };
  if (source === 'swedavia-api') return { kind: 'api', iata: code, source, address: withoutTrailingSlash(settings.apiUrl) };
  const address = feedAddress(source, settings.feedUrls);
  const url = feedUrl(address, code);
  return { kind: 'feed', iata: code, source, address, url, origin: originOf(url) };
}

/** The address an airport's saved board is kept under, or null for an airport without a source. */
export function boardAddress(route: Route): string | null {
  return route.kind === 'none' ? null : route.address;
}
