import { browser } from 'wxt/browser';
import { keepAliveMinutes } from '../browser/clipboard/clear-timing';
import { getConnection } from '../settings';
import { originOf } from '../url';
import { step } from './machine';
import { lockdownMessages } from './messages';
import { startState, type LockdownState } from './state';
import { isRunning, lockdownState } from './store';
import { lockdownTiming } from './timing';
import { wipeThisBrowser } from './wipe';

/**
 * The lockdown runs in the background, so closing the page that started it does not stop it. Its
 * state is stored after every step: Chrome stops an idle service worker (and a long Retry-After is
 * idle time), and Firefox unloads an idle event page, so an alarm wakes the background while a
 * lockdown runs and it goes on from the stored step; the browser's start does the same. A second
 * start while one runs joins it. Pages follow the stored state (`storage.onChanged`).
 */

const RESUME_ALARM = 'lockdown-resume';

let running: Promise<void> | null = null;
let starting: Promise<LockdownState | null> = Promise.resolve(null);

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
    'lockdown:dismiss': dismissReport,
  });
}

/** Starts a lockdown with the stored instance and token, or returns the one already running. */
export function startLockdown(keepTokenForSession: boolean): Promise<LockdownState | null> {
  // One after another: two pages confirming at the same moment make one lockdown.
  starting = starting.then(async () => {
    const current = await lockdownState.getValue();
    if (isRunning(current)) {
      void resumeLockdown();
      return current;
    }
    const connection = await getConnection();
    const state = startState({
      baseUrl: connection?.baseUrl ?? '',
      withToken: Boolean(connection?.baseUrl && connection.token),
      keepTokenForSession,
      account: connection?.accountId ? { id: connection.accountId, name: connection.accountName ?? '' } : undefined,
      now: Date.now(),
    });
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
  let state = await lockdownState.getValue();
  if (!isRunning(state)) {
    await browser.alarms.clear(RESUME_ALARM);
    return;
  }
  await browser.alarms.create(RESUME_ALARM, { periodInMinutes: keepAliveMinutes() });
  while (isRunning(state)) {
    const wait = state.notBefore - Date.now();
    // Stopped during the wait, the background is woken by the alarm and waits the rest.
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    state = await step(state, {
      token: await tokenFor(state.baseUrl),
      now: Date.now,
      wipe: wipeThisBrowser,
      paceMs: lockdownTiming.paceMs,
      retryBackoffMs: lockdownTiming.retryBackoffMs,
    });
    await lockdownState.setValue(state);
  }
  await browser.alarms.clear(RESUME_ALARM);
}

/** The token stored for the lockdown's instance now; none when the instance setting changed meanwhile. */
async function tokenFor(baseUrl: string): Promise<string> {
  const connection = await getConnection();
  return connection && baseUrl && originOf(connection.baseUrl) === originOf(baseUrl) ? connection.token : '';
}

async function dismissReport(): Promise<boolean> {
  const state = await lockdownState.getValue();
  if (!state || isRunning(state)) return false;
  await lockdownState.removeValue();
  return true;
}
