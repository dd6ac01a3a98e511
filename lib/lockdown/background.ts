import { browser } from 'wxt/browser';
import { keepAliveMinutes } from '../browser/clipboard/clear-timing';
import { getConnection } from '../settings';
import { mirroredPolicy } from '../settings/policy-mirror';
import { originOf } from '../url';
import { step } from './machine';
import type { StepDeps } from './step-deps';
import { lockdownMessages } from './messages';
import { ownEntries } from './own-entries';
import type { OwnEntry } from './step-deps';
import { pacedFetch, spacedPacer } from './pace';
import { isSettled, startState, type LockdownState, type TokenStep } from './state';
import { isRunning, lockdownState, readLockdownState } from './store';
import { lockdownTiming } from './timing';
import { wipeThisBrowser } from './wipe';
import { afterLostWork, lockdownWork, readWork } from './work';

/**
 * The lockdown runs in the background, so closing the page that started it does not stop it. Its
 * progress is stored after every step (counts in storage.local, link tokens in session memory:
 * ./state.ts, ./work.ts). Chrome stops an idle service worker (and a long Retry-After is idle
 * time), Firefox unloads an idle event page, and a browser may be closed midway: so a stored
 * lockdown that is not done goes on at every start of the background, whatever started it (the
 * worker's first run, `runtime.onStartup`, the alarm kept while it runs). A second start while one
 * runs joins it. Pages follow the stored state (`storage.onChanged`).
 */

const RESUME_ALARM = 'lockdown-resume';

let running: Promise<void> | null = null;
let starting: Promise<LockdownState | null> = Promise.resolve(null);
/** This background's copy of the history entries the own pass works through (./own-entries.ts), read once a lockdown. */
let ownCache: { startedAt: number; entries: Promise<OwnEntry[]> } | null = null;

export function registerLockdown(): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === RESUME_ALARM) void resumeLockdown();
  });
  browser.runtime.onStartup.addListener(() => void resumeLockdown());
  lockdownMessages.answer({
    'lockdown:start': ({ keepTokenForSession }) => startLockdown(keepTokenForSession === true),
    'lockdown:resume': async () => {
      void resumeLockdown();
      return lockdownState.getValue();
    },
    'lockdown:token': ({ answer }) => answerTokenStep(answer),
    'lockdown:dismiss': dismissReport,
  });
  // The background's first run: after a browser restart no alarm may be left, and a worker woken for
  // anything else must not leave a lockdown standing (one storage read when none is stored).
  void resumeLockdown();
}

/**
 * Starts a lockdown with the stored instance and token, or returns the one already running. None
 * where the organisation switched the lockdown off (the pages offer none then either).
 */
export function startLockdown(keepTokenForSession: boolean): Promise<LockdownState | null> {
  // One after another: two pages confirming at the same moment make one lockdown.
  starting = starting.then(async () => {
    const current = await readLockdownState();
    if (isRunning(current)) {
      void resumeLockdown();
      return current;
    }
    if ((await mirroredPolicy()).policy.lockdown === false) return null;
    const connection = await getConnection();
    const state = startState({
      baseUrl: connection?.baseUrl ?? '',
      withToken: Boolean(connection?.baseUrl && connection.token),
      keepTokenForSession,
      account: connection?.accountId ? { id: connection.accountId, name: connection.accountName ?? '' } : undefined,
      now: Date.now(),
    });
    await lockdownWork.setValue({ startedAt: state.startedAt, targets: [] });
    await lockdownState.setValue(state);
    void resumeLockdown();
    return state;
  });
  return starting;
}

/** Goes on with a stored lockdown that is not done; joins the run in this background if there is one. */
export function resumeLockdown(): Promise<void> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run(): Promise<void> {
  let state = await readLockdownState();
  if (!isRunning(state)) {
    if (state) await browser.alarms.clear(RESUME_ALARM);
    return;
  }
  await browser.alarms.create(RESUME_ALARM, { periodInMinutes: keepAliveMinutes() });
  let work = await readWork(state.startedAt);
  if (!work) {
    // A browser restart emptied the session memory: the Active list is read again from its first page.
    state = afterLostWork(state);
    work = { startedAt: state.startedAt, targets: [] };
    await lockdownWork.setValue(work);
    await lockdownState.setValue(state);
  }
  const pacer = spacedPacer(lockdownTiming.paceMs, { now: Date.now, sleep }, state.lastRequestAt);
  const deps: Omit<StepDeps, 'token'> = {
    fetch: pacedFetch(pacer, fetch),
    now: Date.now,
    wipe: wipeThisBrowser,
    ownEntries: cachedOwnEntries,
    retryBackoffMs: lockdownTiming.retryBackoffMs,
  };
  while (isRunning(state)) {
    const wait = state.notBefore - Date.now();
    // Stopped during the wait, the background is woken by the alarm and waits the rest.
    if (wait > 0) await sleep(wait);
    const stepped = await step(state, work, { ...deps, token: await tokenFor(state.baseUrl) });
    const lastAt = pacer.lastAt();
    state = lastAt === undefined ? stepped.state : { ...stepped.state, lastRequestAt: lastAt };
    // The targets first: the stored index must never point past them.
    if (stepped.work !== work) await lockdownWork.setValue(stepped.work);
    work = stepped.work;
    await lockdownState.setValue(state);
  }
  ownCache = null;
  await lockdownWork.removeValue();
  await browser.alarms.clear(RESUME_ALARM);
}

function cachedOwnEntries(state: LockdownState, listed: ReadonlySet<string>): Promise<OwnEntry[]> {
  if (ownCache?.startedAt !== state.startedAt) ownCache = { startedAt: state.startedAt, entries: ownEntries(state, listed) };
  return ownCache.entries;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The token stored for the lockdown's instance now; none when the instance setting changed meanwhile. */
async function tokenFor(baseUrl: string): Promise<string> {
  const connection = await getConnection();
  return connection && baseUrl && originOf(connection.baseUrl) === originOf(baseUrl) ? connection.token : '';
}

/** The person made a new token on the instance, or chose to do it later: only then is the lockdown done. */
async function answerTokenStep(answer: Exclude<TokenStep, 'pending'>): Promise<LockdownState | null> {
  const state = await readLockdownState();
  if (!state?.report?.token || (answer !== 'made' && answer !== 'later')) return state;
  const next = { ...state, report: { ...state.report, token: answer } };
  await lockdownState.setValue(next);
  return next;
}

async function dismissReport(): Promise<boolean> {
  const state = await readLockdownState();
  if (!state || isRunning(state) || (state.report && !isSettled(state.report))) return false;
  await lockdownState.removeValue();
  return true;
}
