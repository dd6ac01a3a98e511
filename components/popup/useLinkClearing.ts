import { useEffect, useState } from 'preact/hooks';
import { clearClipboardLabel } from '@/lib/browser/clipboard/clear-label';
import { clearCopyLater } from '@/lib/browser/clipboard/clear-relay';
import { type Clearing, getClearing, linkClearingDelay } from '@/lib/browser/clipboard/clearing';
import { t } from '@/lib/i18n';

export interface LinkClearing {
  /** What the link view says about a copied link: null when it stays on the clipboard. */
  hint: string | null;
  /** The link was copied: the background clears it later when it is to be cleared. */
  copied: () => Promise<void>;
}

/**
 * A copied link of a push without a passphrase is all it takes to open the secret: it is cleared
 * from the clipboard like a copied secret (lib/browser/clipboard/clearing.ts decides when).
 */
export function useLinkClearing(url: string, hasPassphrase: boolean): LinkClearing {
  const [clearing, setClearing] = useState<Clearing | null>(null);
  useEffect(() => void getClearing().then(setClearing), []);
  const delay = clearing ? linkClearingDelay(clearing, hasPassphrase) : 0;
  return {
    hint: clearing && delay > 0 ? t('linkCopyClearedAfter', clearClipboardLabel(clearing.seconds)) : null,
    async copied() {
      // The automatic copy comes before the settings are read: it reads them itself.
      const now = clearing ?? (await getClearing().catch(() => null));
      if (now) await clearCopyLater(url, linkClearingDelay(now, hasPassphrase));
    },
  };
}
