import type { HttpError } from '../http';
import { isWebUrl, originOf } from '../url';
import type { ClientConfig } from './types';

/**
 * A fresh instance (no users yet) answers every API request with 302 → `/first_run`, and any
 * request carrying an `Authorization` header with an empty 401 first, since no token can match
 * (docs/password-pusher.md#first-run). Both get their own explanation ("finish the first-run
 * setup") instead of "redirect" or "token rejected".
 *
 * A browser's fetch shows a redirect as opaque (no Location), so the instance is asked once more,
 * for its `/first_run` page: carrying nothing (no header, no body, no cookie), following nothing,
 * and on the configured origin only, never on the redirect's target. That page answers 200 only
 * while the first run is pending; afterwards it redirects to `/`.
 */
export async function firstRunOr(cfg: ClientConfig, error: HttpError, sentToken: boolean): Promise<HttpError> {
  if (!isWebUrl(cfg.baseUrl)) return error;
  const origin = originOf(cfg.baseUrl);
  if (error.kind === 'redirect' && error.location !== undefined) {
    return pointsToFirstRun(error.location, origin) ? firstRun(error) : error;
  }
  // An empty 401 to a request with a token is also what a fresh instance answers.
  const mayBeFirstRun = error.kind === 'redirect' || (error.kind === 'unauthorized' && sentToken && !error.serverMessage);
  if (!mayBeFirstRun) return error;
  return (await firstRunPending(cfg, origin)) ? firstRun(error) : error;
}

function firstRun(error: HttpError): HttpError {
  const failure: HttpError = { kind: 'unexpected', detail: 'first-run' };
  if (error.status !== undefined) failure.status = error.status;
  return failure;
}

function pointsToFirstRun(location: string, origin: string): boolean {
  try {
    const url = new URL(location);
    return url.origin === origin && url.pathname.replace(/\/+$/, '').endsWith('/first_run');
  } catch {
    return false;
  }
}

async function firstRunPending(cfg: ClientConfig, origin: string): Promise<boolean> {
  const fetchFn = cfg.fetch ?? globalThis.fetch;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), cfg.timeoutMs ?? 10_000);
  try {
    const response = await fetchFn(`${base}/first_run`, {
      method: 'GET',
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      signal: controller.signal,
    });
    void response.body?.cancel().catch(() => undefined);
    return response.status === 200 && new URL(response.url || base, origin).origin === origin;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
