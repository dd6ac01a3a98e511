import { lazyModule } from '@/lib/lazy-module';
import { preconnect } from '@/lib/preconnect';

/**
 * Code the popup does not need to open, each a chunk of its own. Loaded on the first sign that
 * the person means to push (an edit of the form, the pointer or focus on "Push") or to see the
 * options, so a click rarely waits for it.
 */
export const pushCode = lazyModule(() => import('./push-code'));
export const optionFields = lazyModule(() => import('./PushOptionFields'));

/**
 * Gets a push ready on a sign of intent: loads its code (a failed load shows, and is retried,
 * when "Push" is clicked) and opens the connection to the instance (no request is sent).
 */
export function preparePush(instanceUrl: string): void {
  pushCode.load().catch(() => undefined);
  optionFields.load().catch(() => undefined);
  preconnect(instanceUrl);
}
