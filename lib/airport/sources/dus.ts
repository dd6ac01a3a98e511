import type { AirportBoard, Checkpoint } from '../airport-board';
import type { AirportResult } from '../types';
import { readWaitNumber, readWaitText } from '../wait-text';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, isRecord } from './feed-request';
import { isFastTrackName } from './swedavia-web';

/**
 * Düsseldorf Airport's feed (docs/airport-sources.md#dus): `{data: [{name: "Sicherheitskontrolle
 * A", waitingTime}]}`, minutes, asked for with `X-Requested-With: XMLHttpRequest` (without it the
 * site answers its web page).
 */

function checkpointOf(entry: unknown): Checkpoint | undefined {
  if (!isRecord(entry)) return undefined;
  const name = field(entry, 'name');
  if (typeof name !== 'string' || !name.trim()) return undefined;
  const figure = field(entry, 'waitingTime');
  return {
    id: name.trim(),
    name: name.trim(),
    terminal: null,
    fastTrack: isFastTrackName(name),
    wait: typeof figure === 'string' ? readWaitText(figure) : readWaitNumber(figure, 'minutes'),
    measuredAt: null,
  };
}

/** The checkpoints of an answer, in the feed's order; null when it holds none (the feed changed). */
export function parseDus(body: unknown): Checkpoint[] | null {
  if (!isRecord(body)) return null;
  const data = field(body, 'data');
  if (!Array.isArray(data)) return null;
  const checkpoints = data.flatMap((entry) => checkpointOf(entry) ?? []);
  return data.length > 0 && checkpoints.length === 0 ? null : checkpoints;
}

export async function readDus(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.dus.headers);
  if (!body.ok) return body;
  return boardOf('dus', 'DUS', airportTimeZone('DUS'), parseDus(body.value), now);
}
