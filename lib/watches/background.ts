import { browser } from 'wxt/browser';
import { hasHostAccess } from '../browser/permissions';
import { airportWatches, airportWatchesEnded } from '../settings/watches';
import { myFlight } from '../settings/airport';
import { readRoute } from '../wait-times/board-call';
import { acceptRequest } from './accept';
import { watchMessages, type AddAnswer } from './messages';
import { listenForWatchClicks } from './notify';
import { CHECK_EVERY_MS, departureOf, endsAtFor, MAX_WATCHES, sameFlight } from './plan';
import { runTick, type TickDeps } from './tick';
import type { Watch } from './types';

/**
 * The watches' wiring in the background: one alarm while any watch runs, at the source's floor
 * (five minutes), none otherwise; checks pause while the person is away (`idle`) or the browser is
 * offline, and resume when they are back. The background is the watches' one writer: the side
 * panel's requests come as messages (./messages.ts) and are handled in turn with the checks.
 */

export const WATCHES_ALARM = 'pushgate-watches';
/**
 * Away after 15 minutes without input (or the screen locked): a notification then would wait
 * unseen, and a reading older than 15 minutes is never notified about anyway (./rule.ts).
 */
export const IDLE_AFTER_SECONDS = 15 * 60;

type IdleApi = {
  queryState(seconds: number): Promise<'active' | 'idle' | 'locked'>;
  setDetectionInterval(seconds: number): void;
  onStateChanged: { addListener(listener: (state: string) => void): void };
};
const idleApi = (): IdleApi | undefined => (browser as unknown as { idle?: IdleApi }).idle;

const realDeps = (now: () => number = Date.now): TickDeps => ({
  now,
  idleState: async () => (await idleApi()?.queryState(IDLE_AFTER_SECONDS)) ?? 'active',
  online: () => navigator.onLine !== false,
});

/** Everything that writes the watches, one at a time. */
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** One check (or the decision that none is due), then the one alarm set for the next or cleared. `at`: the test build's clock. */
export function checkWatches(at?: number): Promise<number> {
  return inTurn(async () => {
    const deps = realDeps(at === undefined ? Date.now : () => at);
    // Should the worker be stopped during the check, this alarm wakes the next one.
    if ((await airportWatches.getValue()).length > 0) await browser.alarms.create(WATCHES_ALARM, { when: deps.now() + CHECK_EVERY_MS });
    try {
      const { nextAt, requests } = await runTick(deps);
      if (nextAt === null) await browser.alarms.clear(WATCHES_ALARM);
      else await browser.alarms.create(WATCHES_ALARM, { when: nextAt });
      return requests;
    } catch {
      return 0;
    }
  });
}

async function add(request: unknown, now = Date.now()): Promise<AddAnswer> {
  const accepted = acceptRequest(request);
  if (!accepted) return { ok: false, reason: 'invalid' };
  const route = await readRoute(accepted.iata);
  if (route.kind === 'none') return { ok: false, reason: 'no-source' };
  if (!(await hasHostAccess(route.kind === 'api' ? route.address : route.url))) return { ok: false, reason: 'no-access' };
  const { target } = accepted;
  const departure = target.kind === 'flight' ? departureOf(target.flight) : null;
  if (departure !== null && departure <= now) return { ok: false, reason: 'flight-left' };
  // Leaving earlier is judged against My flight as stored: a page's stale copy is not watched.
  if (target.kind === 'flight' && !sameFlight(target.flight, await myFlight.getValue())) return { ok: false, reason: 'invalid' };
  const watch: Watch = { id: crypto.randomUUID(), ...accepted, setAt: now, endsAt: endsAtFor(now, departure) };
  const same = (other: Watch) =>
    other.iata === watch.iata &&
    other.rule.kind === watch.rule.kind &&
    (other.target.kind === 'flight' ? target.kind === 'flight' : target.kind === 'checkpoint' && other.target.id === target.id);
  // One watch per checkpoint (or flight) and kind: a new threshold replaces the old one.
  const others = (await airportWatches.getValue()).filter((other) => !same(other));
  if (others.length >= MAX_WATCHES) return { ok: false, reason: 'too-many' };
  await airportWatches.setValue([...others, watch]);
  return { ok: true, watch };
}

async function stop(id: unknown, now = Date.now()): Promise<boolean> {
  const current = await airportWatches.getValue();
  const watch = current.find((candidate) => candidate.id === id);
  if (!watch) return false;
  await Promise.all([
    airportWatches.setValue(current.filter((candidate) => candidate.id !== id)),
    airportWatchesEnded.getValue().then((ended) => airportWatchesEnded.setValue([{ ...watch, endedAt: now, reason: 'stopped' }, ...ended])),
  ]);
  return true;
}

async function dismiss(id: unknown): Promise<boolean> {
  const ended = await airportWatchesEnded.getValue();
  if (!ended.some((watch) => watch.id === id)) return false;
  await airportWatchesEnded.setValue(ended.filter((watch) => watch.id !== id));
  return true;
}

/** Listeners, in the background's first turn. */
export function registerWatches(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === WATCHES_ALARM) void checkWatches();
  });
  try {
    const idle = idleApi();
    idle?.setDetectionInterval(IDLE_AFTER_SECONDS);
    // Back at the computer: the check that waited is made now (or its alarm set).
    idle?.onStateChanged.addListener((state) => {
      if (state === 'active') void checkWatches();
    });
  } catch {
    // No idle API (a browser without it): checks then never pause for it.
  }
  listenForWatchClicks();
  watchMessages.answer({
    'watches:add': async (request) => {
      const answer = await inTurn(() => add(request));
      // The first check at once: the panel's board just fetched answers it without a request.
      if (answer.ok) void checkWatches();
      return answer;
    },
    'watches:stop': async ({ id }) => {
      const stopped = await inTurn(() => stop(id));
      void checkWatches();
      return stopped;
    },
    'watches:dismiss': ({ id }) => inTurn(() => dismiss(id)),
  });
}
