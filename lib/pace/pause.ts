import { storage } from '../settings/storage-item';
import { originOf } from '../url';

/**
 * The instances a 429 paused (lib/pace/pacer.ts `throttled`), by origin: until when (ms) every job
 * asking them waits. The background writes it when a pause begins, so a page says so once, in one
 * place, rather than in each job that waits (components/pushes/PauseNote.tsx). In storage.session: a
 * pause means nothing after the browser closes.
 */
export const instancePauses = /* @__PURE__ */ storage.defineItem<Record<string, number>>('session:instancePauses', { fallback: {} });

/** Notes that `baseUrl`'s instance is paused until `until`; pauses already over are dropped. */
export async function notePause(baseUrl: string, until: number, now = Date.now()): Promise<void> {
  const current = await instancePauses.getValue();
  const next: Record<string, number> = {};
  for (const [origin, at] of Object.entries(current)) if (at > now) next[origin] = at;
  next[originOf(baseUrl)] = Math.max(next[originOf(baseUrl)] ?? 0, until);
  await instancePauses.setValue(next);
}

/** Until when `baseUrl`'s instance is paused, or 0 when it is not (any more) at `now`. */
export function pausedUntil(pauses: Record<string, number>, baseUrl: string, now = Date.now()): number {
  const until = pauses[originOf(baseUrl)] ?? 0;
  return until > now ? until : 0;
}
