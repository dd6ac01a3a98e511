import { getClearing, linkClearingDelay } from './clearing';
import { clipboardMessages } from './messages';

/**
 * Clearing a copied secret from the clipboard later. The popup copies (it has the focus) but
 * closes the moment the person clicks elsewhere, so the background, which outlives it, takes
 * the secret over runtime messaging, in memory only, and clears it when the time is up
 * (`answerClipboardMessages` in lib/browser/clipboard/background-copy.ts, kept there so the popup loads none of it).
 */

/** Asks the background to clear `text` from the clipboard after `delaySeconds` (0: nothing is sent). */
export async function clearCopyLater(text: string, delaySeconds: number): Promise<boolean> {
  if (delaySeconds <= 0) return false;
  return clipboardMessages.send('clipboard:clear-later', { text, delaySeconds }).then(
    (answer) => answer?.scheduled === true,
    () => false,
  );
}

/**
 * A push's link was copied (the Pushes page): cleared later like a copied secret when the push has
 * no passphrase or this browser does not know (lib/browser/clipboard/clearing.ts).
 */
export async function clearCopiedLinkLater(url: string, hasPassphrase: boolean | undefined): Promise<boolean> {
  const clearing = await getClearing().catch(() => null);
  return clearing ? clearCopyLater(url, linkClearingDelay(clearing, hasPassphrase)) : false;
}
