import { useEffect, useState } from 'preact/hooks';
import { hasClipboardRead, requestClipboardRead } from '@/lib/browser/permissions';

/** `missing`: never asked, or the browser would not ask; `declined`: the person said no to the prompt. */
export type ClipboardReadState = 'checking' | 'held' | 'missing' | 'asking' | 'declined';

export interface ClipboardReadPermission {
  state: ClipboardReadState;
  /** Shows the browser's prompt. Call it straight from a click or change handler (lib/browser/permissions.ts). */
  ask: () => void;
}

/** Whether Pushgate may read the clipboard, which clearing copied secrets needs, and a way to ask for it. */
export function useClipboardReadPermission(): ClipboardReadPermission {
  const [state, setState] = useState<ClipboardReadState>('checking');

  useEffect(() => {
    let live = true;
    void hasClipboardRead().then((held) => {
      if (live) setState((current) => (current === 'checking' ? (held ? 'held' : 'missing') : current));
    });
    return () => {
      live = false;
    };
  }, []);

  function ask(): void {
    let answer: Promise<boolean>;
    try {
      answer = requestClipboardRead();
    } catch {
      return;
    }
    setState('asking');
    answer.then(
      (granted) => setState(granted ? 'held' : 'declined'),
      // The browser refused to show the prompt (no user gesture it recognised): nothing was declined.
      async () => setState((await hasClipboardRead()) ? 'held' : 'missing'),
    );
  }

  return { state, ask };
}
