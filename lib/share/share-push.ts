import { getCapabilities } from './capabilities';
import type { RecordDetails } from '../history/entries';
import { recordIfKept } from '../history/policy';
import type { HttpError } from '../http';
import { t } from '../i18n';
import { lookForLostPush } from './lost-push';
import { createPush, type Edition } from '../pwpush/client';
import { explainPushError, type Explanation } from './explain';
import { checkSecretUrl } from '../pwpush/secret-url';
import type { ClientConfig, Push, PushInput, PushKind, UploadOptions } from '../pwpush/types';
import { fail, ok, type Result } from '../result';
import { getConnection, getPushDefaults, type PushDefaults } from '../settings';

/**
 * Why a push did not happen: no instance set up yet, what the instance (or the network) said, or no
 * answer in time, so the push may exist (`checked`: a token let Pushgate look for it, in vain).
 */
export type ShareFailure =
  | { kind: 'not-configured' }
  | { kind: 'maybe-created'; checked: boolean }
  /** The popup handed the push to the background, which stopped before it answered (./relay.ts). */
  | { kind: 'interrupted' }
  /** The background did not take the push (./relay.ts): nothing was sent. */
  | { kind: 'no-background' }
  | HttpError;

/** What to push. Options left out take the saved defaults (options page). */
export interface ShareRequest extends Partial<Omit<PushInput, 'kind' | 'payload'>> {
  kind: PushKind;
  payload: string;
}

/** The created push and the instance it lives on (the history records both). */
export interface SharedPush {
  push: Push;
  baseUrl: string;
  /** The create got no answer in time and the push was found in the Active list instead. */
  recovered?: true;
}

/** What the caller read from storage already (the popup, when it opened): a push then reads nothing before its POST. */
export interface KnownSettings {
  connection: { baseUrl: string; token: string };
  defaults: PushDefaults;
  /** The instance's edition from the capabilities cache; when absent the cache is asked as usual. */
  edition?: Edition;
}

/** Keeps a push just made in the history; `recordIfKept` unless the caller hands the write on. */
export type RecordPush = (baseUrl: string, push: Push, details: RecordDetails) => unknown;

export interface ShareDeps {
  fetch?: typeof fetch;
  /** The popup passes `recordPushInBackground` (history-relay.ts); the background writes itself. */
  record?: RecordPush;
  /** Settings the caller holds; without them the connection, defaults and capabilities are read from storage. */
  known?: KnownSettings;
  /** File pushes from the popup: the person's "Cancel upload". */
  upload?: UploadOptions;
  /** The create's time limit; the client's default when absent. */
  timeoutMs?: number;
}

/**
 * The one use case "push this", used by the popup, the context menu and the keyboard command
 * alike. Fills absent options from the saved defaults, sends exactly one POST (the instance's
 * edition comes from the capabilities cache) and never stores the payload or the passphrase.
 */
export async function sharePush(request: ShareRequest, deps: ShareDeps = {}): Promise<Result<SharedPush, ShareFailure>> {
  const { known } = deps;
  // Read in parallel, not one after another: every storage read is a round trip to the browser.
  const [connection, defaults] = known ? [known.connection, known.defaults] : await Promise.all([getConnection(), getPushDefaults()]);
  if (!connection) return fail({ kind: 'not-configured' });
  const { baseUrl, token } = connection;

  const input: PushInput = {
    ...request,
    expireAfterDays: request.expireAfterDays ?? defaults.expireAfterDays,
    expireAfterViews: request.expireAfterViews ?? defaults.expireAfterViews,
    deletableByViewer: request.deletableByViewer ?? defaults.deletableByViewer,
    retrievalStep: request.retrievalStep ?? defaults.retrievalStep,
  };

  // Pro instances take `expire_after_duration` and OSS ones silently replace it by their default
  // (docs/password-pusher.md#commercial-edition): guessing the edition could give a secret a
  // longer life than asked, so an instance whose edition is unknown gets no push either.
  let edition = known?.edition;
  if (edition === undefined) {
    const capabilities = await getCapabilities(baseUrl, { fetch: deps.fetch });
    if (!capabilities.ok) return fail(capabilities.error);
    edition = capabilities.value.edition;
  }

  const upload = input.kind === 'file' ? deps.upload : undefined;
  const sentAt = Date.now();
  const cfg: ClientConfig = { baseUrl, token, fetch: deps.fetch };
  if (deps.timeoutMs !== undefined) cfg.timeoutMs = deps.timeoutMs;
  let created = await createPush(cfg, input, edition, upload);
  let recovered = false;
  if (!created.ok && created.error.kind === 'timeout') {
    // Sent, but no answer: the push may exist. Look for it rather than let a retry make a second one.
    if (!token) return fail({ kind: 'maybe-created', checked: false });
    const found = await lookForLostPush({ baseUrl, token, fetch: deps.fetch }, input, edition, sentAt);
    if (!found) return fail({ kind: 'maybe-created', checked: true });
    created = ok(found);
    recovered = true;
  }
  if (!created.ok) {
    // 422 `{kind: ["URL pushes are disabled."]}`: the instance turned that kind off since the
    // cache was filled. Refresh it so the popup stops offering the kind.
    if (created.error.kind === 'validation' && created.error.fields?.kind) {
      await getCapabilities(baseUrl, { refresh: true, fetch: deps.fetch });
    }
    return fail(created.error);
  }
  // The link is checked before anything shows, copies, opens, draws or records it: a hostile or
  // broken instance could hand out a `javascript:` link or a look-alike host (../pwpush/secret-url.ts).
  const link = checkSecretUrl(created.value.htmlUrl, baseUrl);
  if (!link.ok) return fail(link.error);
  const push: Push = { ...created.value, htmlUrl: link.value };
  // The history keeps the link, never the payload or passphrase. `recordIfKept` never rejects and
  // gives up after a short wait, so full or disabled storage costs the history entry, not the link.
  // Handed over (the popup) or written (the background) before the link is: a popup closes the moment
  // the person clicks elsewhere, often right after the link is copied.
  const record = deps.record ?? recordIfKept;
  await record(baseUrl, push, { kind: input.kind, passphraseProtected: Boolean(input.passphrase) });
  return ok(recovered ? { push, baseUrl, recovered } : { push, baseUrl });
}

/** Puts a share failure into words; "not set up yet" points to the options page. */
export function explainShareFailure(failure: ShareFailure): Explanation {
  if (failure.kind === 'not-configured') return { message: t('shareNotConfigured'), next: 'open-options' };
  if (failure.kind === 'interrupted') return { message: t('shareInterrupted'), next: 'none' };
  if (failure.kind === 'no-background') return { message: t('shareNoBackground'), next: 'retry' };
  if (failure.kind === 'maybe-created') {
    return failure.checked
      ? { message: t('shareMaybeCreatedNotFound'), next: 'none' }
      : { message: t('shareMaybeCreatedNoToken'), next: 'open-options' };
  }
  return explainPushError(failure);
}
