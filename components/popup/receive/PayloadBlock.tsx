import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { secretCopyHint } from '@/lib/browser/clipboard/clear-label';
import { clearCopyLater } from '@/lib/browser/clipboard/clear-relay';
import { clearingDelay, getClearing, type Clearing } from '@/lib/browser/clipboard/clearing';
import { isWebUrl } from '@/lib/url';
import { t } from '@/lib/i18n';
import { useFocusOnMount } from '../../use-focus-on-mount';
import { PayloadQrCode, QrToggle, type QrPushRef, useQrShown } from './PayloadQrCode';

interface PayloadBlockProps {
  payload: string;
  /**
   * The server marks URL pushes with `deletable_by_viewer: null`
   * (docs/password-pusher.md#push-json).
   */
  urlPush: boolean;
  /** Set when the push may be a QR push: it can be drawn as one above its text. */
  qrPush: QrPushRef | null;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The retrieved secret, exactly as sent: a read-only text box (whitespace and line breaks kept),
 * "Copy", and for a URL push "Open link". Nothing opens by itself: a link could go anywhere.
 */
export function PayloadBlock({ payload, urlPush, qrPush }: PayloadBlockProps) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  // Read when the secret is shown, not when the popup opens: its first paint reads nothing more.
  const [clearing, setClearing] = useState<Clearing | null>(null);
  useEffect(() => void getClearing().then(setClearing), []);
  const copyButton = useFocusOnMount<HTMLButtonElement>();
  const [qrShown, toggleQr] = useQrShown(qrPush);
  // Only http(s): a `javascript:` or `file:` "URL" pushed by someone must not be one click away.
  const openable = urlPush && isWebUrl(payload.trim()) ? payload.trim() : null;

  /**
   * Ctrl+C (or the context menu's Copy) in the text box: the part selected is what the clipboard
   * holds, and it is cleared the same way as a copy from the button. The browser copies the
   * selection after this handler, so the background is asked after the event, with the same text;
   * the browser may write it with other line ends and without its NUL characters, which the
   * clearer allows for (lib/browser/clipboard/same-text.ts).
   */
  function copiedFromBox(event: ClipboardEvent) {
    const box = event.currentTarget as HTMLTextAreaElement;
    const copied = box.value.slice(box.selectionStart, box.selectionEnd);
    if (urlPush || copied === '') return;
    void (async () => clearCopyLater(copied, clearingDelay(clearing ?? (await getClearing()))))();
  }

  async function copy() {
    setCopyState('idle');
    try {
      await navigator.clipboard.writeText(payload);
      setCopyState('copied');
      // A link is meant to be pasted, so it stays; a secret is cleared later by the background,
      // which outlives this popup. The popup copies itself: it has the focus, the background has none.
      if (!urlPush) void clearCopyLater(payload, clearingDelay(clearing ?? (await getClearing())));
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <div class="field">
      {qrShown && <PayloadQrCode payload={payload} />}
      <label for="receive-payload">{t('receiveSecretLabel')}</label>
      <textarea
        id="receive-payload"
        class="receive-payload"
        readOnly
        // Blink keeps a textarea's state in the session files for "Back" and session restore unless told not to.
        autocomplete="off"
        rows={Math.min(10, Math.max(2, payload.split('\n').length))}
        spellcheck={false}
        value={payload}
        onCopy={copiedFromBox}
      />
      <div class="row receive-actions">
        <button ref={copyButton} type="button" class="primary" aria-describedby="receive-copy-hint" onClick={() => void copy()}>
          {t('receiveCopy')}
        </button>
        {openable && (
          <button type="button" onClick={() => void browser.tabs.create({ url: openable })}>
            {t('receiveOpenLink')}
          </button>
        )}
        {qrPush && <QrToggle shown={qrShown} onToggle={toggleQr} />}
      </div>
      <p id="receive-copy-hint" class="hint">
        {t('receiveCopyHistoryHint')} {clearHint(urlPush, clearing)}
      </p>
      {urlPush && <p class="hint">{t('receiveUrlHint')}</p>}
      <p role="status" class="hint">
        {copyState === 'copied' && t('receiveCopied')}
        {copyState === 'failed' && t('receiveCopyFailed')}
      </p>
    </div>
  );
}

/** What happens to the copy: cleared after the chosen time, left (Off, or not allowed), or left because it is a link. */
function clearHint(urlPush: boolean, clearing: Clearing | null): string {
  return urlPush ? t('receiveCopyLinkNotCleared') : secretCopyHint(clearing);
}
