import { useEffect, useRef, useState } from 'preact/hooks';
import { lockdownMessages } from '@/lib/lockdown/messages';
import type { LockdownState, TokenStep } from '@/lib/lockdown/state';
import { isRunning, lockdownState } from '@/lib/lockdown/store';
import { writePaintSnapshot } from '@/lib/wait-times/snapshot';

export interface LockdownControl {
  /** undefined while it is read; null when none ran (or its report was closed). */
  state: LockdownState | null | undefined;
  start(keepTokenForSession: boolean): Promise<void>;
  /** The person's answer to the token step. */
  answerToken(answer: Exclude<TokenStep, 'pending'>): Promise<void>;
  dismiss(): Promise<void>;
}

/**
 * The lockdown as the background stores it, followed live: a page opened (or reopened) midway
 * shows where it is. A lockdown found not done is handed to the background again, in case its
 * worker was stopped and no alarm came yet.
 */
export function useLockdown(onFinished?: () => void): LockdownControl {
  const [state, setState] = useState<LockdownState | null | undefined>(undefined);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    let live = true;
    const unwatch = lockdownState.watch((value, old) => {
      setState(value);
      // Seen ending here: the lists this page shows are out of date.
      if (value?.phase === 'done' && isRunning(old)) finished.current?.();
    });
    void lockdownState.getValue().then((value) => {
      if (!live) return;
      setState(value);
      if (isRunning(value)) void lockdownMessages.send('lockdown:resume', {}).catch(() => undefined);
    });
    return () => {
      live = false;
      unwatch();
    };
  }, []);

  const done = state?.phase === 'done';
  useEffect(() => {
    // The side panel's first-paint copy (recent airports, My flight) is in this origin's
    // localStorage, which Chrome's service worker cannot reach (lib/lockdown/wipe.ts).
    if (done && import.meta.env.PUSHGATE_AIRPORT) writePaintSnapshot(null);
  }, [done]);

  return {
    state,
    async start(keepTokenForSession) {
      if (import.meta.env.PUSHGATE_AIRPORT) writePaintSnapshot(null);
      const started = await lockdownMessages.send('lockdown:start', { keepTokenForSession }).catch(() => null);
      if (started) setState(started);
    },
    async answerToken(answer) {
      const next = await lockdownMessages.send('lockdown:token', { answer }).catch(() => null);
      if (next) setState(next);
    },
    async dismiss() {
      await lockdownMessages.send('lockdown:dismiss', {}).catch(() => false);
      setState(null);
    },
  };
}
