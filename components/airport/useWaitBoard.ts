import { useEffect, useRef, useState } from 'preact/hooks';
import { flightWaitTimes, waitTimes } from '@/lib/airport/client';
import type { MyFlight } from '@/lib/airport/flight';
import { isTransient, retryDelay } from '@/lib/airport/retry';
import type { AirportConfig, AirportError, Queue } from '@/lib/airport/types';
import { readBoard, saveBoard, type CachedBoard } from '@/lib/airport-cache';
import { airportConfig, recordAirportCall } from '@/lib/airport-connection';
import { rememberRecentAirport } from '@/lib/airport-usage';
import { airportApiUrl } from '@/lib/settings';
import { createRefreshScheduler, type RefreshOutcome, type RefreshScheduler, type RefreshState } from '@/lib/wait-refresh';
import { hasHostAccess, hostOf } from './host-access';

export type BoardProblem =
  | { kind: 'not-configured' }
  | { kind: 'no-access'; host: string }
  | { kind: 'airport'; error: AirportError };

/** The queues that serve one departure ("My flight"), or why there are none. */
export interface FlightBoard {
  flight: MyFlight;
  queues: Queue[];
  measuredAt: string | null;
  /** Set when the last flight request failed (e.g. `flight-not-found`); the queues are then empty. */
  error: AirportError | null;
}

export interface WaitBoard {
  /** The last good board of the airport: from IndexedDB at first, then from the network. */
  board: CachedBoard | null;
  problem: BoardProblem | null;
  /** The last refresh failed: what is shown is older than it could be. */
  outdated: boolean;
  /** The primary key was refused and the secondary one answered. */
  usedSecondaryKey: boolean;
  /** "My flight" on this airport, refreshed with the board (one call per refresh); null without one. */
  flightBoard: FlightBoard | null;
  refresh: RefreshState;
  /** The Refresh button; false when nothing was sent (running, or paused by Retry-After). */
  refreshNow: () => boolean;
}

/**
 * A flight asked for on its own this recently is not asked again by a board refresh: when a
 * remembered flight and a due board start together on opening, that is one refresh, one call.
 */
const FLIGHT_REASK_MS = 3_000;
const IDLE: RefreshState = { running: false, pausedUntil: null, nextAt: null, failures: 0 };
const isVisible = () => document.visibilityState === 'visible';

/** A failure only the person can fix stops automatic refresh; quota and rate limits pause it. */
function outcomeOf(error: AirportError, intervalMs: number): RefreshOutcome {
  if (isTransient(error)) return { kind: 'retry' };
  if (error.kind === 'quota' || error.kind === 'rate-limited') {
    return { kind: 'pause', untilMs: Date.now() + (retryDelay(error, 1, intervalMs) ?? intervalMs) };
  }
  return { kind: 'stop' };
}

/** The saved board of one airport, already read (null: none was saved). */
export interface SavedBoard {
  iata: string;
  board: CachedBoard | null;
}

/**
 * The wait times of `iata`: its saved board first, and only once that is on screen (or known
 * absent) the network, when the saved board is older than the interval; then refreshed while
 * the page is visible (lib/wait-refresh). `saved` is the board read before the first paint.
 * Counts every request. Nothing happens while `iata` is null.
 */
