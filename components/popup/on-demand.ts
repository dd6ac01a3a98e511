import { lazyModule } from '@/lib/lazy-module';
import { preconnect } from '@/lib/browser/preconnect';
import { preparePushRelay } from '@/lib/share/relay';

/**
 * Code the popup does not need to open, each a chunk of its own: the push code (with Preact and
 * the link view) loads on the first sign that the person means to push, an edit of the form or
 * the pointer or focus on "Push", so a click rarely waits for it; "Open a secret link" loads its
 * view on its click.
 */
export const pushCode = lazyModule(() => import('./push-code'));
export const receiveCode = lazyModule(() => import('./receive-view-slot'));

/**
 * Gets a push ready on a sign of intent: loads its code (a failed load shows, and is retried,
 * when "Push" is clicked), opens the connection to the instance (no request is sent) and the
 * port to the background that makes the push (lib/share/relay.ts).
 */
export function preparePush(instanceUrl: string): void {
  pushCode.load().catch(() => undefined);
  preconnect(instanceUrl);
  preparePushRelay();
}
