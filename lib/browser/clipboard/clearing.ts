import { getClearClipboardAfterSeconds, type ClearClipboardSeconds } from '../../settings';
import { hasClipboardRead } from '../permissions';

/** Whether and when a copied secret is cleared from the clipboard in this browser. */
export interface Clearing {
  /** The time chosen on the settings page; 0 is Off. */
  seconds: ClearClipboardSeconds;
  /** Pushgate may read the clipboard, which clearing needs: without it nothing is cleared. */
  allowed: boolean;
}

export async function getClearing(): Promise<Clearing> {
  const [seconds, allowed] = await Promise.all([getClearClipboardAfterSeconds(), hasClipboardRead()]);
  return { seconds, allowed };
}

/** The delay to ask the background for: 0 (nothing is sent) when clearing is off or not allowed. */
export function clearingDelay({ seconds, allowed }: Clearing): number {
  return allowed ? seconds : 0;
}
