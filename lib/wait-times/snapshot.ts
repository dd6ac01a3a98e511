import type { AirportBoard } from '@/lib/airport/airport-board';
import { checkpointFields } from '@/lib/airport/airport-board';
import { isAirportBoard } from '@/lib/airport/board-shape';
import { isCurrentFlight, type MyFlight } from '@/lib/airport/flight';
import type { Airport } from '@/lib/airport/types';
import { DEFAULT_LEAVE_BY_BUFFERS } from '@/lib/settings/airport';
import type { CachedBoard } from '@/lib/wait-times/cache';
import type { PanelStart } from './panel-start';
import { PAINT_SNAPSHOT_KEY } from './snapshot-key';

/**
 * The side panel's paint snapshot: what its opening airport's saved board needs, in the extension
 * origin's localStorage. A page reads localStorage synchronously, with no message to the browser
 * process and no IndexedDB open, so the panel draws the last board in its very first task, from
 * whichever source it came; the read of the settings and IndexedDB (./panel-start.ts), the source
 * of truth, then updates it like any other state change, and the panel keeps the snapshot in step
 * with what it shows.
 *
 * Public wait-time data only, and the person's own airport choices: never an address (the API's
 * may carry credentials, a feed's may name a company's proxy) and never a key.
 */
/** Raised whenever the shape changes: a snapshot of another version is ignored. */
const PAINT_SNAPSHOT_VERSION = 2;

export interface PaintSnapshot {
  v: typeof PAINT_SNAPSHOT_VERSION;
  /** The UI language it was drawn in (airport names depend on it). */
  lang: string;
  iata: string;
  favourites: string[];
  recents: string[];
  /** "My flight" when it is on this airport. */
  flight: MyFlight | null;
  /** The saved AirportInfo list; null for the airports Pushgate knows by itself. */
  airports: Airport[] | null;
  board: AirportBoard;
  fetchedAt: number;
}

const airportOf = ({ iata, name, displayName, localDisplayName }: Airport): Airport => ({ iata, name, displayName, localDisplayName });

function flightOf(flight: MyFlight): MyFlight {
  const copy: MyFlight = { iata: flight.iata, flight: flight.flight, date: flight.date };
  if (flight.departs !== undefined) copy.departs = flight.departs;
  if (flight.gate !== undefined) copy.gate = flight.gate;
  if (flight.terminal !== undefined) copy.terminal = flight.terminal;
  return copy;
}

/** What the first paint of `start` draws, as a snapshot; null when it draws no board. */
export function snapshotOf(
  start: Pick<PanelStart, 'settings' | 'iata'> & { board: CachedBoard | null; airports: readonly Airport[] | null },
  lang: string,
): PaintSnapshot | null {
  const { settings, iata, board } = start;
  if (!iata || !board || board.iata !== iata) return null;
  const flight = settings.flight?.iata === iata ? settings.flight : null;
  return {
    v: PAINT_SNAPSHOT_VERSION,
    lang,
    iata,
    favourites: [...settings.favourites],
    recents: [...settings.recents],
    flight: flight && flightOf(flight),
    airports: start.airports ? start.airports.map(airportOf) : null,
    board: { ...board.board, checkpoints: board.board.checkpoints.map(checkpointFields) },
    fetchedAt: board.fetchedAt,
  };
}

/**
 * The start the panel is drawn with until the read arrives; a flight whose date has passed is left
 * out, as the read does. Only what the snapshot knows: no refresh interval and no call count.
 */
export function startOfSnapshot(snapshot: PaintSnapshot, now: number = Date.now()): PanelStart {
  const { iata, favourites, recents, flight, airports, board, fetchedAt } = snapshot;
  return {
    settings: {
      swedaviaKey: board.source === 'swedavia-api',
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
    board: { baseUrl: '', iata, board, fetchedAt },
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
const isCode = (value: unknown): value is string => isString(value) && value !== '';
const isArrayOf = <T>(value: unknown, item: (entry: unknown) => entry is T): value is T[] => Array.isArray(value) && value.every(item);

const isAirport = (value: unknown): value is Airport =>
  isObject(value) && isString(value.iata) && isString(value.name) && isString(value.displayName) && isString(value.localDisplayName);

const isFlight = (value: unknown): value is MyFlight =>
  isObject(value) &&
  isCode(value.iata) &&
  isString(value.flight) &&
  isString(value.date) &&
  (value.departs === undefined || isString(value.departs)) &&
  (value.gate === undefined || isString(value.gate)) &&
  (value.terminal === undefined || isString(value.terminal));

/** A snapshot this version wrote: anything else (an older shape, a hand-edited value) is not drawn. */
function isSnapshot(value: unknown): value is PaintSnapshot {
  if (!isObject(value) || value.v !== PAINT_SNAPSHOT_VERSION || !isString(value.lang) || !isCode(value.iata)) return false;
  return (
    isArrayOf(value.favourites, isCode) &&
    isArrayOf(value.recents, isCode) &&
    (value.flight === null || isFlight(value.flight)) &&
    (value.airports === null || isArrayOf(value.airports, isAirport)) &&
    isAirportBoard(value.board) &&
    value.board.iata === value.iata &&
    typeof value.fetchedAt === 'number' &&
    Number.isFinite(value.fetchedAt)
  );
}
