import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { pushTime } from '@/lib/history/push-label';
import { instancePauses, pausedUntil } from '@/lib/pace/pause';
import type { Explanation } from '@/lib/share/explain';
import { hostOf } from '@/lib/url';
import { FailureNote } from '../FailureNote';

/** Until when the page's instance is paused by a 429 (lib/pace/pause.ts); 0 when it is not. */
export const PauseContext = createContext(0);

/** Follows the pauses the background notes, and ends this one when its time has come. */
export function useInstancePause(baseUrl: string | undefined): number {
  const [pauses, setPauses] = useState<Record<string, number>>({});
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!baseUrl) return;
    void instancePauses.getValue().then(setPauses);
    return instancePauses.watch(setPauses);
  }, [baseUrl]);
  const until = baseUrl ? pausedUntil(pauses, baseUrl, now) : 0;
  // Armed again after each tick: a timer may fire a moment before the clock reaches `until`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` is the tick that re-arms it
  useEffect(() => {
    if (!until) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, until - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [until, now]);
  return until;
}

/**
 * A 429 said once for the whole page: every job asking the instance (the lists, the state check,
 * Search all pages, the receipts, the lockdown) waits until the same time, so the notes of those
 * that met it stand down while this shows (`JobFailureNote`, components/pushes/receipts/ReceiptsNote.tsx).
 */
export function PauseNote({ baseUrl }: { baseUrl: string }) {
  const until = useContext(PauseContext);
  if (!until) return null;
  return (
    <p class="note warn instance-paused" role="status">
      {t('pushesInstancePaused', hostOf(baseUrl), pushTime(until))}
    </p>
  );
}

/** A job's failure, unless it is the 429 the page's pause note already says. */
export function JobFailureNote({ explanation }: { explanation: Explanation }) {
  const paused = useContext(PauseContext) > 0;
  if (paused && explanation.next === 'wait') return null;
  return <FailureNote explanation={explanation} />;
}
