import type { ShareFailure } from '@/lib/share/share-failure';
import type { EarlierTry, ShareRequest } from '@/lib/share/share-request';

/*
 * The popup's memory of a try whose push may exist, so that pushing the same again looks for it
 * first instead of making a second push (docs/exactly-once.md).
 */

/** A try whose push may exist, with the exact request it sent (in this page's memory only, like the form). */
export interface OpenTry extends EarlierTry {
  request: ShareRequest;
  /** The person said to push again anyway (no token to look with). */
  confirmed: boolean;
}

/** The try left open by `failure`: its push may exist. Null when it is known to have made none. */
export function openTryAfter(
  failure: ShareFailure,
  request: ShareRequest,
  attempt: EarlierTry,
  earlier: EarlierTry | undefined,
  open: OpenTry | null,
): OpenTry | null {
  if (failure.kind === 'no-background') return open;
  // A refused link's push exists: pushing the same again looks for it (or asks) like an unknown outcome.
  const unknown =
    failure.kind === 'maybe-created' ||
    failure.kind === 'interrupted' ||
    failure.kind === 'link-refused' ||
    (failure.kind === 'cancelled' && failure.looked !== 'not-found');
  if (!unknown) return null;
  const startedAt = failure.attemptId === earlier?.attemptId ? earlier.startedAt : attempt.startedAt;
  return { attemptId: failure.attemptId, startedAt, request, confirmed: false };
}

/** The same push as before: every field, the secret and the passphrase, the very same files. */
export function sameRequest(a: ShareRequest, b: ShareRequest): boolean {
  const keys: (keyof ShareRequest)[] = [
    'kind',
    'payload',
    'passphrase',
    'name',
    'note',
    'expireAfterDays',
    'expireAfterViews',
    'deletableByViewer',
    'retrievalStep',
    'recipientLocale',
    'emailTo',
    'emailLocale',
  ];
  const files = (request: ShareRequest) => request.files ?? [];
  return (
    keys.every((key) => a[key] === b[key]) &&
    files(a).length === files(b).length &&
    files(a).every((file, index) => file === files(b)[index])
  );
}
