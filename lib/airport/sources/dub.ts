import type { AirportBoard, Checkpoint } from '../airport-board';
import type { AirportResult } from '../types';
import { readWaitNumber, readWaitText } from '../wait-text';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, getFeed, isRecord, natural } from './feed-request';

/**
 * Dublin Airport's feed (docs/airport-sources.md#dub): `{"T1": "= 5", "T2": "= 12"}`, minutes as
 * strings with an `=` before them; Dublin says each is the median of the previous 15 minutes.
 */

const TERMINALS = ['T1', 'T2'];
const KEY = /^T(\d+)$/i;

/** The terminals' checkpoints; null when the answer names no terminal (the feed changed). */
export function parseDub(body: unknown): Checkpoint[] | null {
  if (!isRecord(body)) return null;
  const named = Object.keys(body).filter((key) => KEY.test(key));
  if (named.length === 0) return null;
  const keys = new Map(named.map((key) => [`T${Number(KEY.exec(key)![1])}`, key]));
  return [...new Set([...TERMINALS, ...keys.keys()])].sort(natural).map((terminal) => {
    const key = keys.get(terminal);
    const value = key === undefined ? undefined : body[key];
    return {
      id: terminal,
      name: `Terminal ${terminal.slice(1)}`,
      terminal,
      fastTrack: false,
      wait: typeof value === 'string' ? readWaitText(value) : readWaitNumber(value, 'minutes'),
      measuredAt: null,
    };
  });
}

export async function readDub(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.dub.headers);
  if (!body.ok) return body;
  return boardOf('dub', 'DUB', airportTimeZone('DUB'), parseDub(body.value), now);
}
