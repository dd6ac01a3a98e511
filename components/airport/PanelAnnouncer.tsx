import { createContext, type ComponentChildren, type RefObject } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';

/** Puts a message in the panel's live region; the returned function takes it back out. */
type Announce = (message: string) => () => void;

const AnnounceContext = createContext<Announce>(() => () => undefined);

/**
 * The side panel's one polite live region, in the page from its first render. Screen readers
 * read a change inside a live region that already exists; a note that arrives with its own
 * role="status" is often not read at all. (An error note keeps role="alert" on itself: an alert
 * is read when it appears.)
 */
export function PanelAnnouncer({ children }: { children: ComponentChildren }) {
  const [message, setMessage] = useState('');
  const announce = useMemo<Announce>(
    () => (next) => {
      setMessage(next);
      return () => setMessage((current) => (current === next ? '' : current));
    },
    [],
  );
  return (
    <AnnounceContext.Provider value={announce}>
      <p class="visually-hidden" role="status">
        {message}
      </p>
      {children}
    </AnnounceContext.Provider>
  );
}

/**
 * Reads out politely what the element shows (its paragraphs, not its buttons) while `enabled`,
 * again whenever that text changes.
 */
export function useAnnouncedText(element: RefObject<HTMLElement | null>, enabled: boolean): void {
  const announce = useContext(AnnounceContext);
  useEffect(() => {
    if (!enabled || !element.current) return undefined;
    const paragraphs = [...element.current.querySelectorAll('p')].map((paragraph) => paragraph.textContent?.trim());
    return announce(paragraphs.filter(Boolean).join(' '));
  });
}
