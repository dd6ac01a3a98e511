import type { Wait } from '../airport/airport-board';
import type { MyFlight } from '../airport/flight';

/**
 * A watch on a queue (docs/watches.md): stored in `storage.local` (lib/settings/watches.ts), so it
 * outlives the service worker and the browser's restart; checked by the background
 * (./background.ts) every five minutes while it lasts. Types only.
 */

export type WatchRule =
  /** The wait is certainly under N minutes: the whole reading lies below ("5–10 min" is under 15, not under 10). */
  | { kind: 'under'; minutes: number }
  /** The wait is certainly over N minutes: the whole reading lies above. */
  | { kind: 'over'; minutes: number }
  /** My flight's leave-by moved earlier by `LEAVE_EARLIER_MINUTES` or more since the watch was set. */
  | { kind: 'leave-earlier' };

export type WatchTarget =
  /** One checkpoint's row: its id in the board, and its name as the feed gave it (server text). */
  | { kind: 'checkpoint'; id: string; name: string }
  /**
   * My flight: the wait leave-by counts (its checkpoints' longest). `baselineMinutes`: that wait
   * when the watch was set (null: none measured), against which leaving earlier is judged.
   */
  | { kind: 'flight'; flight: MyFlight & { departs: string }; baselineMinutes: number | null };

export interface Watch {
  /** Random, made when it is set. */
  id: string;
  /** Upper case. */
  iata: string;
  target: WatchTarget;
  rule: WatchRule;
  setAt: number;
  /** Six hours after `setAt`, or My flight's departure if sooner. */
  endsAt: number;
  /** The last reading it was checked against, and when it was measured. */
  last?: { wait: Wait | null; measuredAt: number; checkedAt: number };
}

export type WatchEndReason =
  /** Its condition was met: the notification went out. */
  | 'met'
  /** Six hours passed. */
  | 'expired'
  /** My flight's departure has passed. */
  | 'flight-left'
  /** My flight was changed or forgotten. */
  | 'flight-changed'
  /** Swedavia's monthly quota would run out (./quota.ts). */
  | 'quota'
  /** Host access to the airport's source was taken back. */
  | 'no-access'
  /** The airport has no source any more (settings changed). */
  | 'no-source'
  /** The source answered what only the person can fix (a refused key, a moved address). */
  | 'source-error'
  /** The person pressed Stop. */
  | 'stopped';

export interface EndedWatch extends Watch {
  endedAt: number;
  reason: WatchEndReason;
}

/** The background's own bookkeeping, beside the watches. */
export interface WatchesState {
  /** When the last check ran (a request, or the saved board read). */
  lastCheckAt: number | null;
  /** Why checks are paused now, if they are. */
  paused: 'idle' | 'offline' | null;
}
