import { lazyModule } from '@/lib/lazy-module';
import { preconnect } from '@/lib/preconnect';

/**
 * Code the popup does not need to open, each a chunk of its own, loaded on the first sign that
 * the person means to use it, so a click rarely waits for it: the push code on an edit of the
 * form or the pointer or focus on "Push"; the option fields on the pointer or focus on "Options".
 * Not both on every edit: reading in the fields competed with a push made right after typing
 * (bench/results.md, click to link).
 */
export const pushCode = lazyModule(() => import('./push-code'));
export const optionFields = lazyModule(() => import('./PushOptionFields'));

/**
 * Gets a push ready on a sign of intent: loads its code (a failed load shows, and is retried,
 * when "Push" is clicked) and opens the connection to the instance (no request is sent).
 */
export function preparePush(instanceUrl: string): void {
  pushCode.load().catch(() => undefined);
  preconnect(instanceUrl);
}
