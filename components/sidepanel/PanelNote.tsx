import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { useAnnouncedText } from './PanelAnnouncer';

export interface PanelNoteProps {
  /** `info`: a calm state; `warn`: passing trouble (both read out politely); `error`: the person has to act (an alert). */
  tone: 'info' | 'warn' | 'error';
  message: string;
  /** Offer the button that opens the options page (key, address, access). */
  openOptions?: boolean;
  children?: ComponentChildren;
}

/** A state of the panel in words, with the one action that helps when there is one. */
export function PanelNote({ tone, message, openOptions = false, children }: PanelNoteProps) {
  const note = useRef<HTMLDivElement>(null);
  useAnnouncedText(note, tone !== 'error');
  return (
    <div ref={note} class={`note ${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <p>{message}</p>
      {children}
      {openOptions && (
        <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
          {t('failureOpenOptions')}
        </button>
      )}
    </div>
  );
}
