import { useEffect, useState } from 'preact/hooks';
import type { SourceId } from '@/lib/airport/airport-board';
import { hasHostAccess } from '@/lib/browser/permissions';
import type { UsualAt } from '@/lib/readings/usual-at';
import { storage } from '@/lib/settings/storage-item';
import { airportWatches, airportWatchesEnded, airportWatchesState } from '@/lib/settings/watches';
import { readRoute } from '@/lib/wait-times/board-call';
import { type AddAnswer, type WatchRequest, watchMessages } from '@/lib/watches/messages';
import type { EndedWatch, Watch, WatchesState } from '@/lib/watches/types';

/**
 * The side panel's readings and watches, all after its first paint (docs/performance.md, rule 4):
 * the usual waits of the airport shown at this quarter hour (and at My flight's time at security),
 * read from the readings store whose code loads only now; the watches, kept current as the
 * background checks them; and whether a watch may be offered here (host access to the source).
 */

export interface QueueWatch {
  usual: UsualAt | null;
  /** The usual waits at the quarter hour My flight would be at security. */
  flightUsual: UsualAt | null;
  watches: Watch[];
  ended: EndedWatch[];
  state: WatchesState;
  /** Host access to the airport's source is granted: only then is a watch offered. */
  canWatch: boolean;
  add: (request: WatchRequest) => Promise<AddAnswer>;
  stop: (id: string) => void;
  dismiss: (id: string) => void;
}

export interface QueueWatchInput {
  iata: string | null;
  source: SourceId | null;
  timeZone: string;
  /** Only once the panel's read has arrived: nothing before. */
  settled: boolean;
  now: number;
  /** Changes when a new board arrives: its readings were just kept. */
  boardFetchedAt: number | null;
  /** When My flight would be at security, or null without one. */
  securityAt: number | null;
}

const QUARTER_HOUR = 15 * 60_000;
const quarter = (at: number | null) => (at === null ? null : Math.floor(at / QUARTER_HOUR));

async function usualFor(source: SourceId, iata: string, at: number, timeZone: string): Promise<UsualAt> {
  const { usualAt } = await import('@/lib/readings/usual-at');
  return usualAt(source, iata, at, timeZone);
}

export function useQueueWatch({ iata, source, timeZone, settled, now, boardFetchedAt, securityAt }: QueueWatchInput): QueueWatch {
  const [usual, setUsual] = useState<UsualAt | null>(null);
  const [flightUsual, setFlightUsual] = useState<UsualAt | null>(null);
  const [watches, setWatches] = useState<Watch[]>([]);
  const [ended, setEnded] = useState<EndedWatch[]>([]);
  const [state, setState] = useState<WatchesState>({ lastCheckAt: null, paused: null });
  // Whose access was asked: an answer for another airport or source offers nothing here.
  const [access, setAccess] = useState<{ key: string; granted: boolean } | null>(null);
  const canWatch = access?.granted === true && access.key === `${iata} ${source}`;
  const nowQuarter = quarter(now);
  const securityQuarter = quarter(securityAt);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again when the airport, its source, a new board or the quarter hour changes; `now` within the quarter does not matter
  useEffect(() => {
    setUsual(null);
    if (!settled || !iata || !source) return undefined;
    let alive = true;
    void usualFor(source, iata, Date.now(), timeZone).then((found) => alive && setUsual(found));
    return () => {
      alive = false;
    };
  }, [settled, iata, source, timeZone, boardFetchedAt, nowQuarter]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again when the time at security moves to another quarter hour
  useEffect(() => {
    setFlightUsual(null);
    if (!settled || !iata || !source || securityAt === null) return undefined;
    let alive = true;
    void usualFor(source, iata, securityAt, timeZone).then((found) => alive && setFlightUsual(found));
    return () => {
      alive = false;
    };
  }, [settled, iata, source, timeZone, boardFetchedAt, securityQuarter]);

  useEffect(() => {
    if (!settled) return undefined;
    let alive = true;
    void storage.getItems([airportWatches, airportWatchesEnded, airportWatchesState] as const).then(([running, done, checks]) => {
      if (!alive) return;
      setWatches(running);
      setEnded(done);
      setState(checks);
    });
    const unwatch = [
      airportWatches.watch((running) => alive && setWatches(running)),
      airportWatchesEnded.watch((done) => alive && setEnded(done)),
      airportWatchesState.watch((checks) => alive && setState(checks)),
    ];
    return () => {
      alive = false;
      for (const stop of unwatch) stop();
    };
  }, [settled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again with each new board: the board that follows the person's Allow is the first with access
  useEffect(() => {
    if (!settled || !iata || !source) return undefined;
    let alive = true;
    const asked = `${iata} ${source}`;
    void readRoute(iata).then(async (route) => {
      const granted = route.kind !== 'none' && (await hasHostAccess(route.kind === 'api' ? route.address : route.url));
      if (alive) setAccess({ key: asked, granted });
    });
    return () => {
      alive = false;
    };
  }, [settled, iata, source, boardFetchedAt]);

  return {
    usual,
    flightUsual,
    watches,
    ended,
    state,
    canWatch,
    add: (request) => watchMessages.send('watches:add', request).catch((): AddAnswer => ({ ok: false, reason: 'invalid' })),
    stop: (id) => void watchMessages.send('watches:stop', { id }).catch(() => false),
    dismiss: (id) => void watchMessages.send('watches:dismiss', { id }).catch(() => false),
  };
}
