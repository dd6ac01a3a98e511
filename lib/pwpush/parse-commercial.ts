import { count, flag, guarded, isObject, malformed, object, pageOf, text, textOrNull, urlTokenOf, withUrlTokens } from './parse';
import type { Account, PushResult, RequestAnswer, SecretRequest } from './types';

/**
 * The commercial edition's answers (docs/password-pusher.md#commercial-edition), read as ./parse.ts
 * reads the pushes: only what cannot be done without is required, records are rebuilt field by field.
 */

/**
 * `GET /accounts`: a bare array (what the official extension reads) or `{"accounts": [...]}` (what
 * pwpush-cli also reads). An item without an id is left out, as both clients do.
 */
export function parseAccounts(body: unknown, status?: number): PushResult<Account[]> {
  return guarded(() => {
    const items = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.accounts) ? body.accounts : null;
    if (!items) return malformed();
    return pageOf(items).flatMap((value): Account[] => {
      if (!isObject(value)) return [];
      const id =
        typeof value.id === 'number' && Number.isFinite(value.id) ? String(value.id) : typeof value.id === 'string' ? value.id.trim() : '';
      if (!id) return [];
      return [{ id, name: text(value.name).trim() || id, role: text(value.role) }];
    });
  }, status);
}

function answerFrom(value: unknown): RequestAnswer {
  const raw = object(value);
  return {
    urlToken: urlTokenOf(raw),
    htmlUrl: text(raw.html_url),
    createdAt: text(raw.created_at),
    expired: flag(raw.expired),
  };
}

function requestFrom(value: unknown): SecretRequest {
  const raw = object(value);
  const responses = raw.responses ?? [];
  if (!Array.isArray(responses)) return malformed();
  return {
    urlToken: urlTokenOf(raw),
    htmlUrl: text(raw.html_url),
    text: text(raw.request),
    name: text(raw.name),
    note: text(raw.note),
    expired: flag(raw.expired),
    expiredOn: textOrNull(raw.expired_on),
    createdAt: text(raw.created_at),
    expireAfterDays: count(raw.expire_after_days),
    daysRemaining: count(raw.days_remaining),
    expireAfterViews: count(raw.expire_after_views),
    viewsRemaining: count(raw.views_remaining),
    answers: withUrlTokens(pageOf(responses)).map(answerFrom),
  };
}

/** A request from create (201), show or close. */
export function parseSecretRequest(body: unknown, status?: number): PushResult<SecretRequest> {
  return guarded(() => requestFrom(body), status);
}

/** The bare array of `GET /requests`, at most a page of 50. */
export function parseRequestList(body: unknown, status?: number): PushResult<SecretRequest[]> {
  return guarded(() => withUrlTokens(pageOf(body)).map(requestFrom), status);
}
