import type { AirportBoard, Checkpoint } from '../airport-board';
import { readGateSpans } from '../gates';
import type { AirportResult } from '../types';
import { readWaitNumber, readWaitText } from '../wait-text';
import { airportTimeZone, SOURCES } from './catalog';
import { boardOf, type FeedConfig, field, getFeed, isRecord } from './feed-request';
import { isFastTrackName } from './swedavia-web';

/**
 * Frankfurt Airport's feed (docs/airport-sources.md#fra): `{data: [{ps, status}]}`, free text.
 * `ps` names the checkpoint on its first line and the gates it serves on the next
 * ("Security checkpoint, Concourse A\r\nDeparture gates: A1 - A69"); `status` is the wait
 * ("5 - 10 min") or words ("closed"), which are shown as the website's own.
 */

/** Concourses A, B, C (and Z, above A) are Terminal 1; D and E are Terminal 2. */
const CONCOURSE_TERMINAL: Record<string, string> = { A: 'T1', B: 'T1', C: 'T1', Z: 'T1', D: 'T2', E: 'T2' };

export function fraTerminal(name: string): string | null {
  const terminal = /\bterminal\s*(\d+)/i.exec(name);
  if (terminal) return `T${Number(terminal[1])}`;
  const concourse = /\b(?:concourse|halle|flugsteig)\s*([A-Z])\b/i.exec(name);
  return concourse ? (CONCOURSE_TERMINAL[concourse[1]!.toUpperCase()] ?? null) : null;
}

function checkpointOf(entry: unknown): Checkpoint | undefined {
  if (!isRecord(entry)) return undefined;
  const ps = field(entry, 'ps');
  if (typeof ps !== 'string' || !ps.trim()) return undefined;
  const [first = '', ...rest] = ps.split(/\r?\n/).map((line) => line.trim());
  const gateLines = rest.filter((line) => /gate|flugsteig/i.test(line));
  const status = field(entry, 'status');
  const text = typeof status === 'string' ? status.trim() : '';
  const checkpoint: Checkpoint = {
    id: first,
    name: first,
    terminal: fraTerminal(first),
    fastTrack: isFastTrackName(first),
    wait: typeof status === 'number' ? readWaitNumber(status, 'minutes') : readWaitText(status),
    measuredAt: null,
  };
  if (!checkpoint.wait && text) checkpoint.said = text;
  const gates = gateLines.flatMap((line) => readGateSpans(line.replace(/^[^:]*:/, '')));
  if (gates.length > 0) checkpoint.gates = gates;
  return checkpoint;
}

/** The checkpoints of an answer, in the feed's order; null when it holds none (the feed changed). */
export function parseFra(body: unknown): Checkpoint[] | null {
  if (!isRecord(body)) return null;
  const data = field(body, 'data');
  if (!Array.isArray(data)) return null;
  const checkpoints = data.flatMap((entry) => checkpointOf(entry) ?? []);
  return data.length > 0 && checkpoints.length === 0 ? null : checkpoints;
}

export async function readFra(cfg: FeedConfig, now = Date.now()): Promise<AirportResult<AirportBoard>> {
  const body = await getFeed(cfg, SOURCES.fra.headers);
  if (!body.ok) return body;
  return boardOf('fra', 'FRA', airportTimeZone('FRA'), parseFra(body.value), now);
}
