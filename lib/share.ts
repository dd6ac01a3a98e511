import { getCapabilities } from './capabilities';
import { recordPush } from './history';
import type { HttpError } from './http';
import { t } from './i18n';
import { createPush } from './pwpush/client';
import { explainPushError, type Explanation } from './pwpush/explain';
import type { Push, PushInput, PushKind } from './pwpush/types';
import { fail, ok, type Result } from './result';
import { getConnection, getPushDefaults } from './settings';

/** Why a push did not happen: no instance set up yet, or what the instance (or the network) said. */
export type ShareFailure = { kind: 'not-configured' } | HttpError;

/** What to push. Options left out take the saved defaults (options page). */
export interface ShareRequest extends Partial<Omit<PushInput, 'kind' | 'payload'>> {
  kind: PushKind;
  payload: string;
}

/** The created push and the instance it lives on (the history records both). */
export interface SharedPush {
  push: Push;
  baseUrl: string;
}

/**
 * The one use case "push this", used by the popup, the context menu and the keyboard command
 * alike. Fills absent options from the saved defaults, sends exactly one POST (the instance's
 * edition comes from the capabilities cache) and never stores the payload or the passphrase.
 */
export async function sharePush(
  request: ShareRequest,
  deps: { fetch?: typeof fetch } = {},
): Promise<Result<SharedPush, ShareFailure>> {
  const connection = await getConnection();
  if (!connection) return fail({ kind: 'not-configured' });
  const { baseUrl, token } = connection;

  const defaults = await getPushDefaults();
  const input: PushInput = {
    ...request,
    expireAfterDays: request.expireAfterDays ?? defaults.expireAfterDays,
    expireAfterViews: request.expireAfterViews ?? defaults.expireAfterViews,
    deletableByViewer: request.deletableByViewer ?? defaults.deletableByViewer,
    retrievalStep: request.retrievalStep ?? defaults.retrievalStep,
  };

  // Pro instances take `expire_after_duration` and OSS ones silently replace it by their default
  // (pwpush-api-v2 reference §11): guessing the edition could give a secret a longer life than asked, so an
  // instance whose edition is unknown gets no push either.
  const capabilities = await getCapabilities(baseUrl, { fetch: deps.fetch });
  if (!capabilities.ok) return fail(capabilities.error);

  const created = await createPush({ baseUrl, token, fetch: deps.fetch }, input, capabilities.value.edition);
  if (!created.ok) {
    // 422 `{kind: ["URL pushes are disabled."]}`: the instance turned that kind off since the
    // cache was filled. Refresh it so the popup stops offering the kind.
    if (created.error.kind === 'validation' && created.error.fields?.kind) {
      await getCapabilities(baseUrl, { refresh: true, fetch: deps.fetch });
    }
    return fail(created.error);
  }
  // The history keeps the link, never the payload or passphrase. `recordPush` never rejects and
  // gives up after a short wait, so full or disabled storage costs the history entry, not the link.
  await recordPush(baseUrl, created.value, { kind: input.kind, passphraseProtected: Boolean(input.passphrase) });
  return ok({ push: created.value, baseUrl });
}

/** Puts a share failure into words; "not set up yet" points to the options page. */
export function explainShareFailure(failure: ShareFailure): Explanation {
  if (failure.kind === 'not-configured') return { message: t('shareNotConfigured'), next: 'open-options' };
  return explainPushError(failure);
}

/** Whether a URL may be pushed as a URL push: the instance only accepts http and https (pwpush-api-v2 reference §4.2). */
export function isWebUrl(text: string | undefined): text is string {
  if (!text) return false;
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
