import { useEffect, useState } from 'preact/hooks';

/** The current time, renewed every `stepMs`, so "3 min ago" and the stale mark keep up. */
export function useNow(stepMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}
