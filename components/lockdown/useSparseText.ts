import { useEffect, useRef, useState } from 'preact/hooks';

/** A screen reader hears the progress at most this often: every step of a lockdown would be a stream of words. */
const ANNOUNCE_EVERY_MS = 5_000;

/** `text` as it was at most `ANNOUNCE_EVERY_MS` ago, for a polite live region that is not flooded. */
export function useSparseText(text: string): string {
  const [shown, setShown] = useState(text);
  const last = useRef(0);
  useEffect(() => {
    const wait = last.current + ANNOUNCE_EVERY_MS - Date.now();
    const timer = setTimeout(
      () => {
        last.current = Date.now();
        setShown(text);
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [text]);
  return shown;
}
