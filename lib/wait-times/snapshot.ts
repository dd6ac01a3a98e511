import { queueFields } from '@/lib/airport/board';
import { isCurrentFlight, type MyFlight } from '@/lib/airport/flight';
import { SWEDAVIA_AIRPORTS } from '@/lib/airport/swedavia-airports';
import type { Airport, Queue } from '@/lib/airport/types';
import { DEFAULT_LEAVE_BY_BUFFERS } from '@/lib/settings/airport';
import type { CachedBoard } from '@/lib/wait-times/cache';
import type { PanelStart } from './panel-start';
import { PAINT_SNAPSHOT_KEY } from './snapshot-key';

/**
 * The side panel's paint snapshot: what its opening airport's saved board needs, in the extension
 * origin's localStorage. A page reads localStorage synchronously, with no message to the browser
 * process and no IndexedDB open, so the panel draws the last board in its very first task; the
 * read of the settings and IndexedDB (./panel-start.ts), the source of truth, then updates it like
 * any other state change, and the panel keeps the snapshot in step with what it shows.
 *
 * Public wait-time data only, and the person's own airport choices: never the API address (it
 * may carry credentials) and never a key.
 */
/** Raised whenever the shape changes: a snapshot of another version is ignored. */
const PAINT_SNAPSHOT_VERSION = 1;

export interface PaintSnapshot {
  v: typeof PAINT_SNAPSHOT_VERSION;
  /** The UI language it was drawn in (airport names depend on it). */
  lang: string;
  iata: string;
  favourites: string[];
  recents: string[];
  /** "My flight" when it is on this airport. */
  flight: MyFlight | null;
  /** The saved airport list; null for the list shipped with Pushgate. */
  airports: Airport[] | null;
  board: Pick<CachedBoard, 'queues' | 'measuredAt' | 'fetchedAt'> & { activeStations: number | null };
}

const airportOf = ({ iata, name, displayName, localDisplayName }: Airport): Airport => ({ iata, name, displayName, localDisplayName });

/** What the first paint of `start` draws, as a snapshot; null when it draws nothing (no board, not set up). */
export function snapshotOf(
  start: Pick<PanelStart, 'settings' | 'iata' | 'board'> & { airports: readonly Airport[] | null },
  lang: string,
): PaintSnapshot | null {
  const { settings, iata, board } = start;
  if (!settings.configured || !iata || !board || board.iata !== iata) return null;
  const flight = settings.flight?.iata === iata ? settings.flight : null;
  return {
    v: PAINT_SNAPSHOT_VERSION,
    lang,
    iata,
    favourites: [...settings.favourites],
    recents: [...settings.recents],
    flight: flight && {
      iata: flight.iata,
      flight: flight.flight,
      date: flight.date,
      ...(flight.departs === undefined ? {} : { departs: flight.departs }),
    },
    airports: start.airports && start.airports !== SWEDAVIA_AIRPORTS ? start.airports.map(airportOf) : null,
    board: {
      queues: board.queues.map(queueFields),
      measuredAt: board.measuredAt,
      activeStations: board.activeStations ?? null,
      fetchedAt: board.fetchedAt,
    },
  };
}

/**
 * The start the panel is drawn with until the read arrives; a flight whose date has passed is left
 * out, as the read does. Only what the snapshot knows: no refresh interval and no call count.
 */
export function startOfSnapshot(snapshot: PaintSnapshot, now: number = Date.now()): PanelStart {
  const { iata, favourites, recents, flight, airports, board } = snapshot;
  return {
    settings: {
      configured: true,
      intervalMs: 0,
      defaultAirport: iata,
      recents,
      favourites,
      flight: isCurrentFlight(flight, now) ? flight : null,
      // "Leave by" needs the flight's own queues, which only the network brings, after the read.
      buffers: DEFAULT_LEAVE_BY_BUFFERS,
      connectionVersion: 0,
    },
    iata,
    board: { baseUrl: '', iata, ...board },
    airportList: airports && { baseUrl: '', airports, fetchedAt: 0, fresh: true },
    calls: null,
  };
}

/** The saved snapshot for this UI language, or null: none, unreadable, malformed, of another version or language. */
export function readPaintSnapshot(lang: string): PaintSnapshot | null {
  try {
    const text = localStorage.getItem(PAINT_SNAPSHOT_KEY);
    if (text === null) return null;
    const snapshot: unknown = JSON.parse(text);
    return isSnapshot(snapshot) && snapshot.lang === lang ? snapshot : null;
  } catch {
    // Storage switched off, or not JSON: drawn by the components, as without a snapshot.
    return null;
  }
}

/** Keeps `snapshot` for the next opening, or removes the saved one (null). Storage errors are ignored: it is only a cache. */
export function writePaintSnapshot(snapshot: PaintSnapshot | null): void {
  try {
    const text = snapshot && JSON.stringify(snapshot);
    // The live panel offers the same snapshot on every render of the same board: no disk write then.
    if (text === localStorage.getItem(PAINT_SNAPSHOT_KEY)) return;
    if (text) localStorage.setItem(PAINT_SNAPSHOT_KEY, text);
    else localStorage.removeItem(PAINT_SNAPSHOT_KEY);
  } catch {
    // Full or switched off: the next opening waits for IndexedDB, as before.
  }
}

type Shape = Record<string, unknown>;
const isObject = (value: unknown): value is Shape => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCode = (value: unknown): value is string => isString(value) && value !== '';
const isArrayOf = <T>(value: unknown, item: (entry: unknown) => entry is T): value is T[] => Array.isArray(value) && value.every(item);

const isQueue = (value: unknown): value is Queue =>
  isObject(value) &&
  isNumber(value.id) &&
  isString(value.name) &&
  isNumber(value.minutes) &&
  typeof value.isFastTrack === 'boolean' &&
  (value.terminal === null || isString(value.terminal)) &&
  isNumber(value.latitude) &&
  isNumber(value.longitude) &&
  typeof value.overflow === 'boolean' &&
  isString(value.measuredAt);

const isAirport = (value: unknown): value is Airport =>
  isObject(value) && isString(value.iata) && isString(value.name) && isString(value.displayName) && isString(value.localDisplayName);

const isFlight = (value: unknown): value is MyFlight =>
  isObject(value) &&
  isCode(value.iata) &&
  isString(value.flight) &&
  isString(value.date) &&
  (value.departs === undefined || isString(value.departs));

/** A snapshot this version wrote: anything else (an older shape, a hand-edited value) is not drawn. */
function isSnapshot(value: unknown): value is PaintSnapshot {
  if (!isObject(value) || value.v !== PAINT_SNAPSHOT_VERSION || !isString(value.lang) || !isCode(value.iata)) return false;
  const { board } = value;
  return (
    isArrayOf(value.favourites, isCode) &&
    isArrayOf(value.recents, isCode) &&
    (value.flight === null || isFlight(value.flight)) &&
    (value.airports === null || isArrayOf(value.airports, isAirport)) &&
    isObject(board) &&
    isArrayOf(board.queues, isQueue) &&
    (board.measuredAt === null || isString(board.measuredAt)) &&
    (board.activeStations === null || isNumber(board.activeStations)) &&
    isNumber(board.fetchedAt)
  );
}
