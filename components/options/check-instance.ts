import { getCapabilities } from '@/lib/share/capabilities';
import type { HttpError } from '@/lib/http';
import { t } from '@/lib/i18n';
import { activePushes } from '@/lib/pwpush/client';
import { explainPushError } from '@/lib/share/explain';
import type { VersionInfo } from '@/lib/pwpush/types';

export type TokenStatus =
  | { kind: 'none' }
  | { kind: 'accepted' }
  | { kind: 'rejected' }
  /** The check itself failed (network, 5xx …), so nothing is known about the token. */
  | { kind: 'unchecked'; error?: HttpError };

export type InstanceCheck =
  | { ok: true; origin: string; info: VersionInfo; token: TokenStatus; checkedAt: number }
  | { ok: false; origin: string; error: HttpError };

/**
 * Asks the instance what it offers and, when a token is given, whether it accepts it.
 * `/version` answers any token with 200, so the token is tried on the smallest request that
 * needs one: the first page of active pushes (200 vs 401, docs/password-pusher.md#auth-gate).
 */
export async function checkInstance(origin: string, token: string): Promise<InstanceCheck> {
  const capabilities = await getCapabilities(origin, { refresh: true });
  if (!capabilities.ok) return { ok: false, origin, error: capabilities.error };
  return { ok: true, origin, info: capabilities.value, token: await checkToken(origin, token), checkedAt: Date.now() };
}

async function checkToken(origin: string, token: string): Promise<TokenStatus> {
  if (!token) return { kind: 'none' };
  const answer = await activePushes({ baseUrl: origin, token }, 1);
  if (answer.ok) return { kind: 'accepted' };
  if (answer.error.kind === 'unauthorized') return { kind: 'rejected' };
  return { kind: 'unchecked', error: answer.error };
}

/**
 * What went wrong when checking an instance, said for the options page: what happened at which
 * address and what to do about it. Kinds that mean the same here as for a push use the shared wording.
 */
export function explainCheckFailure(origin: string, error: HttpError): string {
  switch (error.kind) {
    case 'network':
      return t('optionsCheckUnreachable', origin);
    case 'timeout':
      return t('optionsCheckTimeout', origin);
    case 'not-found':
      return t('optionsCheckNotFound', origin);
    case 'server':
      return t('optionsCheckServer', origin, error.status ?? 500);
    case 'too-large':
      return t('optionsCheckTooLarge', origin);
    default:
      if (error.detail === 'html') return t('optionsCheckHtml', origin);
      return explainPushError(error).message;
  }
}
