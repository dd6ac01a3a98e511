import { useEffect, useRef, useState } from 'preact/hooks';
import { waitTimes } from '@/lib/airport/client';
import { isTransient, retryDelay } from '@/lib/airport/retry';
import type { AirportError } from '@/lib/airport/types';
import { readBoard, saveBoard, type CachedBoard } from '@/lib/airport-cache';
import { airportConfig, recordAirportCall } from '@/lib/airport-connection';
import { rememberRecentAirport } from '@/lib/airport-usage';
import { createRefreshScheduler, type RefreshOutcome, type RefreshScheduler, type RefreshState } from '@/lib/wait-refresh';
import { hasHostAccess, hostOf } from './host-access';

export type BoardProblem =
  | { kind: 'not-configured' }
  | { kind: 'no-access'; host: string }
  | { kind: 'airport'; error: AirportError };

export interface WaitBoard {
  /** The last good board of the airport: from IndexedDB at first, then from the network. */
  board: CachedBoard | null;
  problem: BoardProblem | null;
  /** The last refresh failed: what is shown is older than it could be. */
  outdated: boolean;
  /** The primary key was refused and the secondary one answered. */
  usedSecondaryKey: boolean;
  refresh: RefreshState;
  /** The Refresh button; false when nothing was sent (running, or paused by Retry-After). */
  refreshNow: () => boolean;
}

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

/**
 * The wait times of `iata`: the saved board at once, then the network, refreshed while the page
 * is visible (lib/wait-refresh). Counts every request. Nothing happens while `iata` is null.
 */
export function useWaitBoard(iata: string | null, intervalMs: number, connectionVersion: number): WaitBoard {
  const [board, setBoard] = useState<CachedBoard | null>(null);
  const [problem, setProblem] = useState<BoardProblem | null>(null);
  const [outdated, setOutdated] = useState(false);
  const [usedSecondaryKey, setUsedSecondaryKey] = useState(false);
  const [refresh, setRefresh] = useState<RefreshState>(IDLE);
  const iataRef = useRef(iata);
  const intervalRef = useRef(intervalMs);
  // Goes up with every airport or connection change; an answer for an older one is dropped.
  const epochRef = useRef(0);
  const schedulerRef = useRef<RefreshScheduler | null>(null);
  intervalRef.current = intervalMs;

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
    const { queues, measuredAt } = result.value;
    const fetchedAt = Date.now();
    setBoard({ baseUrl: cfg.baseUrl, iata: code, queues, measuredAt, fetchedAt });
    setProblem(null);
    setOutdated(false);
    setUsedSecondaryKey(result.value.usedSecondaryKey);
    await Promise.all([
      saveBoard(cfg.baseUrl, code, { queues, measuredAt }, fetchedAt),
      rememberRecentAirport(code),
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

  // A new airport: show its saved board at once (unless the network was faster), then ask.
  useEffect(() => {
    iataRef.current = iata;
    epochRef.current += 1;
    const epoch = epochRef.current;
    setBoard(null);
    setProblem(null);
    setOutdated(false);
    setUsedSecondaryKey(false);
    const scheduler = schedulerRef.current;
    if (!iata || !scheduler) return;
    void (async () => {
      const cfg = await airportConfig();
      const saved = cfg ? await readBoard(cfg.baseUrl, iata) : null;
      if (saved && epoch === epochRef.current) setBoard((shown) => shown ?? saved);
    })();
    scheduler.restart();
  }, [iata]);

  // New address or keys: the pause of the old subscription does not apply, ask again now.
  useEffect(() => {
    if (connectionVersion === 0 || !iataRef.current) return;
    epochRef.current += 1;
    setProblem(null);
    schedulerRef.current?.restart({ clearPause: true });
  }, [connectionVersion]);

  return {
    board,
    problem,
    outdated,
    usedSecondaryKey,
    refresh,
    refreshNow: () => schedulerRef.current?.refreshNow() ?? false,
  };
}
