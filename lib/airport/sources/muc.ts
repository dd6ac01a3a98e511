import type { AirportBoard, Checkpoint, Wait } from '../airport-board';
import type { AirportResult } from '../types';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, isRecord, natural } from './feed-request';

/**
 * Munich Airport's feed (docs/airport-sources.md#muc): `{queueTimes: {current: [{queueId,
 * projectedWaitTime}]}}`, whose unit it does not state. The public collector guesses seconds
 * when both economy queues read above 20; Pushgate does not guess. A figure above two hours can
 * only be seconds (no Munich queue is that long), and then the whole answer is read in seconds.
 * Otherwise each figure is shown as what holds in either unit: at most that many minutes (12 is
 * 12 minutes, or 12 seconds, which is less); 0 is 0 either way.
 */

const SECONDS_ABOVE = 120;

/** `T2_Abflug_SIKO_ECO_NORD` → Terminal 2, "Security North"; parts Pushgate does not know stay as they are. */
export function mucName(queueId: string): { name: string; terminal: string | null; fastTrack: boolean } {
  const parts = queueId.split('_');
  const terminal = /^T(\d+)$/i.exec(parts[0] ?? '');
  const words: Record<string, string> = { NORD: 'North', SUED: 'South', OST: 'East', WEST: 'West', MITTE: 'Centre' };
  const side = parts.find((part) => words[part.toUpperCase()]);
  const fastTrack = parts.some((part) => /^(FT|FAST|FASTLANE|FASTTRACK|PRIO|PRIORITY)$/i.test(part));
  const name = /SIKO/i.test(queueId)
    ? ['Security', side ? words[side.toUpperCase()] : null, fastTrack ? 'Fast Lane' : null].filter(Boolean).join(' ')
    : queueId;
  return { name, terminal: terminal ? `T${Number(terminal[1])}` : null, fastTrack };
}

function waitOf(figure: unknown, inSeconds: boolean): Wait | null {
  if (typeof figure !== 'number' || !Number.isFinite(figure)) return null;
  if (figure < 0) return { kind: 'under', minutes: 1 };
  if (figure === 0) return { kind: 'minutes', minutes: 0 };
  if (inSeconds) return figure < 30 ? { kind: 'under', minutes: 1 } : { kind: 'minutes', minutes: Math.round(figure / 60) };
  return { kind: 'at-most', minutes: Math.ceil(figure) };
}

/** The queues of an answer; null when it holds no list of them (the feed changed). */
export function parseMuc(body: unknown): Checkpoint[] | null {
  const times = isRecord(body) ? field(body, 'queueTimes') : undefined;
  const current = isRecord(times) ? field(times, 'current') : undefined;
  if (!Array.isArray(current)) return null;
  const entries = current.filter(isRecord).filter((entry) => typeof field(entry, 'queueId') === 'string');
  if (current.length > 0 && entries.length === 0) return null;
  const figures = entries.map((entry) => field(entry, 'projectedWaitTime'));
  const inSeconds = figures.some((figure) => typeof figure === 'number' && figure > SECONDS_ABOVE);
  return entries
    .map((entry) => {
      const queueId = String(field(entry, 'queueId')).trim();
      return { id: queueId, ...mucName(queueId), wait: waitOf(field(entry, 'projectedWaitTime'), inSeconds), measuredAt: null };
    })
    .sort((a, b) => natural(a.terminal ?? '', b.terminal ?? '') || Number(a.fastTrack) - Number(b.fastTrack) || natural(a.id, b.id));
}

export async function readMuc(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.muc.headers);
  if (!body.ok) return body;
  return boardOf('muc', 'MUC', airportTimeZone('MUC'), parseMuc(body.value), now);
}
