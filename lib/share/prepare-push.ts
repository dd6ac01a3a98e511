import type { AttemptBook } from '../attempts/book';
import { localAttemptBook } from '../attempts/local-book';
import type { Pacer } from '../pace/pacer';
import { countedPace, paceOf } from '../pace/request-pace';
import type { Edition } from '../pwpush/client';
import { emailFieldsFor } from '../pwpush/notify-emails';
import type { ClientConfig, PushInput } from '../pwpush/types';
import { fail, ok, type Result } from '../result';
import { getConnection, getPushDefaults, limitsOf, NO_LIMITS, withinLimits } from '../settings';
import { mirroredPolicy } from '../settings/policy-mirror';
import { getCapabilities } from './capabilities';
import type { ShareFailure } from './share-failure';
import type { KnownSettings, ShareRequest } from './share-request';

/** Where a push reads its settings and sends its requests; tests hand in their own. */
export interface PrepareDeps {
  fetch?: typeof fetch;
  /**
   * The instance's pacer (lib/pace/): the push itself is only counted against it and never waits
   * (docs/performance.md, rule 23); the looks for the push wait their turn as the person's action.
   */
  paceFor?: (baseUrl: string) => Pacer;
  /** Where the attempt is kept: the background's own book unless a test hands in another (lib/attempts/book.ts). */
  book?: AttemptBook;
  /** Settings the caller holds; without them the connection, defaults and capabilities are read from storage. */
  known?: KnownSettings;
}

export interface Prepared {
  baseUrl: string;
  token: string;
  input: PushInput;
  edition: Edition;
  cfg: ClientConfig;
  /** The push's own place in the instance's pace: counted, never waiting. */
  counted?: ClientConfig['pace'];
  book: AttemptBook;
  /** The recipient's language for the link handed out, `''` for none. */
  locale: string;
}

/** The connection, the request with the saved defaults filled in, and the instance's edition. */
export async function preparePush(request: ShareRequest, deps: PrepareDeps): Promise<Result<Prepared, ShareFailure>> {
  const { known } = deps;
  // Read in parallel, not one after another: every storage read is a round trip to the browser.
  const [connection, defaults] = known ? [known.connection, known.defaults] : await Promise.all([getConnection(), getPushDefaults()]);
  if (!connection) return fail({ kind: 'not-configured' });
  const { baseUrl, token } = connection;
  const { recipientLocale, ...fields } = request;
  // The organisation's ceilings and forced retrieval step hold for every push, whatever asked for it.
  const limits = known?.limits !== undefined ? (known.limits ?? NO_LIMITS) : limitsOf((await mirroredPolicy()).policy);
  const input: PushInput = withinLimits(
    {
      ...fields,
      expireAfterDays: request.expireAfterDays ?? defaults.expireAfterDays,
      expireAfterViews: request.expireAfterViews ?? defaults.expireAfterViews,
      deletableByViewer: request.deletableByViewer ?? defaults.deletableByViewer,
      retrievalStep: request.retrievalStep ?? defaults.retrievalStep,
    },
    limits,
  );
  // Pro instances take `expire_after_duration` and OSS ones silently replace it by their default
  // (docs/password-pusher.md#commercial-edition): guessing the edition could give a secret a
  // longer life than asked, so an instance whose edition is unknown gets no push either. Its release
  // decides the e-mail fields, which each release drops unread when they are the other's.
  let edition = known?.edition;
  let version = known?.applicationVersion;
  if (edition === undefined || (input.emailTo && version === undefined)) {
    const capabilities = await getCapabilities(baseUrl, { fetch: deps.fetch });
    if (!capabilities.ok) return fail(capabilities.error);
    edition ??= capabilities.value.edition;
    version = capabilities.value.applicationVersion;
  }
  if (input.emailTo && version !== undefined) input.emailFields = emailFieldsFor(version);
  const pacer = deps.paceFor?.(baseUrl);
  const cfg: ClientConfig = { baseUrl, token, fetch: deps.fetch, ...(pacer && { pace: paceOf(pacer, 'person') }) };
  // The commercial edition's chosen account (docs/password-pusher.md#accounts): the push, and every look for it, is made there.
  if (typeof connection.accountId === 'string' && connection.accountId) cfg.accountId = connection.accountId;
  return ok({
    baseUrl,
    token,
    input,
    edition,
    cfg,
    ...(pacer && { counted: countedPace(pacer) }),
    book: deps.book ?? localAttemptBook,
    locale: recipientLocale ?? defaults.recipientLocale ?? '',
  });
}
