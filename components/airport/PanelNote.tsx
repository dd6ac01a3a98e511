import type { ComponentChildren } from 'preact';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

export interface PanelNoteProps {
  /** `info`: a calm state; `warn`: passing trouble; `error`: the person has to act (announced at once). */
  tone: 'info' | 'warn' | 'error';
  message: string;
  /** Offer the button that opens the options page (key, address, access). */
  openOptions?: boolean;
  children?: ComponentChildren;
}

/** A state of the panel in words, with the one action that helps when there is one. */
export function PanelNote({ tone, message, openOptions = false, children }: PanelNoteProps) {
  return (
    <div class={`note ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
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
