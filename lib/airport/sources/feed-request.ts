import { requestJson, type HttpError } from '../../http';
import { fail, ok } from '../../result';
import { type AirportBoard, type Checkpoint, latestMeasurement, type SourceId } from '../airport-board';
import { toAirportError } from '../errors';
import type { AirportError, AirportResult } from '../types';

/**
 * One GET of a website's wait-time feed (docs/airport-sources.md), sorted into a JSON body or an
 * airport error. Every feed is a public page of a website: no key, no cookie, nothing but the
 * headers the feed needs.
 */

export interface FeedConfig {
  /** The feed's full address, the airport's code filled in. */
  url: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The most bytes read of a feed: the largest, Frankfurt's, lists about a dozen checkpoints in
 * under 4 KiB; 256 KiB holds hundreds with room to spare, and no broken or hostile site fills the
 * panel's memory.
 */
export const FEED_MAX_BYTES = 256 * 1024;

/** A website's answer in the airport taxonomy: a refusal is `blocked` (no key to blame), a web page is `not-a-feed`. */
function feedError(error: HttpError): AirportError {
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') {
    const blocked: AirportError = { kind: 'blocked', calls: 1 };
    if (error.status !== undefined) blocked.status = error.status;
    return blocked;
  }
  if (error.kind === 'unexpected') return { kind: error.detail === 'html' ? 'not-a-feed' : 'feed-changed', calls: 1, status: error.status };
  return toAirportError(error, 1);
}

/** The feed's JSON body, or why there is none. Counts one request whatever happened (`calls: 1`). */
export async function getFeed(cfg: FeedConfig, headers: Record<string, string> = {}): Promise<AirportResult<unknown>> {
  const answer = await requestJson(
    cfg.url,
    {
      method: 'GET',
      headers: { Accept: 'application/json', ...headers },
      // A website's cookies are no business of Pushgate's, and a refresh must really ask.
      credentials: 'omit',
      cache: 'no-store',
    },
    { maxBytes: FEED_MAX_BYTES, fetch: cfg.fetch, timeoutMs: cfg.timeoutMs },
  );
  if (!answer.ok) return fail(feedError(answer.error));
  // An empty 200 holds no wait times, nor says that there are none.
  if (answer.value.body === undefined) return fail({ kind: 'feed-changed', calls: 1, status: answer.value.status });
  return ok(answer.value.body);
}

/**
 * A feed's checkpoints as the board, or `feed-changed` when the parser found none of the shape it
 * knows (null). A measurement more than 10 minutes ahead of `now` is a clock Pushgate misread, not
 * a time: dropped, and the board is dated by when it was fetched.
 */
export function boardOf(
  source: SourceId,
  iata: string,
  timeZone: string,
  checkpoints: Checkpoint[] | null,
  now: number,
): AirportResult<AirportBoard> {
  if (!checkpoints) return fail({ kind: 'feed-changed', calls: 1 });
  const dated = checkpoints.map((checkpoint) =>
    checkpoint.measuredAt && Date.parse(checkpoint.measuredAt) > now + 10 * 60_000 ? { ...checkpoint, measuredAt: null } : checkpoint,
  );
  return ok({ source, iata, timeZone, checkpoints: dated, measuredAt: latestMeasurement(dated), activeStations: null });
}

type Fields = Record<string, unknown>;

export const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field by name in any case: the feeds' keys changed case before (Oslo's, docs/airport-sources.md#osl). */
export function field(record: Fields, ...names: string[]): unknown {
  for (const name of names) {
    if (name in record) return record[name];
    const lower = name.toLowerCase();
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === lower);
    if (key !== undefined) return record[key];
  }
  return undefined;
}

/** Whether any of the names is a field of the record, in any case. */
export const hasField = (record: Fields, ...names: string[]): boolean => field(record, ...names) !== undefined;

/** Natural order: "Terminal 2" before "Terminal 10", "VF2" before "VF10". */
export const natural = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
