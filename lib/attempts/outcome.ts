import type { HttpError } from '../http';

/**
 * Whether a create that failed may still have made the push. Password Pusher saves the push before
 * it answers (docs/password-pusher.md#create), so a request that went out and got no usable answer
 * (the connection dropped, the time limit passed, the answer was cut off or garbled, a proxy's 5xx
 * after the instance saved it) may have made one; a 3xx or a 4xx says the instance did not.
 * An error kind this does not know counts as a refusal.
 */
export function mayHaveMade(error: HttpError): boolean {
  switch (error.kind) {
    case 'network':
    case 'timeout':
    case 'server':
      return true;
    case 'unexpected':
      // A 2xx the client could not read (HTML, bad JSON, wrong shape, cut short), or no status at all.
      return (
        error.detail !== 'first-run' &&
        error.detail !== 'untrusted-link' &&
        (error.status === undefined || (error.status >= 200 && error.status < 300))
      );
    default:
      return false;
  }
}
