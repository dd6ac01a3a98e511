import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';

/**
 * The side panel's one polite live region, in the page from its first render. Screen readers
 * read a change inside a live region that already exists; a note that arrives with its own
 * role="status" is often not read at all. (An error note keeps role="alert" on itself: an alert
 * is read when it appears.)
 *
 * One panel per page, so the region is found through this module rather than a Preact context:
 * `createContext` would land in the chunk every page shares, the popup included.
 */
let showInRegion: ((update: (current: string) => string) => void) | null = null;

export function PanelAnnouncer() {
  const [message, setMessage] = useState('');
  useLayoutEffect(() => {
    showInRegion = setMessage;
    return () => {
      showInRegion = null;
    };
  }, []);
  return (
    <p class="visually-hidden" role="status">
      {message}
    </p>
  );
}

/**
 * Reads out politely what the element shows (its paragraphs, not its buttons) while `enabled`,
 * again whenever that text changes.
 */
export function useAnnouncedText(element: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !element.current || !showInRegion) return undefined;
    const paragraphs = [...element.current.querySelectorAll('p')].map((paragraph) => paragraph.textContent?.trim());
    const text = paragraphs.filter(Boolean).join(' ');
    const show = showInRegion;
    show(() => text);
    return () => show((current) => (current === text ? '' : current));
  });
}

/** Reads out one sentence politely, once: what an action did ("Watch set."). */
export function announce(text: string): void {
  showInRegion?.(() => text);
}
