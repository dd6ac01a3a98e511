import { airportTimeZone } from '../airport/sources/catalog';
import { leaveByBuffers, myFlight } from '../settings/airport';
import { airportWatches, airportWatchesEnded, airportWatchesState } from '../settings/watches';
import { callsThisMonth } from '../wait-times/connection';
import { readRoute } from '../wait-times/board-call';
import { leaveBy } from '../wait-times/leave-by';
import { MONTHLY_CALL_QUOTA } from '../wait-times/usage';
import { isToldEnd, notifyEnded, notifyMet, notifyQuotaStop } from './notify';
import { look, lookKey } from './observe';
import { CHECK_EVERY_MS, endBeforeCheck, keptEnded, nextCheckAt } from './plan';
import { judge, type Observation } from './rule';
import type { EndedWatch, Watch, WatchEndReason, WatchesState } from './types';

/**
 * One check of every running watch, the clock and the browser's state passed in (./background.ts
 * gives the real ones; the tests theirs): end what has ended, and unless the browser is idle or
 * offline, look at each airport once (./observe.ts), judge each watch (./rule.ts), notify and end
 * what was met. Returns when the next check is due (null: no watch left, or paused until the person
 * is back), for the caller's one alarm. Everything lives in storage: a worker stopped between two
 * checks, or a browser restarted, loses nothing.
 */

export interface TickDeps {
  now: () => number;
  /** The person's activity (`idle.queryState`): checks pause while they are away. */
  idleState: () => Promise<'active' | 'idle' | 'locked'>;
  /** `navigator.onLine`: checks pause without a network. */
  online: () => boolean;
}

export interface TickOutcome {
  /** When the next check is due; null when there is nothing to check or checks wait for the person. */
  nextAt: number | null;
  /** How many requests this check made. */
  requests: number;
}

/** The watches as stored now, with the given ones ended (with why) or updated; added ones kept. Written at once. */
async function settle(ended: Map<string, { watch: Watch; reason: WatchEndReason; at: number }>, updated: Map<string, Watch>, now: number) {
  // Read again: a Stop, a forget or the lockdown may have written meanwhile; they win.
  const [current, previous] = await Promise.all([airportWatches.getValue(), airportWatchesEnded.getValue()]);
  const running = current.filter((watch) => !ended.has(watch.id)).map((watch) => updated.get(watch.id) ?? watch);
  const stillListed = new Set(current.map((watch) => watch.id));
  const newlyEnded: EndedWatch[] = [...ended.values()]
    .filter(({ watch }) => stillListed.has(watch.id))
    .map(({ watch, reason, at }) => ({ ...(updated.get(watch.id) ?? watch), endedAt: at, reason }));
  await Promise.all([airportWatches.setValue(running), airportWatchesEnded.setValue(keptEnded([...newlyEnded, ...previous], now))]);
  return running;
}

async function writeState(state: WatchesState): Promise<void> {
  await airportWatchesState.setValue(state);
}

export async function runTick({ now, idleState, online }: TickDeps): Promise<TickOutcome> {
  const at = now();
  const [watches, flight, state] = await Promise.all([airportWatches.getValue(), myFlight.getValue(), airportWatchesState.getValue()]);
  // No watch: nothing is written unless something changed (every start of the browser checks).
  if (watches.length === 0) {
    await quietWithoutWatches(state, at);
    return { nextAt: null, requests: 0 };
  }
  const ended = new Map<string, { watch: Watch; reason: WatchEndReason; at: number }>();
  const updated = new Map<string, Watch>();
  const end = (watch: Watch, reason: WatchEndReason) => ended.set(watch.id, { watch, reason, at });

  for (const watch of watches) {
    const reason = endBeforeCheck(watch, at, flight);
    if (reason) end(watch, reason);
  }
  const running = watches.filter((watch) => !ended.has(watch.id));
  if (running.length === 0) {
    await settle(ended, updated, at);
    await tellEnds(ended);
    await writeState({ lastCheckAt: state.lastCheckAt, paused: null });
    return { nextAt: null, requests: 0 };
  }
  const due = nextCheckAt(state.lastCheckAt, at);
  const away = (await idleState().catch(() => 'active' as const)) !== 'active';
  if (due > at || away || !online()) {
    await settle(ended, updated, at);
    await tellEnds(ended);
    const paused = away ? 'idle' : !online() ? 'offline' : null;
    await writeState({ lastCheckAt: state.lastCheckAt, paused });
    // Away: the idle listener checks again as the person comes back. Offline: try again a step later.
    return { nextAt: away ? null : due > at ? due : at + CHECK_EVERY_MS, requests: 0 };
  }

  let requests = 0;
  let quotaStopped = false;
  const groups = new Map<string, { watches: Watch[]; route: Awaited<ReturnType<typeof readRoute>> }>();
  for (const watch of running) {
    const route = await readRoute(watch.iata);
    const key = lookKey(watch, route);
    groups.set(key, { route, watches: [...(groups.get(key)?.watches ?? []), watch] });
  }
  for (const { route, watches: group } of groups.values()) {
    const seen = await look(group, route, { now });
    if (seen.kind === 'failed') continue;
    if (seen.kind === 'stop') {
      for (const watch of group) end(watch, seen.reason);
      quotaStopped ||= seen.reason === 'quota';
      continue;
    }
    if (seen.requested) requests += 1;
    for (const watch of group) {
      const observed = seen.seen.get(watch.id);
      if (!observed) continue;
      const checked: Watch = { ...watch, last: { wait: observed.wait, measuredAt: observed.measuredAt, checkedAt: at } };
      updated.set(watch.id, checked);
      if (judge(watch, observed, at).kind !== 'met') continue;
      end(checked, 'met');
      await notifyMet(checked, observed, at, await leaveAtFor(checked, observed, at)).catch(() => undefined);
    }
  }
  const left = await settle(ended, updated, at);
  await tellEnds(ended);
  if (quotaStopped) await notifyQuotaStop(await callsThisMonth(new Date(at)), MONTHLY_CALL_QUOTA).catch(() => undefined);
  await writeState({ lastCheckAt: at, paused: null });
  return { nextAt: left.length > 0 ? at + CHECK_EVERY_MS : null, requests };
}

/** Without watches: the ended ones past their day dropped, and a pause cleared, each only when there is one. */
async function quietWithoutWatches(state: WatchesState, now: number): Promise<void> {
  const ended = await airportWatchesEnded.getValue();
  const kept = keptEnded(ended, now);
  if (kept.length !== ended.length) await airportWatchesEnded.setValue(kept);
  if (state.paused !== null) await writeState({ lastCheckAt: state.lastCheckAt, paused: null });
}

/** The ends that are told in a notification of their own; the quota's is told once for all. */
async function tellEnds(ended: Map<string, { watch: Watch; reason: WatchEndReason }>): Promise<void> {
  for (const { watch, reason } of ended.values()) if (isToldEnd(reason)) await notifyEnded(watch, reason).catch(() => undefined);
}

/** My flight's leave-by with what was seen, for a leave-earlier notification; null for other watches. */
async function leaveAtFor(watch: Watch, seen: Observation, now: number): Promise<number | null> {
  if (watch.rule.kind !== 'leave-earlier' || watch.target.kind !== 'flight') return null;
  const { flight } = watch.target;
  const times = leaveBy({
    date: flight.date,
    departs: flight.departs,
    timeZone: airportTimeZone(watch.iata),
    ...(await leaveByBuffers.getValue()),
    checkpoints: [{ wait: seen.wait }],
    measuredAt: null,
    stepMinutes: 5,
    now,
  });
  return times?.leaveBy.at ?? null;
}
