import { getClearClipboardAfterSeconds, getClearCopiedLinks, type ClearClipboardSeconds } from '../../settings';
import { hasClipboardRead } from '../permissions';

/** Whether and when a copied secret is cleared from the clipboard in this browser. */
export interface Clearing {
  /** The time chosen on the settings page; 0 is Off. */
  seconds: ClearClipboardSeconds;
  /** Pushgate may read the clipboard, which clearing needs: without it nothing is cleared. */
  allowed: boolean;
  /** Copied links of pushes without a passphrase are cleared too (lib/settings/privacy.ts). */
  links: boolean;
}

export async function getClearing(): Promise<Clearing> {
  const [seconds, allowed, links] = await Promise.all([getClearClipboardAfterSeconds(), hasClipboardRead(), getClearCopiedLinks()]);
  return { seconds, allowed, links };
}

/** The delay to ask the background for: 0 (nothing is sent) when clearing is off or not allowed. */
export function clearingDelay({ seconds, allowed }: Clearing): number {
  return allowed ? seconds : 0;
}

/**
 * The delay for a copied link of a push. Without a passphrase the link is all it takes to open the
 * secret, so it is cleared like one (unless the person turned that off); with one, the link is
 * not the secret (the passphrase is) and stays. `passphrase` unknown (a push this browser did not
 * make): cleared, as a link without a passphrase would be.
 */
export function linkClearingDelay(clearing: Clearing, passphrase: boolean | undefined): number {
  return clearing.links && passphrase !== true ? clearingDelay(clearing) : 0;
}
