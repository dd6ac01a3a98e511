/**
 * Turns what a person types as "Instance URL" into the one origin Pushgate talks to and asks a
 * host permission for. Everything past the origin (path, query, fragment, credentials) is dropped:
 * the API lives at `<origin>/api/v2`, and a pasted push link or a `/users/token` address should
 * still give the right instance.
 */

export type InstanceUrlProblem =
  /** Nothing typed. */
  | 'empty'
  /** Not a URL at all, e.g. `https://exa mple` or `https://`. */
  | 'invalid'
  /** `http://` to anything but this computer: the API token and every secret would travel in clear text. */
  | 'insecure'
  /** Another scheme, e.g. `ftp:`, `file:`, `javascript:`. */
  | 'not-http'
  /** One word without a scheme, e.g. `pwpush`: far more often a half-typed name than a host on the local network. */
  | 'bare-word';

export type InstanceUrlResult =
  | { ok: true; origin: string }
  | { ok: false; reason: Exclude<InstanceUrlProblem, 'bare-word'> }
  /** `suggestion` is what was probably meant, e.g. `https://pwpush.com` for `pwpush`. */
  | { ok: false; reason: 'bare-word'; suggestion: string };

/**
 * Plain http is allowed only for a server on this computer (development, the reference server).
 * Only these two names: the manifest's optional host permissions list exactly them, so any other
 * loopback spelling could never be granted anyway.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Normalises typed input to an instance origin, e.g. `pwpush.example/p/abc` → `https://pwpush.example`.
 *
 * Without a scheme, `https://` is assumed, except for `localhost`/`127.0.0.1`, which get `http://`:
 * a server on this computer practically never has a certificate, and `localhost:5100` would
 * otherwise fail in a way that is hard to understand.
 */
export function normalizeInstanceUrl(input: string): InstanceUrlResult {
  const typed = input.trim();
  if (typed === '') return { ok: false, reason: 'empty' };

  const withScheme = addScheme(typed);
  if (withScheme === null) return { ok: false, reason: 'not-http' };

  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'not-http' };
  if (url.hostname === '') return { ok: false, reason: 'invalid' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, reason: 'insecure' };
  // `https://pwpush` typed out in full is a name on the local network, taken as meant; `pwpush`
  // alone is asked about rather than quietly turned into a host that does not exist.
  const schemeTyped = withScheme === typed;
  if (!schemeTyped && !url.hostname.includes('.') && !url.hostname.includes(':') && !isLoopbackHost(url.hostname)) {
    const port = url.port ? `:${url.port}` : '';
    return { ok: false, reason: 'bare-word', suggestion: `${url.protocol}//${url.hostname}.com${port}` };
  }
  // `origin` drops credentials, path, query, fragment and a default port, and lower-cases the host.
  return { ok: true, origin: url.origin };
}

function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** The input with a scheme; null when it already has one that is not a web scheme. */
function addScheme(typed: string): string | null {
  if (typed.startsWith('//')) return `https:${typed}`;
  const scheme = SCHEME.exec(typed);
  // `localhost:5100` looks like scheme `localhost:`; a port after the colon means it is a host.
  const hasScheme = scheme !== null && !/^[^:/?#]+:(?:\d+(?:[/?#]|$)|$)/.test(typed);
  if (hasScheme) return /^https?$/i.test(scheme[1] ?? '') ? typed : null;
  const host = typed.split(/[/:?#]/, 1)[0]?.toLowerCase() ?? '';
  return `${LOOPBACK_HOSTS.has(host) ? 'http' : 'https'}://${typed}`;
}
