import { useEffect, useState } from 'preact/hooks';
import { listAttempts } from '@/lib/attempts/attempts';
import { rowFromPush, sameInstance, type PushRow } from '@/lib/push-lists/rows';
import type { Explanation } from '@/lib/share/explain';
import { forgetAttemptInBackground, reviewAttempts } from '@/lib/attempts/review';
import { findCandidates } from '@/lib/attempts/candidates';
import { explainPushesError } from '../../lib/push-lists/explain';
import type { Connection } from '../../lib/push-lists/loaders';
import type { PushAttempt } from '@/lib/records';

/** What "Look again" found for one try. */
export type Look = { name: 'looking' } | { name: 'found'; rows: PushRow[] } | { name: 'failed'; explanation: Explanation };

/**
 * The tries whose push may exist (lib/attempts/attempts.ts), for the top of the Pushes page: the
 * background sweeps those a stopped worker left `sending` before they are listed. "Look again"
 * lists the pushes that may be a try's (lib/attempts/candidates.ts); nothing is claimed or copied.
 */
export function useAttempts(connection: Connection | null | undefined) {
  const [attempts, setAttempts] = useState<PushAttempt[]>([]);
  const [looks, setLooks] = useState<Record<string, Look>>({});

  async function load() {
    // Without a background to sweep them, they are still listed as they are.
    const reviewed = await reviewAttempts().catch(() => listAttempts());
    setAttempts(reviewed.ok ? reviewed.value : []);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page opens; `load` is a new function each render
  useEffect(() => {
    void load();
  }, []);

  /** "Look again" is offered for tries on the configured instance, with its token. */
  const canLook = (attempt: PushAttempt) => !!connection?.token && sameInstance(connection.baseUrl, attempt.baseUrl);

  async function lookAgain(attempt: PushAttempt) {
    if (!connection || !canLook(attempt)) return;
    const show = (look: Look) => setLooks((previous) => ({ ...previous, [attempt.id]: look }));
    show({ name: 'looking' });
    const found = await findCandidates(attempt, connection);
    if (!found.ok) return show({ name: 'failed', explanation: explainPushesError(found.error, 'list', true) });
    show({ name: 'found', rows: found.value.map((push) => rowFromPush(attempt.baseUrl, push)) });
  }

  async function forget(attempt: PushAttempt) {
    await forgetAttemptInBackground(attempt.id).catch(() => undefined);
    await load();
  }

  return { attempts, looks, canLook, lookAgain, forget };
}
