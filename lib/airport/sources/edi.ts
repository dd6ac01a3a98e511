import type { AirportBoard, Checkpoint } from '../airport-board';
import type { AirportResult } from '../types';
import { readWaitNumber } from '../wait-text';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, hasField, isRecord } from './feed-request';

/**
 * Edinburgh Airport's feed (docs/airport-sources.md#edi): `{queue, minutes}`, measured by
 * Bluetooth, one figure for the airport's security hall.
 */

/** The airport's one checkpoint; null when the answer has no `minutes` (the feed changed). */
export function parseEdi(body: unknown): Checkpoint[] | null {
  if (!isRecord(body) || !hasField(body, 'minutes')) return null;
  return [
    {
      id: 'security',
      name: 'Security',
      terminal: null,
      fastTrack: false,
      wait: readWaitNumber(field(body, 'minutes'), 'minutes'),
      measuredAt: null,
    },
  ];
}

export async function readEdi(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.edi.headers);
  if (!body.ok) return body;
  return boardOf('edi', 'EDI', airportTimeZone('EDI'), parseEdi(body.value), now);
}
