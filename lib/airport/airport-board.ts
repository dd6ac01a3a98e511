/**
 * The one board the side panel draws, whatever published it: Swedavia's keyed API, Swedavia's
 * website, or an airport's own website (docs/airport-sources.md). Plain data, free of i18n and of
 * any source's wire format, so it can be saved, drawn, counted for "leave by" and kept as readings.
 */

/** Every publisher Pushgate reads. `swedavia-api` needs a subscription key; the others are websites' own feeds. */
export type SourceId = 'swedavia-api' | 'swedavia-web' | 'cph' | 'osl' | 'ams' | 'fra' | 'muc' | 'dus' | 'dub' | 'edi';

/** The website feeds: every source but Swedavia's keyed API. */
export type FeedId = Exclude<SourceId, 'swedavia-api'>;

/**
 * A wait as the feed states it, in whole minutes. Never a guess: a value the feed did not give is
 * no `Wait` at all (`Checkpoint.wait` is null), and 0 only where the feed said 0.
 */
export type Wait =
  /** "12", "= 5", 720 seconds. */
  | { kind: 'minutes'; minutes: number }
  /** "10-15", "10–15 min". */
  | { kind: 'range'; from: number; to: number }
  /** "< 5", "under 5": less than `minutes`. */
  | { kind: 'under'; minutes: number }
  /** At most `minutes`, whatever the feed's unit (Munich's, docs/airport-sources.md#muc). */
  | { kind: 'at-most'; minutes: number }
  /**
   * "> 20 min", "at least 45", "45+": `minutes` or more. `overflow`: Swedavia's API says the queue
   * reaches past the measured area, so the minutes are only what was measured (docs/airport-api.md#overflow).
   */
  | { kind: 'at-least'; minutes: number; overflow?: boolean };

/** Gates a checkpoint serves, as Frankfurt's feed names them: `A1 - A69` is `{ prefix: 'A', from: 1, to: 69 }`. */
export interface GateSpan {
  prefix: string;
  from: number;
  to: number;
}

export interface Checkpoint {
  /** Stable within its source and airport (Swedavia's id, a terminal, a filter name): readings are kept by it. */
  id: string;
  /** As the feed names it: server text. */
  name: string;
  /** `T2`; null where the feed names none. */
  terminal: string | null;
  fastTrack: boolean;
  /** Null: the feed lists the checkpoint but gave no value Pushgate can read (its shape changed). */
  wait: Wait | null;
  /** The feed's own words where they hold no number (Frankfurt's free text, e.g. "closed"): server text. */
  said?: string;
  /** ISO 8601 UTC; null where the feed gives no time for it. */
  measuredAt: string | null;
  /** Frankfurt: the gates behind this checkpoint. */
  gates?: GateSpan[];
  /** Swedavia's API: the checkpoint's own position (WGS84). */
  position?: { latitude: number; longitude: number };
}

export interface AirportBoard {
  source: SourceId;
  /** Upper case, e.g. `CPH`. */
  iata: string;
  /** The airport's IANA zone: every time of this board is read on its clock. */
  timeZone: string;
  checkpoints: Checkpoint[];
  /** The latest measurement of its checkpoints; null where the feed gives no time. */
  measuredAt: string | null;
  /** Swedavia's `activeMeasurementStations`; null for every other source. */
  activeStations: number | null;
}

/** The latest of the checkpoints' measurements (ISO strings of one form compare as times), or null. */
export function latestMeasurement(checkpoints: readonly Pick<Checkpoint, 'measuredAt'>[]): string | null {
  return checkpoints.reduce<string | null>(
    (max, { measuredAt }) => (measuredAt && (max === null || measuredAt > max) ? measuredAt : max),
    null,
  );
}

/** Only the fields of a checkpoint: nothing else that rides along is saved (the boards, the paint snapshot). */
export function checkpointFields(checkpoint: Checkpoint): Checkpoint {
  const { id, name, terminal, fastTrack, wait, said, measuredAt, gates, position } = checkpoint;
  const copy: Checkpoint = { id, name, terminal, fastTrack, wait: wait && { ...wait }, measuredAt };
  if (said !== undefined) copy.said = said;
  if (gates) copy.gates = gates.map(({ prefix, from, to }) => ({ prefix, from, to }));
  if (position) copy.position = { latitude: position.latitude, longitude: position.longitude };
  return copy;
}
