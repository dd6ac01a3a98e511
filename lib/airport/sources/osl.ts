import type { AirportBoard, Checkpoint } from '../airport-board';
import type { AirportResult } from '../types';
import { readWaitNumber, readWaitText } from '../wait-text';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, hasField, isRecord } from './feed-request';

/**
 * Avinor's feed for Oslo (docs/airport-sources.md#osl): one figure for the whole airport,
 * `timeMinutesRounded`. The key was `TimeMinutesRounded` before, and earlier `QueueTime`, a
 * "… min" string; a negative figure was seen and means no queue.
 */

/** The airport's one checkpoint; null when the answer has none of the keys above (the feed changed). */
export function parseOsl(body: unknown): Checkpoint[] | null {
  if (!isRecord(body) || !hasField(body, 'timeMinutesRounded', 'queueTime')) return null;
  const figure = field(body, 'timeMinutesRounded');
  const wait = figure !== undefined ? readWaitNumber(figure, 'minutes') : readWaitText(field(body, 'queueTime'));
  return [{ id: 'security', name: 'Security', terminal: null, fastTrack: false, wait, measuredAt: null }];
}

export async function readOsl(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.osl.headers);
  if (!body.ok) return body;
  return boardOf('osl', 'OSL', airportTimeZone('OSL'), parseOsl(body.value), now);
}
