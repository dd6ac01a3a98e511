import type { HttpError } from '../http';
import { createRequest } from '../pwpush/requests';
import { checkSecretUrl } from '../pwpush/secret-url';
import type { ClientConfig, RequestInput, SecretRequest } from '../pwpush/types';
import { watchRequest } from '../receipts/request-watch';
import { fail, ok, type Result } from '../result';
import type { Connection, PushDefaults } from '../settings';

/**
 * "Request a secret" (docs/password-pusher.md#requests-request-a-secret): one request made in the
 * chosen account with the saved defaults for what the person left out, its link checked like a
 * push's before anything shows or copies it, and the request watched for its answers (lib/receipts/).
 */

export interface RequestAsked extends Partial<Omit<RequestInput, 'text'>> {
  text: string;
}

export interface RequestMade {
  request: SecretRequest;
  /** The link to send, as checked. */
  link: string;
  /** Watching it for answers failed (storage refused): no receipt will come for it. */
  notWatched?: true;
}

export async function requestSecret(
  asked: RequestAsked,
  known: { connection: Connection; defaults: Pick<PushDefaults, 'expireAfterDays' | 'retrievalStep' | 'deletableByViewer'> },
  fetchFn?: ClientConfig['fetch'],
): Promise<Result<RequestMade, HttpError>> {
  const { connection, defaults } = known;
  const cfg: ClientConfig = { baseUrl: connection.baseUrl, token: connection.token, fetch: fetchFn };
  if (connection.accountId) cfg.accountId = connection.accountId;
  const input: RequestInput = {
    ...asked,
    expireAfterDays: asked.expireAfterDays ?? defaults.expireAfterDays,
    retrievalStep: asked.retrievalStep ?? defaults.retrievalStep,
    deletableByViewer: asked.deletableByViewer ?? defaults.deletableByViewer,
  };
  const made = await createRequest(cfg, input);
  if (!made.ok) return made;
  // A hostile or broken instance could hand out a `javascript:` link or another host's (lib/pwpush/secret-url.ts).
  const link = checkSecretUrl(made.value.htmlUrl, connection.baseUrl);
  if (!link.ok) return fail(link.error);
  const request = { ...made.value, htmlUrl: link.value };
  try {
    await watchRequest(connection.baseUrl, request, connection.accountId);
  } catch {
    return ok({ request, link: link.value, notWatched: true });
  }
  return ok({ request, link: link.value });
}
