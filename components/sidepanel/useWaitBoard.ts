import { useEffect, useRef, useState } from 'preact/hooks';
import type { MyFlight } from '@/lib/airport/flight';
import { isTransient, retryDelay } from '@/lib/airport/retry';
import { FEED_FLOOR_MINUTES } from '@/lib/airport/sources/catalog';
import type { AirportError } from '@/lib/airport/types';
import { type BoardProblem as CallProblem, fetchBoard, readRoute } from '@/lib/wait-times/board-call';
import { askForAccess } from '@/lib/wait-times/feed-access';
import { readBoard, type CachedBoard } from '@/lib/wait-times/cache';
import { createRefreshScheduler, type RefreshOutcome, type RefreshScheduler, type RefreshState } from '@/lib/wait-times/refresh';
import { boardAddress, sourceOf } from '@/lib/wait-times/route';
import { useFlightBoard, type FlightBoard } from './useFlightBoard';

export type { FlightBoard } from './useFlightBoard';

export type BoardProblem = Exclude<CallProblem, { kind: 'dropped' }>;

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
  /** The Refresh button; false when nothing was sent (running, paused by Retry-After, or within a feed's floor). */
  refreshNow: () => boolean;
  /**
   * "Allow" beside the reason a feed's host is asked for: the browser's prompt, so call it straight
   * from the click. Granted, the board is fetched; declined, that is remembered and explained.
   */
  allowAccess: () => void;
}

const IDLE: RefreshState = { running: false, pausedUntil: null, nextAt: null, failures: 0, notBefore: null };
/** A website feed is asked at most this often, the Refresh button included (docs/airport-sources.md#refresh). */
const FEED_FLOOR_MS = FEED_FLOOR_MINUTES * 60_000;
const isVisible = () => document.visibilityState === 'visible';

/** A failure only the person can fix stops automatic refresh; quota and rate limits pause it. */
function outcomeOf(error: AirportError, intervalMs: number): RefreshOutcome {
  if (isTransient(error)) return { kind: 'retry' };
  if (error.kind === 'quota' || error.kind === 'rate-limited') {
    return { kind: 'pause', untilMs: Date.now() + (retryDelay(error, 1, intervalMs) ?? intervalMs) };
  }
  return { kind: 'stop' };
}

/** The airport (by epoch) whose saved board is on screen, and when that board was fetched. */
interface Shown {
  epoch: number;
  fetchedAt: number | null;
}

/** The saved board of one airport, already read (null: none was saved). */
export interface SavedBoard {
  iata: string;
  board: CachedBoard | null;
}

/**
 * The wait times of `iata`, from whichever source serves it: its saved board first, and only once
 * that is on screen (or known absent) and the panel's read has arrived (`settled`) the network,
 * when the saved board is older than the interval; then refreshed while the page is visible
 * (lib/wait-times/refresh), a website feed never more often than every five minutes. `saved` is the
 * board the panel opened with: the paint snapshot's, then the read's. Counts every request.
 * Nothing happens while `iata` is null.
 */
