import type { AirportBoard, Checkpoint } from '../airport-board';
import type { AirportResult } from '../types';
import { readWaitNumber, readWaitText } from '../wait-text';
import { feedInstant, isoUtc } from '../zone';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, getFeed, isRecord } from './feed-request';

/**
 * Copenhagen Airport's feed (docs/airport-sources.md#cph): one object with a value per terminal,
 * `t2WaitingTime` and `t2WaitingTimeInterval` ("10-15"), the same for Terminal 3, and
 * `deliveryId`, a timestamp. Each terminal is its own checkpoint: an average of the two (as the
 * public collector takes) would be a queue nobody stands in.
 */

const ZONE = 'Europe/Copenhagen';
/** The terminals with a security checkpoint: one missing from an answer is a value missing, not a terminal closed. */
const TERMINALS = ['2', '3'];
const KEY = /^t(\d+)WaitingTime(Interval)?$/i;

/** The terminals an answer names, with the expected ones, in order. */
function terminalsOf(body: Record<string, unknown>): string[] {
  const named = Object.keys(body).flatMap((key) => KEY.exec(key)?.[1] ?? []);
  return [...new Set([...TERMINALS, ...named.map((n) => String(Number(n)))])].sort((a, b) => Number(a) - Number(b));
}

function value(body: Record<string, unknown>, terminal: string, interval: boolean): unknown {
  const key = Object.keys(body).find((candidate) => {
    const match = KEY.exec(candidate);
    return match && String(Number(match[1])) === terminal && Boolean(match[2]) === interval;
  });
  return key === undefined ? undefined : body[key];
}

/** The terminals' checkpoints; null when the answer names no terminal at all (the feed changed). */
export function parseCph(body: unknown): Checkpoint[] | null {
  if (!isRecord(body) || !Object.keys(body).some((key) => KEY.test(key))) return null;
  const delivered = feedInstant(body.deliveryId, ZONE);
  const measuredAt = delivered === undefined ? null : isoUtc(delivered);
  return terminalsOf(body).map((terminal) => ({
    id: `T${terminal}`,
    name: `Terminal ${terminal}`,
    terminal: `T${terminal}`,
    fastTrack: false,
    // The interval is what Copenhagen shows its travellers; the figure only when there is none.
    wait: readWaitText(value(body, terminal, true)) ?? readWaitNumber(value(body, terminal, false), 'minutes'),
    measuredAt,
  }));
}

export async function readCph(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.cph.headers);
  if (!body.ok) return body;
  return boardOf('cph', 'CPH', airportTimeZone('CPH'), parseCph(body.value), now);
}
