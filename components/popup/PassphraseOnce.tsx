import { useEffect, useState } from 'preact/hooks';
import { secretCopyHint } from '@/lib/browser/clipboard/clear-label';
import { clearCopyLater } from '@/lib/browser/clipboard/clear-relay';
import { clearingDelay, getClearing, type Clearing } from '@/lib/browser/clipboard/clearing';
import { t } from '@/lib/i18n';

interface PassphraseOnceProps {
  /** The passphrase the push was made with: held in this view's memory only, never stored. */
  passphrase: string;
  /** Shown or copied: the person has it, and "Push another" need not ask. */
  onSeen: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The push's passphrase, once, beside its link: masked, with Show and Copy. A generated passphrase
 * exists nowhere else, so this is the person's last chance to take it; the popup keeps it only
 * while the link view is open. A copy is a secret copy, cleared from the clipboard like one.
 */
export function PassphraseOnce({ passphrase, onSeen }: PassphraseOnceProps) {
  const [shown, setShown] = useState(false);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const [clearing, setClearing] = useState<Clearing | null>(null);
  useEffect(() => void getClearing().then(setClearing), []);

  async function copy() {
    setCopyState('idle');
    try {
      await navigator.clipboard.writeText(passphrase);
      setCopyState('copied');
      onSeen();
      // The background outlives this popup and clears the copy after the chosen time.
      void clearCopyLater(passphrase, clearingDelay(clearing ?? (await getClearing())));
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <div class="passphrase-once">
      <p class="passphrase-once-label" id="passphrase-once-label">
        {t('linkPassphraseLabel')}
      </p>
      {shown ? (
        <p class="passphrase-once-value">
          <bdi>{passphrase}</bdi>
        </p>
      ) : (
        <p class="passphrase-once-value masked">
          <span aria-hidden="true">{'•'.repeat(Math.min(passphrase.length, 16))}</span>
          <span class="visually-hidden">{t('linkPassphraseMasked')}</span>
        </p>
      )}
      <div class="row">
        <button
          type="button"
          onClick={() => {
            setShown(!shown);
            onSeen();
          }}
        >
          {t(shown ? 'popupHidePassphrase' : 'popupShowPassphrase')}
        </button>
        <button type="button" aria-describedby="passphrase-once-hint" onClick={() => void copy()}>
          {t('linkPassphraseCopy')}
        </button>
      </div>
      <p id="passphrase-once-hint" class="note warn">
        {t('linkPassphraseOnce')} {secretCopyHint(clearing)}
      </p>
      <p role="status" class="hint">
        {copyState === 'copied' && t('linkPassphraseCopied')}
        {copyState === 'failed' && t('linkCopyFailed')}
      </p>
    </div>
  );
}