export function useWaitBoard(
  iata: string | null,
  intervalMs: number,
  connectionVersion: number,
  saved: SavedBoard | null = null,
  flight: MyFlight | null = null,
  settled = true,
  swedaviaKey = false,
): WaitBoard {
  const [board, setBoard] = useState<CachedBoard | null>(() => (saved && saved.iata === iata ? saved.board : null));
  const [shown, setShownState] = useState<Shown | null>(null);
  // The latest `shown` set, ahead of its render: two changes in one commit restart the refresh once.
  const shownRef = useRef<Shown | null>(null);
  const setShown = (next: Shown) => {
    shownRef.current = next;
    setShownState(next);
  };
  const [problem, setProblem] = useState<BoardProblem | null>(null);
  const [outdated, setOutdated] = useState(false);
  const [usedSecondaryKey, setUsedSecondaryKey] = useState(false);
  const [refresh, setRefresh] = useState<RefreshState>(IDLE);
  const iataRef = useRef(iata);
  // A website feed updates no faster than its floor: neither the timer nor the button asks sooner.
  const fromApi = iata !== null && sourceOf(iata, swedaviaKey) === 'swedavia-api';
  const floorMs = iata && !fromApi ? FEED_FLOOR_MS : 0;
  const intervalRef = useRef(Math.max(intervalMs, floorMs));
  const floorRef = useRef(floorMs);
  // Goes up with every airport or connection change; an answer for an older one is dropped.
  const epochRef = useRef(0);
  const schedulerRef = useRef<RefreshScheduler | null>(null);
  const savedRef = useRef(saved);
  intervalRef.current = Math.max(intervalMs, floorMs);
  floorRef.current = floorMs;

  async function load(): Promise<RefreshOutcome> {
    const code = iataRef.current;
    const epoch = epochRef.current;
    const current = () => epoch === epochRef.current;
    if (!code) return { kind: 'stop' };
    // Another airport chosen meanwhile: no request is spent on this one.
    const result = await fetchBoard(code, { stillWanted: current });
    if (!current()) return { kind: 'stop' };
    if (!result.ok) {
      const problem = result.error;
      if (problem.kind === 'dropped') return { kind: 'stop' };
      setProblem(problem);
      // No source, or no access yet: nothing to ask again until the person acts.
      if (problem.kind !== 'airport') return { kind: 'stop' };
      if (problem.error.kind === 'unsupported-airport') setBoard(null);
      setOutdated(true);
      return outcomeOf(problem.error, intervalRef.current);
    }
    const { board: fetched, address, fetchedAt, usedSecondaryKey: secondary } = result.value;
    setBoard({ baseUrl: address, iata: code, board: fetched, fetchedAt });
    setProblem(null);
    setOutdated(false);
    setUsedSecondaryKey(secondary);
    await flights.load(code, current, true);
    return { kind: 'done' };
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one scheduler for the life of the panel; `load` is a new function each render that reads everything through refs
  useEffect(() => {
    const scheduler = createRefreshScheduler({
      refresh: () => load(),
      intervalMs: intervalRef.current,
      minGapMs: floorRef.current,
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
    schedulerRef.current?.setMinGapMs(floorMs);
    schedulerRef.current?.setIntervalMs(Math.max(intervalMs, floorMs));
  }, [intervalMs, floorMs]);

  // A new airport: its saved board first. Nothing is sent meanwhile: the refresh starts once
  // that board is on screen (the effect below runs after the render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the airport changes only; `flights` is declared below on purpose (its own effect must run after this one), and `setShown` only writes a ref and a state
  useEffect(() => {
    iataRef.current = iata;
    epochRef.current += 1;
    const epoch = epochRef.current;
    schedulerRef.current?.stop();
    setProblem(null);
    setOutdated(false);
    setUsedSecondaryKey(false);
    flights.clear();
    const known = savedRef.current;
    if (!iata) {
      setBoard(null);
      return;
    }
    if (known?.iata === iata) {
      setBoard(known.board);
      setShown({ epoch, fetchedAt: known.board?.fetchedAt ?? null });
      return;
    }
    setBoard(null);
    void (async () => {
      const address = boardAddress(await readRoute(iata));
      const stored = address ? await readBoard(address, iata) : null;
      if (epoch !== epochRef.current) return;
      setBoard(stored);
      setShown({ epoch, fetchedAt: stored?.fetchedAt ?? null });
    })();
  }, [iata]);

  // The read arrived after the snapshot was drawn: its board is the one stored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the read's board arrives; `setShown` only writes a ref and a state
  useEffect(() => {
    if (savedRef.current === saved) return;
    savedRef.current = saved;
    if (!saved || saved.iata !== iataRef.current) return;
    setBoard(saved.board);
    setShown({ epoch: epochRef.current, fetchedAt: saved.board?.fetchedAt ?? null });
  }, [saved]);

  useEffect(() => {
    if (!settled || !shown || shown !== shownRef.current || shown.epoch !== epochRef.current) return;
    schedulerRef.current?.restart({ lastRefreshAt: shown.fetchedAt });
  }, [shown, settled]);

  // New address or keys: the pause of the old subscription does not apply, ask again now.
  useEffect(() => {
    if (connectionVersion === 0 || !iataRef.current) return;
    epochRef.current += 1;
    setProblem(null);
    schedulerRef.current?.restart({ clearPause: true });
  }, [connectionVersion]);

  // Declared after the airport effects above, so its own effect runs after them (new epoch first).
  const flights = useFlightBoard(iata, flight, iataRef, epochRef, settled, fromApi);

  // The read's board, in the very render its `saved` arrives (the effect above keeps it): nothing
  // shown or saved from this render on is the snapshot's.
  const arriving = savedRef.current !== saved && saved?.iata === iata ? saved : null;

  function allowAccess(): void {
    if (problem?.kind !== 'needs-access') return;
    const { origin } = problem;
    void askForAccess(origin).then(({ granted, at }) => {
      if (!granted) {
        setProblem((current) => (current?.kind === 'needs-access' && current.origin === origin ? { ...current, refusedAt: at } : current));
        return;
      }
      setProblem(null);
      schedulerRef.current?.restart({ clearPause: true });
    });
  }

  return {
    board: arriving ? arriving.board : board,
    problem,
    outdated,
    usedSecondaryKey,
    flightBoard: flights.board,
    refresh,
    refreshNow: () => schedulerRef.current?.refreshNow() ?? false,
    allowAccess,
  };
}
