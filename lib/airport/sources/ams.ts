import type { AirportBoard, Checkpoint } from '../airport-board';
import type { AirportResult } from '../types';
import { readWaitNumber } from '../wait-text';
import { feedInstant, isoUtc } from '../zone';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, hasField, isRecord, natural } from './feed-request';

/**
 * Schiphol's feed (docs/airport-sources.md#ams): one entry per security filter,
 * `{VF1: {waitTimeInSeconds, updated}, …}`, in seconds, each with its own measurement time.
 */

const ZONE = 'Europe/Amsterdam';

/** `VF1` → "Security filter 1"; another name as it is. */
export function filterName(key: string): string {
  const match = /^VF\s*(\d+)$/i.exec(key);
  return match ? `Security filter ${Number(match[1])}` : key;
}

/** The filters' checkpoints; null when the answer holds no filter (the feed changed). */
export function parseAms(body: unknown): Checkpoint[] | null {
  if (!isRecord(body)) return null;
  const filters = Object.entries(body).filter(([, entry]) => isRecord(entry)) as Array<[string, Record<string, unknown>]>;
  // Not one filter with its figure: not the feed Pushgate knows (one filter without it is one value missing).
  if (!filters.some(([, entry]) => hasField(entry, 'waitTimeInSeconds'))) return null;
  return filters
    .sort(([a], [b]) => natural(a, b))
    .map(([key, entry]) => {
      const updated = feedInstant(field(entry, 'updated'), ZONE);
      return {
        id: key,
        name: filterName(key),
        terminal: null,
        fastTrack: false,
        wait: readWaitNumber(field(entry, 'waitTimeInSeconds'), 'seconds'),
        measuredAt: updated === undefined ? null : isoUtc(updated),
      };
    });
}

export async function readAms(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.ams.headers);
  if (!body.ok) return body;
  return boardOf('ams', 'AMS', airportTimeZone('AMS'), parseAms(body.value), now);
}