export function useWaitBoard(
  iata: string | null,
  intervalMs: number,
  connectionVersion: number,
  saved: SavedBoard | null = null,
  flight: MyFlight | null = null,
): WaitBoard {
  const [board, setBoard] = useState<CachedBoard | null>(() => (saved && saved.iata === iata ? saved.board : null));
  // The airport (by epoch) whose saved board is rendered, and when that board was fetched.
  const [shown, setShown] = useState<{ epoch: number; fetchedAt: number | null } | null>(null);
  const [problem, setProblem] = useState<BoardProblem | null>(null);
  const [outdated, setOutdated] = useState(false);
  const [usedSecondaryKey, setUsedSecondaryKey] = useState(false);
  const [flightBoard, setFlightBoard] = useState<FlightBoard | null>(null);
  const [refresh, setRefresh] = useState<RefreshState>(IDLE);
  // The flight of the airport shown, if any; read by each refresh.
  const flightRef = useRef<MyFlight | null>(null);
  const flightAskedRef = useRef<{ key: string; at: number } | null>(null);
  flightRef.current = flight && flight.iata === iata ? flight : null;
  const flightKey = flightRef.current ? `${flightRef.current.iata} ${flightRef.current.flight} ${flightRef.current.date}` : '';
  const iataRef = useRef(iata);
  const intervalRef = useRef(intervalMs);
  // Goes up with every airport or connection change; an answer for an older one is dropped.
  const epochRef = useRef(0);
  const schedulerRef = useRef<RefreshScheduler | null>(null);
  const savedRef = useRef(saved);
  intervalRef.current = intervalMs;

  /** One request for "My flight", counted like the others; its answer is dropped when the airport or flight changed meanwhile. */
  async function loadFlight(cfg: AirportConfig, code: string, current: () => boolean, withBoard = false): Promise<void> {
    const mine = flightRef.current;
    if (!mine || mine.iata !== code) {
      setFlightBoard(null);
      return;
    }
    // A board refresh right after the flight was asked for on its own (a new or remembered flight)
    // does not ask again: one call per refresh.
    const key = `${mine.iata} ${mine.flight} ${mine.date}`;
    const last = flightAskedRef.current;
    if (withBoard && last?.key === key && Date.now() - last.at < FLIGHT_REASK_MS) return;
    flightAskedRef.current = { key, at: Date.now() };
    const result = await flightWaitTimes(cfg, code, mine.flight, mine.date);
    await recordAirportCall(result, cfg.baseUrl);
    if (!current() || flightRef.current !== mine) return;
    setFlightBoard(
      result.ok
        ? { flight: mine, queues: result.value.queues, measuredAt: result.value.measuredAt, error: null }
        : { flight: mine, queues: [], measuredAt: null, error: result.error },
    );
  }

  async function load(): Promise<RefreshOutcome> {
    const code = iataRef.current;
    const epoch = epochRef.current;
    const current = () => epoch === epochRef.current;
    if (!code) return { kind: 'stop' };
    const cfg = await airportConfig();
    if (!cfg) {
      if (current()) setProblem({ kind: 'not-configured' });
      return { kind: 'stop' };
    }
    if (!(await hasHostAccess(cfg.baseUrl))) {
      if (current()) setProblem({ kind: 'no-access', host: hostOf(cfg.baseUrl) });
      return { kind: 'stop' };
    }
    // Another airport was chosen meanwhile: do not spend a request on this one.
    if (!current()) return { kind: 'stop' };
    const result = await waitTimes(cfg, code);
    // Counts every request (failed ones cost quota too) and remembers the API version that answered.
    await recordAirportCall(result, cfg.baseUrl);
    if (!current()) return { kind: 'stop' };
    if (!result.ok) {
      const { error } = result;
      setProblem({ kind: 'airport', error });
      if (error.kind === 'unsupported-airport') setBoard(null);
      setOutdated(true);
      return outcomeOf(error, intervalRef.current);
    }
    const { queues, measuredAt, activeStations } = result.value;
    const fetchedAt = Date.now();
    setBoard({ baseUrl: cfg.baseUrl, iata: code, queues, measuredAt, activeStations, fetchedAt });
    setProblem(null);
    setOutdated(false);
    setUsedSecondaryKey(result.value.usedSecondaryKey);
    await Promise.all([
      saveBoard(cfg.baseUrl, code, { queues, measuredAt, activeStations }, fetchedAt),
      rememberRecentAirport(code),
      loadFlight(cfg, code, current, true),
    ]);
    return { kind: 'done' };
  }

  useEffect(() => {
    const scheduler = createRefreshScheduler({
      refresh: () => load(),
      intervalMs: intervalRef.current,
      isVisible,
      onChange: setRefresh,
    });
    schedulerRef.current = scheduler;
    const onVisibility = () => scheduler.visibilityChanged();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      scheduler.stop();
      schedulerRef.current = null;
    };
  }, []);

  useEffect(() => {
    schedulerRef.current?.setIntervalMs(intervalMs);
  }, [intervalMs]);

  // A new airport: its saved board first. Nothing is sent meanwhile: the refresh starts once
  // that board is rendered (the effect below runs after the render).
  useEffect(() => {
    iataRef.current = iata;
    epochRef.current += 1;
    const epoch = epochRef.current;
    schedulerRef.current?.stop();
    setProblem(null);
    setOutdated(false);
    setUsedSecondaryKey(false);
    setFlightBoard(null);
    const known = savedRef.current;
    savedRef.current = null;
    if (!iata) {
      setBoard(null);
      return;
    }
    if (known?.iata === iata) {
      // Read before the first paint and rendered with it: effects run after the render.
      schedulerRef.current?.restart({ lastRefreshAt: known.board?.fetchedAt ?? null });
      return;
    }
    setBoard(null);
    void (async () => {
      const stored = await readBoard(await airportApiUrl.getValue(), iata);
      if (epoch !== epochRef.current) return;
      setBoard(stored);
      setShown({ epoch, fetchedAt: stored?.fetchedAt ?? null });
    })();
  }, [iata]);

  useEffect(() => {
    if (shown?.epoch !== epochRef.current) return;
    schedulerRef.current?.restart({ lastRefreshAt: shown.fetchedAt });
  }, [shown]);

  // New address or keys: the pause of the old subscription does not apply, ask again now.
  useEffect(() => {
    if (connectionVersion === 0 || !iataRef.current) return;
    epochRef.current += 1;
    setProblem(null);
    schedulerRef.current?.restart({ clearPause: true });
  }, [connectionVersion]);

  // A flight chosen, changed or remembered from before: ask for it now, without waiting for the
  // board's next refresh (the board itself is not asked again: quota). Runs after the first paint.
  useEffect(() => {
    const code = iataRef.current;
    if (!flightKey || !code) {
      setFlightBoard(null);
      return;
    }
    const epoch = epochRef.current;
    const current = () => epoch === epochRef.current;
    void (async () => {
      const cfg = await airportConfig();
      if (!cfg || !current() || !(await hasHostAccess(cfg.baseUrl))) return;
      await loadFlight(cfg, code, current);
    })();
  }, [flightKey, iata]);

  return {
    board,
    problem,
    outdated,
    usedSecondaryKey,
    flightBoard,
    refresh,
    refreshNow: () => schedulerRef.current?.refreshNow() ?? false,
  };
}
