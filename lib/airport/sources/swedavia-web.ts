import type { Checkpoint } from '../airport-board';
import { readWaitNumber, readWaitText } from '../wait-text';
import type { AirportResult } from '../types';
import type { AirportBoard } from '../airport-board';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, isRecord } from './feed-request';

/**
 * Swedavia's website feed, `GET /services/queuetimes/v2/airport/en/{IATA}/true`, read without a
 * key (docs/airport-sources.md#swedavia-web): `{queueTimesList: [{locationName, interval}]}`, and
 * the older form `{QueueTimesList: [{LongId, LocationName, Interval, CurrentProjectedQueueTime}]}`
 * with the queue in seconds. It names checkpoints ("Terminal 5F") and states intervals ("5-10
 * min", "at least 45 min"); it says nothing of when it measured.
 */

/** "Terminal 5F" → `T5`; "Terminal 2 FastTrack" → `T2`; null without a terminal number. */
export function terminalOf(name: string): string | null {
  const match = /\bterminal\s*(\d+)/i.exec(name);
  return match ? `T${Number(match[1])}` : null;
}

export const isFastTrackName = (name: string): boolean => /fast\s*-?\s*track|fast\s*lane/i.test(name);

function checkpointOf(entry: unknown): Checkpoint | undefined {
  if (!isRecord(entry)) return undefined;
  const name = field(entry, 'locationName');
  if (typeof name !== 'string' || !name.trim()) return undefined;
  const id = field(entry, 'longId');
  const interval = readWaitText(field(entry, 'interval'));
  const wait = interval ?? readWaitNumber(field(entry, 'currentProjectedQueueTime'), 'seconds');
  return {
    id: typeof id === 'string' || typeof id === 'number' ? String(id) : name.trim(),
    name: name.trim(),
    terminal: terminalOf(name),
    fastTrack: isFastTrackName(name),
    wait,
    measuredAt: null,
  };
}

/** The checkpoints of an answer; null when it holds no list of the shape above (the feed changed). */
export function parseSwedaviaWeb(body: unknown): Checkpoint[] | null {
  if (!isRecord(body)) return null;
  const list = field(body, 'queueTimesList');
  if (!Array.isArray(list)) return null;
  const checkpoints = list.flatMap((entry) => checkpointOf(entry) ?? []);
  // Entries without one readable name: not the list Pushgate knows, and "no queues" would be false.
  return list.length > 0 && checkpoints.length === 0 ? null : checkpoints;
}

export async function readSwedaviaWeb(cfg: FeedConfig, iata: string, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES['swedavia-web'].headers);
  if (!body.ok) return body;
  return boardOf('swedavia-web', iata, airportTimeZone(iata), parseSwedaviaWeb(body.value), now);
}
